"""Persistence for the web table: one JSON record per browser id and game, in a SQLite file
(one machine) or PostgreSQL (``store.pg_saves``)."""

from banluck.store.saves import Saves, SaveTransaction
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
    "SaveTransaction",
    "Saves",
    "Store",
    "Transaction",
    "inspect_file",
]
