#!/bin/sh
# Writes .env for compose.yaml: the domain people reach the game at, the ports, and a
# database password made here. An existing .env is kept (its password with it).
#
#   deploy/init.sh cards.example.com                  a public domain (Let's Encrypt)
#   deploy/init.sh cards.home.arpa --internal-ca      a name on your own network
#   deploy/init.sh cards.example.com --https-port 8443
set -eu
cd "$(dirname "$0")/.."
if [ -e .env ]; then
  echo "deploy/init.sh: .env exists; keeping it (remove it to start again)" >&2
  exit 0
fi
domain=""
https_port=443
http_port=80
tls=""
while [ $# -gt 0 ]; do
  case "$1" in
    --internal-ca) tls="tls internal" ;;
    --https-port) https_port=$2; shift ;;
    --http-port) http_port=$2; shift ;;
    -*) echo "deploy/init.sh: unknown option $1" >&2; exit 2 ;;
    *) domain=$1 ;;
  esac
  shift
done
[ -n "$domain" ] || { echo "usage: deploy/init.sh DOMAIN [--internal-ca] [--https-port N]" >&2; exit 2; }
public="https://$domain"
[ "$https_port" = 443 ] || public="$public:$https_port"
password=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
umask 077
cat > .env <<END
DOMAIN=$domain
PUBLIC_URL=$public
HTTPS_PORT=$https_port
HTTP_PORT=$http_port
CADDY_TLS=$tls
POSTGRES_PASSWORD=$password
END
echo "deploy/init.sh: wrote .env for $public"
