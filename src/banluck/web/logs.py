"""The server's log as JSON lines (``banluck serve --log-json``), one object a line on
stderr with ``time``, ``level``, ``logger`` and ``message`` (and uvicorn's access lines the
same way), for a log collector; without it, uvicorn's own lines and the project's warnings
as text."""

from __future__ import annotations

from typing import Any

#: the loggers written: the project's and uvicorn's
LOGGERS = ("banluck", "uvicorn", "uvicorn.error", "uvicorn.access")


def json_log_config(level: str) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` dictionary writing every logger of ``LOGGERS`` at
    ``level`` as JSON lines (``python-json-logger``)."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "json": {
                "()": "pythonjsonlogger.json.JsonFormatter",
                "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
                "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            }
        },
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "stream": "ext://sys.stderr",
            }
        },
        "loggers": {
            name: {"handlers": ["stderr"], "level": level.upper(), "propagate": False}
            for name in LOGGERS
        },
    }
