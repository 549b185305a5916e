"""The two stores of players' tables answer alike: the SQLite file and PostgreSQL run the
same sequence of calls and give the same answers (the web layer cannot tell them apart)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from banluck.core.refusal import Refusal
from banluck.store import HISTORY_LIMIT, Saves, Store
from banluck.store.pg_saves import PgStore
from banluck.store.schema import migrate, pending

pytestmark = pytest.mark.slow


@pytest.fixture(params=["sqlite", "postgresql"])
def saves(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Saves]:
    store: Saves
    if request.param == "sqlite":
        store = Store(tmp_path / "saves.sqlite3", player_limit=3)
    else:
        store = PgStore(request.getfixturevalue("pg_url"), player_limit=3)
    try:
        yield store
    finally:
        store.close()


def test_records_and_histories(saves: Saves) -> None:
    with saves.transaction() as tx:
        assert tx.load_player("ann") is None and not tx.player_exists("ann")
        tx.save_player("ann", '{"stack": 1}')
        tx.save_player("ann", '{"stack": 2}')
        for hand in range(1, HISTORY_LIMIT + 6):
            tx.add_history("ann", hand, f'{{"hand": {hand}}}')
        tx.add_history("ann", 3, '{"again": 3}')  # dropped already: kept again, then cut
        tx.save_game("ann", "classic", '{"c": 1}')
        tx.save_game("ann", "classic", '{"c": 2}')
        for hand in (1, 2, 3):
            tx.add_game_history("ann", "classic", hand, f'"c{hand}"')
    with saves.reading() as tx:
        assert tx.load_player("ann") == '{"stack": 2}' and tx.player_exists("ann")
        kept = tx.history("ann")
        assert [h for h, _ in kept] == list(range(HISTORY_LIMIT + 5, 5, -1))
        assert tx.last_hand("ann") == HISTORY_LIMIT + 5 and tx.history_item("ann", 3) is None
        assert tx.history_item("ann", 6) == '{"hand": 6}'
        assert tx.load_game("ann", "classic") == '{"c": 2}'
        assert tx.load_game("ann", "kampung") is None
        assert tx.game_history("ann", "classic") == [(3, '"c3"'), (2, '"c2"'), (1, '"c1"')]
        assert tx.game_history_item("ann", "classic", 2) == '"c2"'
        assert tx.last_game_hand("ann", "classic") == 3 and tx.last_game_hand("bo", "x") == 0


def test_unreadable_records_are_kept_aside_in_order(saves: Saves) -> None:
    with saves.transaction() as tx:
        tx.save_player("ann", "{bad")
        tx.save_game("ann", "classic", "{worse")
        tx.quarantine("ann", "{bad", "not JSON")
        tx.quarantine_game("ann", "classic", "{worse", "not JSON")
    with saves.reading() as tx:
        assert tx.load_player("ann") is None and tx.load_game("ann", "classic") is None
        assert tx.corrupt_saves("ann") == [("{bad", "not JSON"), ("{worse", "classic: not JSON")]


def test_a_fault_inside_a_transaction_keeps_nothing(saves: Saves) -> None:
    with saves.transaction() as tx:
        tx.save_player("ann", "1")
    with pytest.raises(RuntimeError), saves.transaction() as tx:
        tx.save_player("ann", "2")
        tx.add_history("ann", 1, "h")
        raise RuntimeError("a fault in the middle")
    with saves.reading() as tx:
        assert tx.load_player("ann") == "1" and tx.history("ann") == []


def test_the_players_limit_refuses_a_new_one_and_forgets_nobody_active(saves: Saves) -> None:
    for who in ("a", "b", "c"):
        with saves.transaction() as tx:
            assert tx.make_room(saves.player_limit, saves.idle_days) == 0
            tx.save_player(who, "{}")
            tx.add_history(who, 1, "{}")
    with pytest.raises(Refusal) as refused, saves.transaction() as tx:
        tx.make_room(saves.player_limit, saves.idle_days)
    assert refused.value.code == "server_full"
    with saves.reading() as tx:
        assert all(tx.player_exists(w) for w in "abc")


def test_shared_ledgers(saves: Saves) -> None:
    with saves.transaction() as tx:
        assert tx.ledger("L1") is None and tx.ledgers_owned() == 0
        tx.put_ledger("L1", "ann", 1, '{"v": 1}')
        tx.put_ledger("L1", "ann", 2, '{"v": 2}')
        tx.put_ledger("L2", "bo", 1, "{}")
    with saves.reading() as tx:
        assert tx.ledger("L1") == ("ann", 2, '{"v": 2}')
        assert tx.ledgers_owned() == 2 and tx.ledgers_owned("ann") == 1
        assert tx.ledgers_owned("cy") == 0
    with saves.transaction() as tx:  # handed to another browser, which enters it from now on
        tx.put_ledger("L1", "cy", 3, '{"v": 3}')
    with saves.reading() as tx:
        assert tx.ledger("L1") == ("cy", 3, '{"v": 3}')
        assert tx.ledgers_owned("ann") == 0 and tx.ledgers_owned("cy") == 1


def test_one_players_changes_never_overlap(saves: Saves) -> None:
    """Twenty changes of one player at once, each reading and adding one: none is lost (the
    SQLite file serialises every writer; PostgreSQL each player's transactions)."""
    with saves.transaction() as tx:
        tx.save_player("ann", "0")

    def add_one() -> None:
        with saves.transaction() as tx:
            n = int(tx.load_player("ann") or "0")
            tx.save_player("ann", str(n + 1))

    threads = [threading.Thread(target=add_one) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with saves.reading() as tx:
        assert tx.load_player("ann") == "20"


def test_two_stores_on_one_database_share_the_key_and_the_tables(pg_url: str) -> None:
    """Two processes' stores (two machines) on one PostgreSQL: one cookie key, one player."""
    first, second = PgStore(pg_url), PgStore(pg_url)
    try:
        assert first.secret == second.secret and len(first.secret) == 32
        with first.transaction() as tx:
            tx.save_player("ann", '{"stack": 7}')
        with second.reading() as tx:
            assert tx.load_player("ann") == '{"stack": 7}'
    finally:
        first.close()
        second.close()


def test_migrations_run_once_and_are_recorded(pg_url: str) -> None:
    assert pending(pg_url) == ["0001.rooms", "0002.saves"]
    errors: list[BaseException] = []

    def run() -> None:
        try:
            migrate(pg_url)
        except BaseException as exc:  # collected: the test says which failed
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(3)]  # three processes at once
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and pending(pg_url) == [] and migrate(pg_url) == []


def test_a_ledgers_versions_written_at_once_are_made_one_after_the_other(saves: Saves) -> None:
    """Twenty writers read a ledger's version and write the next one at once (two phones
    of one browser, two machines): each version is written once, the others refused."""
    with saves.transaction() as tx:
        tx.put_ledger("L1", "ann", 1, "{}")
    made: list[int] = []

    def next_version() -> None:
        with saves.transaction() as tx:
            found = tx.ledger("L1")
            assert found is not None
            version = found[1]
            time.sleep(0.01)  # a request's own work between the read and the write
            tx.put_ledger("L1", "ann", version + 1, "{}")
            made.append(version + 1)

    threads = [threading.Thread(target=next_version) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with saves.reading() as tx:
        assert tx.ledger("L1") == ("ann", 21, "{}")
    assert sorted(made) == list(range(2, 22))
