"""The solo table of any game: one person, bots in the other seats, run through the game's
driver (``games.driver``), as a room runs it with people.

``SoloSession`` is the flow every solo game shares: the deal names the next hand (409
``stale`` otherwise), a choice names its hand and step and must be the person's turn, the
bots play at once through ``HandDriver.bot_choice``, and a finished hand is settled by the
driver. A family adds only what is its own: what a deal's body stakes, its save record
(which keeps its format on disk), the answers (``table_json``, ``limits``, ``hint``,
``cell``), the history entry of a finished hand, and when and how its shoe is made.

The shoe is provably fair as a room's (docs/FAIRNESS.md, ``web.solo.fair``): the next
hand's shoe is made between hands, as soon as the hand before is over (or a setting needs a
new one), derived from a salt committed before and the seed you gave, and committed; every
card drawn is recorded; a saved hand dealt again records nothing twice. Refusals are
``Refusal``s; nothing here knows HTTP or the store.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from banluck.core.errors import BadBet, BanLuckError
from banluck.core.fair.table import TableLedger
from banluck.core.refusal import Refusal
from banluck.core.whole import is_whole
from banluck.games.driver import GameDriver, HandDriver, HandStart
from banluck.games.table_run import TableRun
from banluck.rooms.seeds import check_seed
from banluck.store import HISTORY_LIMIT
from banluck.web.solo.fair import KEEP_SHOES, SoloFair


def whole_number(value: Any, name: str) -> int:
    """A field that must be a JSON whole number (422 ``bad_request`` otherwise)."""
    if not is_whole(value):
        raise Refusal(
            "bad_request", f"{name!r} must be a whole number, not {value!r}", {"field": name}
        )
    return int(value)


def deal_number(body: dict[str, Any], next_hand: int) -> int:
    """The hand a deal names: it must be ``State.next_hand`` (409 ``stale`` otherwise)."""
    if "hand" not in body:
        raise Refusal("bad_request", "'hand' (State.next_hand) is required")
    number = whole_number(body["hand"], "hand")
    if number != next_hand:
        raise Refusal(
            "stale",
            f"this deal is for hand {number}, the next hand is {next_hand}",
            {"hand": number, "next_hand": next_hand},
        )
    return number


def hand_and_step(body: dict[str, Any]) -> tuple[int, int]:
    """The ``hand`` and ``step`` an action names (422 ``bad_request`` when missing or bad)."""
    for key in ("hand", "step"):
        if key not in body:
            raise Refusal("bad_request", f"{key!r} is required", {"field": key})
    return whole_number(body["hand"], "hand"), whole_number(body["step"], "step")


class CorruptHand(Exception):
    """A saved hand that cannot be dealt and played again (the save is damaged)."""


def recording(driver: GameDriver, ledger: TableLedger) -> GameDriver:
    """``driver`` with its hands' shoes telling ``ledger`` of every shuffle and draw (a copy:
    a solo table's drivers are shared); unchanged while the ledger has no shoe yet (a save
    made before the table kept one)."""
    if ledger.current is None or driver.ledger is ledger:
        return driver
    recorded = copy.copy(driver)
    recorded.ledger = ledger
    return recorded


def replayed(
    driver: GameDriver, start: HandStart, actions: list[tuple[str, str]], ledger: TableLedger
) -> HandDriver:
    """A saved hand dealt again from ``start`` with its choices replayed, each by the seat
    that made it (``CorruptHand`` saying why when it cannot be); ``ledger``, which recorded
    them when they were made, hears of the hand's later draws only."""
    ledger.muted = True
    try:
        hand = recording(driver, ledger).begin(start)
        hand.replay(actions)
    except (Refusal, BanLuckError, ValueError, TypeError, KeyError) as exc:
        raise CorruptHand(f"{type(exc).__name__}: {exc}") from None
    finally:
        ledger.muted = False
    return hand


class SoloSession(ABC):
    """One browser's table of a game during one request: the person in seat ``you``, the
    family's save ``record`` and its hand dealt again (``hand``, or None)."""

    #: the registry's family of the game
    family: str
    #: every action the game knows (a name outside them is refused before anything else)
    actions: tuple[str, ...] = ()

    def __init__(self, driver: GameDriver, you: str, hand: HandDriver | None) -> None:
        self.driver = driver
        self.you = you
        self.hand = hand

    @property
    @abstractmethod
    def record(self) -> Any:
        """The family's save record (``next_hand``, ``stats`` and ``fair`` among its
        fields)."""

    @property
    def fair(self) -> SoloFair:
        """The table's fair shoe record (``web.solo.fair``)."""
        fair: SoloFair = self.record.fair
        return fair

    def fair_json(self) -> dict[str, Any] | None:
        """docs/API.md ``State.fair``: the shoe in use and the next one."""
        return self.fair.seat_json()

    def fair_history(self) -> dict[str, Any]:
        """The table's public fair history (docs/FAIRNESS.md's file)."""
        return self.fair.ledger.public_json()

    def give_seed(self, body: dict[str, Any]) -> None:
        """POST seed: your seed for the next shoe, chosen after its salt's commitment was
        shown (a new one replaces the one given before)."""
        seed = check_seed(body.get("seed"))
        self.fair.ledger.set_client_seed(seed)
        self.fair.seed = seed

    def in_progress(self) -> bool:
        return self.hand is not None and not self.hand.over

    def chosen_house(self) -> dict[str, Any] | None:
        """The house object chosen in the settings (H3: the next hand's; None: the preset)."""
        return None

    def simulated_edge(self) -> dict[str, Any] | None:
        """The house edge measured by simulation and shipped with the package for the rules
        the next hand is dealt under ({house_edge, ci95}), for a game with no exact edge;
        None when none is shipped for them (a house: measured when asked, in the lobby)."""
        return self.next_driver().shipped_edge()

    def chart_setting(self) -> tuple[int | None, dict[str, Any] | None]:
        """The deck count and house object the game's chart is asked for (H9; None, None:
        the preset's own chart)."""
        return None, None

    def house_in_play(self) -> dict[str, Any] | None:
        """H9: the house object the hand in play is dealt under (None: the game's own
        rules), which its Hint is for."""
        return None

    def next_driver(self) -> GameDriver:
        """The driver the next hand is dealt by (its house, H3)."""
        return self.driver

    @property
    def banker(self) -> str | None:
        """The seat that holds the bank for the next hand (None: the dealer does)."""
        return None

    def limits(self) -> dict[str, Any]:
        """docs/API.md ``Limits`` for the next deal, by its driver (a room's are the same)."""
        stack: int = self.record.stacks[self.you]
        return self.next_driver().limits(self.you, (self.you,), stack, self.banker)

    @property
    def hand_number(self) -> int | None:
        """The number of the hand dealt last (None before the first)."""
        return None if self.hand is None else self.hand.number

    # ------------------------------------------------------------------ the family's part

    @abstractmethod
    def stakes(self, body: dict[str, Any]) -> Any:
        """What a deal's body stakes (``bad_bet`` when it is not a stake at all)."""

    @abstractmethod
    def start(self, number: int, stakes: Any) -> HandStart:
        """Hand ``number``'s start from the record between hands and the ``stakes``."""

    @abstractmethod
    def dealt(self, hand: HandDriver, stakes: Any) -> None:
        """The record after the deal (its notices, the last bet, the saved hand)."""

    def fresh_stacks(self, hand: HandDriver) -> list[dict[str, Any]]:
        """T9: the notices of the seats ``hand`` dealt a fresh stack (just dealt)."""
        stacks = self.record.stacks
        return [
            {"code": "fresh_stack", "params": {"seat": s, "stack": stack}}
            for s, stack in hand.dealt_stacks().items()
            if stack != stacks[s]
        ]

    @abstractmethod
    def played(self, hand: HandDriver) -> None:
        """The record of the hand as it stands after its choices so far."""

    def table_json(self) -> dict[str, Any] | None:
        """docs/API.md ``Table``: the person's view of the current (or last) hand, the
        driver's (a room sends the same with the game's name)."""
        if self.hand is None:
            return None
        view = self.hand.view(self.you)
        return {k: v for k, v in view.items() if k != "game"}

    @abstractmethod
    def finished(self, hand: HandDriver) -> dict[str, Any]:
        """Settle the finished hand into the record (``TableRun.settle``); its history
        entry."""

    @abstractmethod
    def shoe_due(self) -> bool:
        """Whether the next hand needs a new shoe made now (T12, K4, I1, C8's reshuffle
        before a hand, a deck count or house chosen); ``fair.fresh`` says whether the
        shoe in the record was made for it."""

    @abstractmethod
    def make_shoe(self) -> list[dict[str, Any]]:
        """Make the next hand's shoe into the record's table run (``TableRun.new_shoe``:
        shuffled, committed and the next salt committed; a deck count or house chosen taking
        effect); the notices its deal will give."""

    @abstractmethod
    def apply_settings(self, body: dict[str, Any]) -> None:
        """PUT settings: the family's settings."""

    def change_settings(self, body: dict[str, Any]) -> None:
        """PUT settings; between hands, a setting that needs a new shoe has it made now."""
        self.apply_settings(body)
        if not self.in_progress() and self.shoe_due():
            self._next_shoe()

    def _next_shoe(self) -> None:
        """The next hand's shoe, made and committed now (with the salt of the one after)."""
        fair = self.fair
        news = self.make_shoe()
        if news or not fair.fresh:  # a shoe made again before its deal keeps what to tell
            fair.news = news
        fair.fresh = True
        fair.seed = None  # a seed serves one shoe only

    def start_with(
        self,
        *,
        seed: int,
        seats: tuple[str, ...],
        bet: Any,
        side_bets: Mapping[str, int] | None = None,
    ) -> HandStart:
        """The start of the table's next hand (``games.table_run``: its number, shoe,
        stacks and bank): the person in seat ``you`` betting ``bet`` (None: they hold the
        bank), every other seat a bot."""
        you, table = self.you, self.record.table
        assert isinstance(table, TableRun)
        return table.start(
            seed=seed,
            seats=seats,
            people=(you,),
            bets={} if bet is None else {you: bet},
            side_bets={you: side_bets} if side_bets else {},
        )

    def begin(self, start: HandStart) -> HandDriver:
        """Deal ``start`` through the driver, by the table's run (its shoe's hand begun in
        the ledger; the next hand's number the one after)."""
        table = self.record.table
        assert isinstance(table, TableRun)
        return table.deal(self.driver, start)

    def bad_bet(self, message: str) -> Refusal:
        """A ``bad_bet`` of the person's, with the range and the stack now."""
        driver = self.driver
        return Refusal(
            "bad_bet",
            message.removeprefix(f"seat {self.you!r}: "),
            {"min": driver.min_bet, "max": driver.max_bet, "stack": self.record.stacks[self.you]},
        )

    # ------------------------------------------------------------------ the flow

    def deal(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """POST deal: the stakes, the hand's number, the deal, the bots up to the person's
        first choice. Returns the finished hand's history entry when the deal ends it."""
        stakes = self.stakes(body)
        number = deal_number(body, self.record.next_hand)
        if self.in_progress():
            raise Refusal("hand_in_progress", "a hand is in progress: finish it first")
        fair = self.fair
        if fair.ledger.current is None or self.shoe_due():
            self._next_shoe()  # a save from before the ledger, or a shoe made late
        start = self.start(number, stakes)
        self.driver = recording(self.driver, fair.ledger)
        try:
            hand = self.begin(start)
        except BadBet as exc:
            raise self.bad_bet(str(exc)) from None
        self.dealt(hand, stakes)
        fair.fresh, fair.news = False, []
        self.hand = hand
        return self._run(hand)

    def act(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """POST action: the person's choice, then the bots'. Returns the finished hand's
        history entry when this ends the hand."""
        name = body.get("action")
        refusal = self.unknown(name)
        if refusal is not None:
            raise refusal
        assert isinstance(name, str)
        hand = self.at(*hand_and_step(body), "action")
        if name not in hand.legal():
            raise self.not_allowed(hand, name)
        hand.apply(name)
        return self._run(hand)

    def unknown(self, name: object) -> Refusal | None:
        """The refusal of an action name the game does not know (None: a known name)."""
        if isinstance(name, str) and name in self.actions:
            return None
        return Refusal(
            "bad_action", f"unknown action {name!r} ({', '.join(self.actions)})", {"action": name}
        )

    def not_allowed(self, hand: HandDriver, name: str) -> Refusal:
        """The refusal of a known choice the hand does not allow now (``bad_action``, in
        the driver's words)."""
        return Refusal(
            "bad_action", hand.refusal_message(name), {"action": name, "legal": list(hand.legal())}
        )

    def at(self, number: int, step: int, what: str) -> HandDriver:
        """The hand, when ``number`` and ``step`` name where it stands and it waits for the
        person (409 ``no_hand``, ``stale``, ``not_your_turn`` otherwise)."""
        hand = self.hand
        if hand is None:
            raise Refusal("no_hand", "no hand has been dealt yet")
        hand.check_turn(number, step, self.you, what)
        return hand

    def hint(self, number: int, step: int) -> dict[str, Any]:
        """The game's solver at the person's pending choice (409 ``hint_unavailable``
        without one)."""
        return self.at(number, step, "hint").hint_json(self.you)

    def cell(self, number: int, step: int) -> tuple[str, str] | None:
        """The chart cell of the person's pending choice (None without one: the driver's)."""
        try:
            return self.at(number, step, "chart").chart_cell()
        except Refusal:
            return None

    def _run(self, hand: HandDriver) -> dict[str, Any] | None:
        """The bots choose until the person must, or the hand ends; then it is saved as it
        stands, and settled when over."""
        hand.play_until(lambda seat: None if seat == self.you else hand.bot_choice())
        self.played(hand)
        if not hand.over:
            return None
        entry = self.finished(hand)  # settled into the table's run: its hand ended
        table = self.table_json()
        if table is not None:  # the hand as the person saw it, for History's replay
            entry["table"] = table
        ledger = self.fair.ledger
        if ledger.current is None or self.shoe_due():
            self._next_shoe()  # committed now: shown before the next hand's bet
        # the shoes of every hand in the player's History, and at least KEEP_SHOES
        ledger.forget(max(KEEP_SHOES, ledger.shoes_of_last_hands(HISTORY_LIMIT)))
        return entry
