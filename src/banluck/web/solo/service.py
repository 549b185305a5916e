"""One game's requests on the store: load a player's game once, apply, save, answer.

Reads (``state``, ``history``, ``history_entry``, ``hint``, ``stats``, ``cell``) run in a
WAL read transaction with no lock: they never queue behind a write. Changes (``deal``,
``act``, ``settings``) run under the player's lock and in one write transaction, all or
nothing. A player is stored only when a change needs it: a browser that only looks gets a
fresh game that is not saved. A saved record that cannot be read is moved aside
(``quarantine``) and the player starts that game afresh with the notice ``save_reset``.

Each game keeps its own record and history (``table`` in the store's ``players`` and
``history``, as before games; the others in ``game_saves`` and ``game_history``). Speed and
language are the browser's: they live in the ``table`` record and every game shows them.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from banluck.core.refusal import Refusal
from banluck.core.text import json_fault, raw_json_fault
from banluck.games.driver import cell_json
from banluck.games.registry import Game
from banluck.store import Saves, SaveTransaction
from banluck.web.saves.codecs import Codec, Session, stats_of
from banluck.web.saves.records import LANGUAGES, SPEEDS, CorruptSave
from banluck.web.solo.stats import stats_json

log = logging.getLogger("banluck.web")

#: A change to a session; returns a finished hand's history entry, or None.
Apply = Callable[[Session], dict[str, Any] | None]
#: Called as a new player is about to be stored (the limit of new players per client
#: address, ``web.clients``): raises ``Refusal`` to store nothing.
Admit = Callable[[], None]
SHARED = frozenset({"speed", "language"})


class _Slot:
    """Where one game's record and history are kept in the store."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.table = game == "table"

    def load(self, tx: SaveTransaction, player: str) -> str | None:
        return tx.load_player(player) if self.table else tx.load_game(player, self.game)

    def save(self, tx: SaveTransaction, player: str, data: str) -> None:
        if self.table:
            tx.save_player(player, data)
        else:
            tx.save_game(player, self.game, data)

    def quarantine(self, tx: SaveTransaction, player: str, data: str, reason: str) -> None:
        if self.table:
            tx.quarantine(player, data, reason)
        else:
            tx.quarantine_game(player, self.game, data, reason)

    def last_hand(self, tx: SaveTransaction, player: str) -> int:
        return tx.last_hand(player) if self.table else tx.last_game_hand(player, self.game)

    def add_history(self, tx: SaveTransaction, player: str, hand: int, data: str) -> None:
        if self.table:
            tx.add_history(player, hand, data)
        else:
            tx.add_game_history(player, self.game, hand, data)

    def history(self, tx: SaveTransaction, player: str) -> list[tuple[int, str]]:
        return tx.history(player) if self.table else tx.game_history(player, self.game)

    def history_item(self, tx: SaveTransaction, player: str, hand: int) -> str | None:
        if self.table:
            return tx.history_item(player, hand)
        return tx.game_history_item(player, self.game, hand)


class GameService:
    """The requests of docs/API.md for one game on one store.

    ``shared`` is the ``table`` game's service (None for ``table`` itself): it keeps the
    browser's speed and language, and a player's ``players`` row (their identity)."""

    def __init__(
        self,
        store: Saves,
        game: Game,
        codec: Codec,
        features: dict[str, Any],
        house_edge: Callable[[], float | None],
        shared: GameService | None = None,
    ) -> None:
        self.store = store
        self.game = game
        self.codec = codec
        self.features = features
        self.house_edge = house_edge
        self.shared = shared
        self.slot = _Slot(game.name)

    # ------------------------------------------------------------------ loading

    def _decode(self, raw: str) -> Session:
        fault = raw_json_fault(raw)
        if fault is not None:  # never played on: it could not be written back or answered
            raise CorruptSave(fault)
        return self.codec.decode(raw)

    def _load(self, tx: SaveTransaction, player: str, language: str) -> tuple[Session, bool, bool]:
        """The player's game in a write transaction; then whether it must be written back
        even if nothing changes it (a damaged save was replaced), and whether it is new."""
        raw = self.slot.load(tx, player)
        if raw is None:
            return self.codec.fresh(language, player), False, True
        try:
            return self._decode(raw), False, False
        except CorruptSave as exc:
            log.warning(
                "%s save of player %s is unreadable (%s): moved aside", self.game.name, player, exc
            )
            self.slot.quarantine(tx, player, raw, str(exc))
            session = self.codec.fresh(language, player)
            rec = session.record
            stack = rec.stacks[next(iter(rec.stacks))]  # the player's seat comes first
            rec.notices = [{"code": "save_reset", "params": {"stack": stack}}]
            rec.next_hand = self.slot.last_hand(tx, player) + 1  # the kept history's numbers
            return session, True, False

    def _shared_settings(self, tx: SaveTransaction, player: str, language: str) -> dict[str, Any]:
        """Speed and language of the browser (kept with ``table``)."""
        raw = tx.load_player(player)
        out: dict[str, Any] = {"speed": "normal", "language": language}
        if raw is not None:
            try:
                settings = json.loads(raw)["settings"]
                if settings.get("speed") in SPEEDS:
                    out["speed"] = settings["speed"]
                if settings.get("language") in LANGUAGES:
                    out["language"] = settings["language"]
            except (ValueError, RecursionError, KeyError, TypeError, AttributeError):
                pass
        return out

    def answer(self, session: Session, shared: dict[str, Any] | None) -> dict[str, Any]:
        """docs/API.md ``State`` of this game."""
        player = session.player_json()
        if shared is not None:
            player["settings"] = {**player["settings"], **shared}
        return {
            "game": self.game.name,
            "family": self.game.family,
            "player": player,
            "limits": session.limits(),
            "next_hand": session.record.next_hand,
            "table": session.table_json(),
            "features": dict(self.features),
            # docs/FAIRNESS.md: the shoe in use and the next one's salt, committed
            "fair": session.fair_json(),
        }

    # ------------------------------------------------------------------ changes

    def change(
        self,
        player: str,
        language: str,
        apply: Apply | None,
        shared_body: dict[str, Any] | None = None,
        admit: Admit | None = None,
    ) -> dict[str, Any]:
        """Load, apply, save, answer the new State; all or nothing, one player at a time.
        ``admit`` is asked before a new player is stored."""
        with self.store.player_lock(player), self.store.transaction() as tx:
            session, dirty, new = self._load(tx, player, language)
            finished = apply(session) if apply is not None else None
            if shared_body and self.shared is not None:
                self.shared._apply_in(
                    tx, player, language, lambda s: s.change_settings(shared_body), admit
                )
            if apply is not None or dirty:
                if self.shared is not None:
                    self.shared._ensure(tx, player, language, admit)
                elif new:
                    self._store_new(tx, admit)
                self.slot.save(tx, player, self.codec.encode(session))
            if finished is not None:
                number = finished["item"]["hand"]
                self.slot.add_history(
                    tx, player, number, json.dumps(finished, separators=(",", ":"))
                )
            shared = None if self.shared is None else self._shared_settings(tx, player, language)
            out = self.answer(session, shared)
            # the answer is checked before the commit: "nothing was changed" stays true
            if json_fault(out) is not None:
                raise ValueError(f"{self.game.name}: the answer cannot be encoded")
            return out

    def _store_new(self, tx: SaveTransaction, admit: Admit | None) -> None:
        """Before a new player's first record is written: the address may add one, and the
        store has room (``make_room``)."""
        if admit is not None:
            admit()
        tx.make_room(self.store.player_limit, self.store.idle_days)

    def _apply_in(
        self, tx: SaveTransaction, player: str, language: str, apply: Apply, admit: Admit | None
    ) -> None:
        """Apply a change to this (the ``table``) game inside another game's transaction."""
        session, _, new = self._load(tx, player, language)
        apply(session)
        if new:
            self._store_new(tx, admit)
        self.slot.save(tx, player, self.codec.encode(session))

    def _ensure(self, tx: SaveTransaction, player: str, language: str, admit: Admit | None) -> None:
        """The player is stored (a ``players`` row), and marked active now."""
        if tx.player_exists(player):
            tx.touch_player(player)
            return
        self._store_new(tx, admit)
        self.slot.save(tx, player, self.codec.encode(self.codec.fresh(language, player)))

    def deal(
        self, player: str, language: str, body: dict[str, Any], admit: Admit | None = None
    ) -> dict[str, Any]:
        return self.change(player, language, lambda s: s.deal(body), admit=admit)

    def act(
        self, player: str, language: str, body: dict[str, Any], admit: Admit | None = None
    ) -> dict[str, Any]:
        return self.change(player, language, lambda s: s.act(body), admit=admit)

    def seed(
        self, player: str, language: str, body: dict[str, Any], admit: Admit | None = None
    ) -> dict[str, Any]:
        """POST seed: your seed for the next shoe (docs/FAIRNESS.md)."""

        def give(session: Session) -> None:
            session.give_seed(body)

        return self.change(player, language, give, admit=admit)

    def settings(
        self, player: str, language: str, body: dict[str, Any], admit: Admit | None = None
    ) -> dict[str, Any]:
        if self.shared is None:  # ``table`` keeps every setting itself

            def apply_all(session: Session) -> None:
                session.change_settings(body)

            return self.change(player, language, apply_all, admit=admit)
        unknown = sorted(set(body) - SHARED - self.codec.own_settings)
        if unknown or not body:
            raise Refusal(
                "bad_settings",
                f"unknown setting(s) {unknown}" if unknown else "no setting given",
                {"fields": unknown},
            )
        own = {k: v for k, v in body.items() if k in self.codec.own_settings}
        shared = {k: v for k, v in body.items() if k in SHARED}

        def apply_own(session: Session) -> None:
            if own:
                session.change_settings(own)

        return self.change(player, language, apply_own, shared, admit)

    # ------------------------------------------------------------------ reads

    def _read(
        self, player: str, language: str = "en"
    ) -> tuple[Session | None, dict[str, Any] | None]:
        """The stored session (None when not stored; CorruptSave when unreadable) and the
        shared settings (None for ``table``)."""
        with self.store.reading() as tx:
            raw = self.slot.load(tx, player)
            shared = None
            if self.shared is not None:
                shared = self._shared_settings(tx, player, language)
        return (None if raw is None else self._decode(raw)), shared

    def state(self, player: str, language: str) -> dict[str, Any]:
        """GET state: read only (a damaged save is replaced, which writes)."""
        try:
            session, shared = self._read(player, language)
        except CorruptSave:
            return self.change(player, language, None)
        if session is None:
            return self.answer(self.codec.fresh(language, player), shared)
        return self.answer(session, shared)

    def _shown(self, player: str) -> Session:
        """The stored session, or what a first visit shows (nothing stored, or a save that
        cannot be read and is replaced at the next change)."""
        try:
            session, _ = self._read(player)
        except CorruptSave:
            session = None
        return self.codec.fresh("en", player) if session is None else session

    def fair_history(self, player: str) -> dict[str, Any]:
        """GET fair.json: the table's public fair history (a visitor with nothing stored:
        the commitment of the shoe a first deal would use)."""
        return self._shown(player).fair_history()

    def summary(self, player: str) -> dict[str, Any]:
        """The lobby's line for this game: your stack in it, a hand in progress."""
        session = self._shown(player)
        rec = session.record
        return {
            "house": session.chosen_house(),
            "stack": rec.stacks["you"],
            "in_progress": session.in_progress(),
            "hands_played": stats_of(session).hands,
        }

    def known(self, player: str) -> bool:
        """Whether a player of this id is stored."""
        with self.store.reading() as tx:
            return tx.player_exists(player)

    def _pending(self, player: str) -> Session:
        try:
            session, _ = self._read(player)
        except CorruptSave:
            raise Refusal("no_hand", "no hand to give a hint for") from None
        if session is None:
            raise Refusal("no_hand", "no hand has been dealt yet")
        return session

    def hint(self, player: str, hand: int, step: int) -> dict[str, Any]:
        """GET hint: the exact solver's (or kampung's policy's) advice at your choice, the
        chart cell of that choice (None where the game has no chart) and the house it is
        for (H9: the hand's; None, the game's own rules)."""
        pending = self._pending(player)
        advice = pending.hint(hand, step)
        cell = pending.cell(hand, step)
        at = cell_json(cell)
        return {**advice, "cell": at, "house": pending.house_in_play()}

    def drill(self, player: str, spot: tuple[str, str] | None) -> dict[str, Any]:
        """GET drill: a spot of your chart (the house and decks you play, H9) dealt as a hand,
        with every choice's value (``web.drill``); ``spot`` None: one at random."""
        import secrets

        from banluck.games.drill import drill_json
        from banluck.games.house import read_house
        from banluck.web.catalog import chart

        decks, house = self.chart_setting(player)
        data = chart(self.game.name, decks, house)
        if data is None:
            raise Refusal("not_found", f"{self.game.title} has no drill", {"game": self.game.name})
        played = None if house is None else read_house(house)
        return drill_json(self.game.name, decks, played, data, spot, secrets.SystemRandom())

    def cell(self, player: str, hand: int | None, step: int | None) -> tuple[str, str] | None:
        """The chart cell of your pending choice, or None."""
        if hand is None or step is None:
            return None
        try:
            return self._pending(player).cell(hand, step)
        except Refusal:
            return None

    def chart_setting(self, player: str) -> tuple[int | None, dict[str, Any] | None]:
        """The deck count and house object of the player's chart (the hand in play's, else
        the next hand's; H9), or (None, None) for the game's own chart."""
        try:
            session, _ = self._read(player)
        except CorruptSave:
            return None, None
        if session is None:
            return None, None
        return session.chart_setting()

    def stats(self, player: str) -> dict[str, Any]:
        """GET stats (docs/API.md ``Stats``)."""
        try:
            session, _ = self._read(player)
        except CorruptSave:
            session = None
        from banluck.web.solo.stats import Stats

        stats = Stats() if session is None else stats_of(session)
        edge = self.house_edge()
        simulated = None if edge is not None or session is None else session.simulated_edge()
        return stats_json(self.game.name, stats, edge, simulated)

    def history(self, player: str) -> dict[str, Any]:
        with self.store.reading() as tx:
            rows = self.slot.history(tx, player)
        hands = []
        for number, raw in rows:
            try:
                hands.append(json.loads(raw)["item"])
            except (ValueError, RecursionError, KeyError, TypeError):
                log.warning("history hand %s of player %s is unreadable: left out", number, player)
        return {"hands": hands}

    def history_entry(self, player: str, hand: int) -> dict[str, Any]:
        with self.store.reading() as tx:
            raw = self.slot.history_item(tx, player, hand)
        if raw is None:
            raise Refusal("not_found", f"hand {hand} is not in your history", {"hand": hand})
        try:
            data = json.loads(raw)
            # ``table``: the hand as you saw it (its events), for a replay step by step;
            # None for a hand kept before replays were
            out = {"hand": hand, "replay": data["replay"], "result": data["result"]}
            return {**out, "table": data.get("table")}
        except (ValueError, RecursionError, KeyError, TypeError):
            log.warning("history hand %s of player %s is unreadable", hand, player)
            raise Refusal(
                "not_found", f"hand {hand} of your history cannot be read", {"hand": hand}
            ) from None
