"""Persistence for the web table: one SQLite file, one JSON record per browser id."""

from banluck.store.sqlite import (
    HISTORY_LIMIT,
    PLAYER_IDLE_DAYS,
    PLAYER_LIMIT,
    SaveError,
    Store,
    Transaction,
    inspect_file,
)

__all__ = [
    "HISTORY_LIMIT",
    "PLAYER_IDLE_DAYS",
    "PLAYER_LIMIT",
    "SaveError",
    "Store",
    "Transaction",
    "inspect_file",
]
