# The game's image: Debian's Python 3.11, the project installed in a virtual environment
# with its kernels compiled at build time (banluck warm), run as a user of its own.
#
#   podman build --format docker -t banluck .     (or: docker build -t banluck .)
#   podman run -p 8000:8000 -v banluck-data:/data banluck
#
# (the docker format keeps the health check; publish the port as 8000, or name the address
# people use with BANLUCK_PUBLIC_URL)
#
# Its settings are the command's options and the environment: BANLUCK_PUBLIC_URL (the
# address people reach it at, docs/HOSTING.md). compose.yaml runs it with PostgreSQL and
# Caddy.
FROM docker.io/library/debian:bookworm-slim AS build
# the certificates pip trusts (Debian's; behind a proxy that inspects TLS, its authority's
# bundle mounted into the build: podman build -v BUNDLE:/run/ca.crt:ro --build-arg
# PIP_CERT=/run/ca.crt .)
ARG PIP_CERT=/etc/ssl/certs/ca-certificates.crt
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      python3 python3-venv python3-dev gcc g++ libc6-dev ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /opt/banluck
COPY pyproject.toml README.md ./
COPY src ./src
RUN python3 -m venv /opt/banluck/venv \
 && /opt/banluck/venv/bin/pip install --no-cache-dir --disable-pip-version-check . \
 && /opt/banluck/venv/bin/banluck warm --quiet

FROM docker.io/library/debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      python3 ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --create-home --home-dir /data banluck
# the kernels' compiled code stays beside their sources, which the user may read and the
# just-in-time compiler must be able to write: the environment is the user's
COPY --from=build --chown=banluck:banluck /opt/banluck/venv /opt/banluck/venv
ENV PATH=/opt/banluck/venv/bin:$PATH PYTHONUNBUFFERED=1
USER banluck
WORKDIR /data
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD ["python3", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
CMD ["banluck", "serve", "--host", "0.0.0.0", "--port", "8000", "--db", "/data/banluck.sqlite3"]
