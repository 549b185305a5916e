"""Persistence for the web table: one SQLite file, one JSON record per browser id."""

from banluck.store.sqlite import HISTORY_LIMIT, SaveError, Store, Transaction

__all__ = ["HISTORY_LIMIT", "SaveError", "Store", "Transaction"]
