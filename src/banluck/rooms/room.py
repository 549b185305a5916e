"""A room: people and bots at one table, bets between hands, turns with deadlines.

Pure: no I/O, no clock of its own. Every command takes ``now`` (seconds, any epoch the
caller keeps to) and returns nothing but changes the room or raises ``Refusal`` having
changed nothing. ``tick(now)`` plays whatever a deadline says is due.

- People join with a display name and watch; between hands they take a free seat (the bot
  there leaves), stand up, or the host frees a seat (a bot comes back). ``infinite`` makes a
  seat for each person who sits (I2: all share the hand); it has no bots.
- Between hands each seated person bets (a kampung banker says it is ready, K3). The hand is
  dealt when every seated person who is connected and not away has bet, and at least one
  of them is connected: a room nobody is at deals nothing.
- The table never waits for someone gone: a person whose last socket closed ``GONE_GRACE``
  seconds ago (not a reload) is marked away at once, as the timer would mark them: their
  turn is played for them and the deal does not wait for their bet. A person gone when a
  hand is dealt sits it out (a bot plays their seat, their stack kept; ``infinite``: their
  seat is left out); a kampung banker never does.
- In a hand, bots play at once; a person has ``settings.timer`` seconds (an explicit deadline)
  and is then played for (the game's driver: I8 …) and marked away; an away seat is played at once
  and bets the smallest bet. Acting, betting or reconnecting clears away.
- A choice names the hand and the step it was made at: a stale or doubled one is refused.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable
from typing import Any

from banluck.core.fair.table import TableLedger
from banluck.core.refusal import Refusal
from banluck.core.whole import is_whole
from banluck.games.driver import GameDriver, HandDriver, Settled
from banluck.games.drivers import driver_for
from banluck.games.table_run import OnRun, TableRun
from banluck.rooms.door import Door
from banluck.rooms.fair import salt_from
from banluck.rooms.people import Member, People
from banluck.rooms.reactions import Reactions
from banluck.rooms.recall import record
from banluck.rooms.saved import load_room, room_json
from banluck.rooms.seeds import check_seed, joined
from banluck.rooms.settings import TIMER_OFF, RoomSettings, check_timer, parse_settings
from banluck.rooms.tally import Tally
from banluck.rooms.views import public_json, view_json

#: A bound on the steps one command may play (bots, absent seats): never loops forever.
_STEP_BOUND = 10_000
#: The finished shoes a room keeps in its fair history (the oldest go): its record, saved
#: after every change, stays bounded (a two-deck Ban Luck shoe lasts about 8 hands).
KEEP_SHOES = 20


def _entropy() -> int:
    return secrets.randbits(128)


class Room(People, OnRun):
    """One room (see the module's text)."""

    #: how many finished shoes the fair history keeps (``KEEP_SHOES``)
    keep_shoes = KEEP_SHOES

    def __init__(
        self,
        code: str,
        settings: RoomSettings,
        host: str,
        *,
        entropy: Callable[[], int] = _entropy,
        shoe: dict[str, Any] | None = None,
    ) -> None:
        """``shoe``: the room's shoe between hands, when it has one already (a saved room,
        ``from_json``); else a new shoe is shuffled with ``entropy`` and committed."""
        self.code = code
        self.settings = settings
        self.host = host
        #: the room's own host (who made it): while they are away someone present may hold
        #: the host's role (``host``), and it is theirs again when they come back
        self.owner = host
        #: runtime only: since when the owner has had no socket open (None: connected)
        self._owner_gone: float | None = None
        self.entropy = entropy
        self.game: GameDriver = _driver(settings)
        self.members: dict[str, Member] = {}
        #: the seats in playing order (``infinite``: the people's, as they sat down)
        self.seats: list[str] = list(self.game.layout)
        self.occupant: dict[str, str] = {}  # seat -> player
        #: the stacks, the bank, the shoe between hands with its fair ledger (every shoe
        #: committed before its first card; secrets: saved only), the next hand's number
        self.table = TableRun(
            stacks=dict.fromkeys(self.seats, self.game.fresh_stack()),
            shoe={},
            ledger=TableLedger(salt_source=salt_from(self._next_entropy)),
        )
        self.kept_stacks: dict[str, int] = {}  # a person's stack while not seated
        self.bets: dict[str, int] = {}  # seat -> bet for the next hand
        self.side_bets: dict[str, dict[str, int]] = {}  # seat -> its side bets (I10)
        self.last_bets: dict[str, int] = {}  # player -> last bet
        self.game.ledger = self.ledger
        #: the hand just finished, whose record the store keeps with the room's next save
        #: (``rooms.recall``; runtime only: ``take_recall`` makes the record, once)
        self._finished: (
            tuple[HandDriver, Settled, dict[str, str], dict[str, str], dict[str, Any] | None] | None
        ) = None
        #: the seeds given for the next shoe, by the giver's name (``rooms.seeds``)
        self.seeds: dict[str, str] = {}
        if shoe is None:
            self._new_shoe(self.game)
        else:
            self.table.shoe = shoe
        self.hand: HandDriver | None = None
        #: who held each person's seat when the hand was dealt (their cards are theirs only)
        self.dealt_to: dict[str, str] = {}
        #: the people dealt in who had a socket open at some time during the hand
        self.present: set[str] = set()
        #: the seats of people gone when the hand was dealt: a bot plays each for the hand
        #: (``infinite``: left out), and the person's stack stays as it was
        self.sitting_out: set[str] = set()
        self.settled = True  # the last hand (if any) is settled
        self.table.banker = self.game.first_banker()
        self.deadline: float | None = None
        self._waiting: list[Any] | None = None  # what the deadline is for
        self.connections: dict[str, int] = {}  # runtime only: player -> open sockets
        #: runtime only: player -> when their last socket closed (``_gone``)
        self.gone_since: dict[str, float] = {}
        self.reactions = Reactions()  # runtime only: of the moment
        self.version = 0
        self.last_summary: list[dict[str, Any]] = []
        #: the session's settle-up table (``rooms.tally``)
        self.tally = Tally()
        #: when the room last changed (``rooms.limits``: an idle room is removed); None for
        #: a room saved before rooms kept it, until its next change
        self.updated: float | None = None
        #: who comes in (``rooms.door``)
        self.door = Door()
        #: the host paused the timer (nobody is timed until they resume it)
        self.paused = False
        #: the host said Start: the next deal does not wait for those not ready (runtime:
        #: the deal follows in the same command)
        self._start_now = False
        #: the person the host offered the bank to (kampung ``rotate``), until they answer
        self.bank_offer: str | None = None

    def _next_entropy(self) -> int:
        return self.entropy()

    # the table's run between hands (``games.table_run``), as the room's own fields

    @property
    def shoe(self) -> dict[str, Any]:
        return self.table.shoe

    @property
    def banker(self) -> str | None:
        return self.table.banker

    @property
    def last_number(self) -> int:
        """The number of the hand dealt last (0 before the first)."""
        return self.table.last_number

    # ------------------------------------------------------------------ reading

    def public(self) -> dict[str, Any]:
        """What everyone in the room may know (no player ids, no cards): ``rooms.views``."""
        return public_json(self)

    def public_history(self) -> dict[str, Any]:
        """The fair history anyone in the room may download: commitments of every shoe,
        reveals and deals of the finished ones only (docs/FAIRNESS.md)."""
        return self.ledger.public_json()

    def view(self, player: str | None, public: dict[str, Any] | None = None) -> dict[str, Any]:
        """T22 / B9 / K17: the state as ``player`` may see it; only their seat's cards.
        ``public``: ``self.public()`` when the caller already has it (one per broadcast)."""
        return view_json(self, player, public)

    # ------------------------------------------------------------------ people

    def set_house(self, player: str, house: object, now: float) -> None:
        """H3: the host changes the room's house between hands (None: the preset's rules);
        it plays from the next hand, a new deck count from a new shoe committed now."""
        self.host_only(player, "change the house rules", now)
        self.between_hands("the house rules change")
        body = {k: v for k, v in self.settings.to_json().items() if k not in ("decks", "house")}
        settings = parse_settings({**body, "house": house})
        if settings.house is None:
            settings = parse_settings(body)  # the preset again, at its own deck count
        game = _driver(settings)
        game.ledger = self.ledger
        decks_changed = settings.decks != self.settings.decks
        self.settings, self.game = settings, game
        if decks_changed or game.shuffle_due(self.shoe):
            self._new_shoe(game)
        self.changed(now)

    def new_session(self, player: str, now: float) -> None:
        """The host starts a new session between hands: the room, its people and seats
        stay; every stack starts again at the fresh stack and the settle-up table is empty."""
        # the room's money is reset by its own host only, never by one holding the role
        if player != self.owner:
            raise Refusal("forbidden", "only the room's host may start a new session")
        self.between_hands("a new session starts")
        fresh = self.game.fresh_stack()
        self.stacks = dict.fromkeys(self.seats, fresh)
        self.kept_stacks = {}
        self.tally = Tally()
        self.last_summary = []
        self.changed(now)

    def set_timer(self, player: str, timer: object, paused: object, now: float) -> None:
        """The host sets the turn timer (seconds, or 0: nobody is timed) and pauses or
        resumes it (a deadline running is dropped; resumed, the wait starts again)."""
        self.host_only(player, "change the timer", now)
        settings = self.settings
        if timer is not None:
            settings = dataclasses.replace(settings, timer=check_timer(timer))
        if paused is not None and not isinstance(paused, bool):
            raise Refusal("bad_request", "'paused' is true or false", {"field": "paused"})
        self.settings = settings
        if paused is not None:
            self.paused = paused
        self.deadline = None  # set again by the next wait, as the timer now says
        self.changed(now)

    def start(self, player: str, now: float) -> None:
        """The host deals the first hand now: nobody is timed before it (people are still
        arriving), so it waits for everyone seated to bet, or for this. Those seated who
        have not bet sit it out (a bot plays their seat, their stack kept)."""
        self.host_only(player, "start the first hand", now)
        self.between_hands("the first hand starts")
        if self.last_number != 0:
            raise Refusal("bad_request", "the table has started already")
        if not any(s in self.bets for s in self._people_seats()):
            raise Refusal("not_ready", "nobody has bet yet: the first hand needs a bet")
        self._start_now = True
        try:
            self.changed(now)
        finally:
            self._start_now = False

    def take_recall(self) -> dict[str, Any] | None:
        """The record of the hand finished since the last save (None: none), made and
        handed over once (a process that only follows another's change never makes it)."""
        finished, self._finished = self._finished, None
        return None if finished is None else record(*finished)

    def drop_recall(self) -> None:
        """The hand just finished is kept by whoever saved it (another process)."""
        self._finished = None

    def _new_shoe(self, game: GameDriver) -> dict[str, Any]:
        """A new shoe, derived from the salt committed before it and the seeds given for
        it; the next shoe's salt is drawn and committed at once (``rooms.seeds``)."""
        self.table.new_shoe(game, self.entropy())
        self.seeds = {}
        return self.shoe

    def give_seed(self, player: str, seed: object, now: float) -> None:
        """A person's seed for the next shoe, chosen after its salt's commitment was shown
        (theirs replaces the one they gave before)."""
        m = self.member(player)
        self.seeds[m.name] = check_seed(seed)
        self.ledger.set_client_seed(joined(self.seeds))
        self.changed(now)

    def react(self, player: str, reaction: object, now: float) -> None:
        """A person of the room sends a quick reaction (``rooms.reactions``)."""
        self.reactions.add(player, self.member(player).name, reaction, now)
        self.changed(now)

    # ------------------------------------------------------------------ the game

    def _seat_of(self, player: str) -> str:
        m = self.member(player)
        if m.seat is None:
            raise Refusal("not_seated", "take a seat to play")
        return m.seat

    def bet(
        self, player: str, hand: object, amount: object, now: float, side_bets: object = None
    ) -> None:
        """A seated person's bet for the next hand (a kampung banker: ready, K3), and the
        side bets beside it where the game has them (I10)."""
        seat = self._seat_of(player)
        self.between_hands("bets are placed")
        expected = self.last_number + 1
        if not _whole(hand):
            raise Refusal("bad_request", "'hand' must be a whole number", {"field": "hand"})
        if hand != expected:
            raise Refusal(
                "stale",
                f"this bet is for hand {hand}, the next hand is {expected}",
                {"hand": hand, "next_hand": expected},
            )
        if seat == self.banker:
            self.bets[seat] = 0
        else:
            people, stack = self._people_seats(), self.stacks[seat]
            if side_bets in (None, {}):
                value, sides = self.game.check_bet(seat, people, amount, stack), {}
            else:  # checked with the bet beside them (I10: a bet of 0 with side bets alone)
                sides = self.game.check_side_bets(seat, people, amount, side_bets, stack, self.shoe)
                value = int(amount)  # type: ignore[call-overload]  # checked just above
            self.bets[seat] = value
            self.last_bets[player] = value
            if sides:
                self.side_bets[seat] = sides
            else:
                self.side_bets.pop(seat, None)
        self.members[player].away = False
        self.changed(now)

    def turn_of(
        self, player: str, hand: object, step: object, what: str = "choice"
    ) -> tuple[str, HandDriver]:
        """The seat of ``player`` and the hand, when the hand and step they name are where it
        stands and it waits for them (``what``: the choice, or the Hint they ask for)."""
        seat = self._seat_of(player)
        h = self.hand
        if h is None:
            raise Refusal("no_hand", "no hand is being played: bet for the next one")
        if not _whole(hand) or not _whole(step):
            raise Refusal("bad_request", "'hand' and 'step' must be whole numbers")
        h.check_turn(int(hand), int(step), seat, what)
        return seat, h

    def act(self, player: str, hand: object, step: object, action: object, now: float) -> None:
        """A seated person's choice, in turn, at the hand and step it names."""
        _seat, h = self.turn_of(player, hand, step)
        if not isinstance(action, str):
            raise Refusal("bad_action", "'action' must be a string", {"legal": list(h.legal())})
        h.apply(action)
        self.members[player].away = False
        self.changed(now)

    def bound_deadline(self, now: float) -> None:
        """A room loaded with a deadline further away than its timer allows (the clock was
        set back while it slept): the deadline is ``now`` plus the timer, no later."""
        if not self._timed():
            self.deadline = None
        elif self.deadline is not None and self.deadline > now + self.settings.timer:
            self.deadline = now + self.settings.timer

    def tick(self, now: float) -> bool:
        """Play what is due by ``now`` (a person out of time is played for and marked
        away); whether anything changed."""
        changed = False
        for _ in range(_STEP_BOUND):
            gone = [p for p in self._waited_for() if self._gone(p, now)]
            if gone:  # the table does not wait for them: away, as the timer would make them
                for who in gone:
                    self.members[who].away = True
                changed = True
                self._advance(now)
                continue
            if self.deadline is None or now < self.deadline:
                break
            changed = True
            h = self.hand
            if h is not None and not h.over:
                seat = h.to_act()
                assert seat is not None
                player = self.occupant.get(seat)
                if player is not None:
                    self.members[player].away = True
            else:
                for seat in self._pending_bets():
                    self.members[self.occupant[seat]].away = True
            self.deadline = None
            self._waiting = None
            self._advance(now)
        if changed:
            self.version += 1
            self.updated = now
        return changed

    # ------------------------------------------------------------------ running the table

    def changed(self, now: float) -> None:
        self._advance(now)
        self.version += 1
        self.updated = now

    def _free_gone(self) -> None:
        """A seat dealt to a person who had no socket open for the whole hand goes back to
        a bot (their stack is kept for when they sit again), and they are told. Anyone gone
        when a hand is dealt sits it out and is not dealt in, so this is a kampung banker
        gone for the whole hand they banked: the table never plays for someone gone for good."""
        for seat, player in self.dealt_to.items():
            m = self.members.get(player)
            if m is not None and m.seat == seat and player not in self.present:
                self._unseat(player)
                m.away, m.freed = False, True
        self.present = set()

    def _waited_for(self) -> list[str]:
        """The people the table waits for now: the one to act, or those yet to bet (never
        someone away: the table plays for them already)."""
        h = self.hand
        if h is not None and not h.over:
            seat = h.to_act()
            player = self.occupant.get(seat) if seat in h.start.people else None
            return [] if player is None or self.members[player].away else [player]
        return [self.occupant[s] for s in self._pending_bets()]

    def gone_due(self, now: float) -> bool:
        """Whether someone the table waits for is gone (``tick`` plays for them)."""
        return any(self._gone(p, now) for p in self._waited_for())

    def _pending_bets(self) -> list[str]:
        """The seats the deal waits for: a person not away who has not bet."""
        return [
            s
            for s in self._people_seats()
            if s not in self.bets and not self.members[self.occupant[s]].away
        ]

    def _timed(self) -> bool:
        """Whether the room times people now (not when the host turned the timer off or
        paused it)."""
        return self.settings.timer != TIMER_OFF and not self.paused

    def _wait(self, what: list[Any], now: float) -> None:
        if not self._timed():
            self._waiting, self.deadline = what, None
        elif self._waiting != what or self.deadline is None:
            self._waiting = what
            self.deadline = now + self.settings.timer

    def _automatic(self, h: HandDriver) -> Callable[[str], str | None]:
        """The choice of a seat nobody plays now: a bot's, an absent person's (None: the
        person in it chooses)."""

        def choice(seat: str) -> str | None:
            player = self.occupant.get(seat) if seat in h.start.people else None
            if player is None:
                return h.bot_choice()
            return h.auto_choice() if self.members[player].away else None

        return choice

    def _advance(self, now: float) -> None:
        """Play bots and absent seats, settle, deal when everyone is ready; set the deadline."""
        dealt = False
        for _ in range(_STEP_BOUND):
            h = self.hand
            if h is not None and h.play_until(self._automatic(h)) is not None:
                self._wait(["act", h.number, h.step], now)
                return
            if h is not None and not self.settled:
                self._settle(h)
            people = self._people_seats()
            present = [
                s
                for s in people
                if not self.members[self.occupant[s]].away and self._connected(self.occupant[s])
            ]
            # a host gone hands the room on even when nobody seated is here (a watcher then
            # holds it, and may free the seats)
            self._hand_over_host(now)
            if not present:
                self.deadline, self._waiting = None, None
                return
            if self._pending_bets() and not self._start_now:
                if self.last_number == 0:  # people are still arriving: no timer yet
                    self.deadline, self._waiting = None, None
                    return
                self._wait(["bet", self.last_number + 1], now)
                return
            if dealt:  # one deal per command: the next waits for the people's bets
                self.deadline, self._waiting = None, None
                return
            self._deal(now)
            dealt = True
        raise AssertionError("a room played more steps than any hand has")

    def _deal(self, now: float) -> None:
        seated = self._people_seats()
        # a person gone sits the hand out (and, at the host's Start, one not ready); the
        # banker's seat never does
        waited = set(self._pending_bets()) if self._start_now else set()
        self._start_now = False
        self.sitting_out = {
            s
            for s in seated
            if s != self.banker and (s in waited or self._gone(self.occupant[s], now))
        }
        people = tuple(s for s in seated if s not in self.sitting_out)
        stacks = dict(self.stacks)
        seats = list(self.seats)
        for seat in self.sitting_out:
            if self.game.layout:
                stacks[seat] = self.game.fresh_stack()  # a bot's, for this hand
            else:
                seats.remove(seat)
                del stacks[seat]
        bets = {}
        for seat in people:
            if seat == self.banker:
                continue
            if seat in self.bets:
                bets[seat] = self.bets[seat]
            else:  # away: the smallest bet (T8 / B5 / K3)
                bets[seat] = self.game.check_bet(seat, people, self.game.min_bet, self.stacks[seat])
        start = self.table.start(
            seed=self.entropy(),
            seats=tuple(seats),
            people=people,
            stacks=stacks,
            bets=bets,
            side_bets={s: b for s, b in self.side_bets.items() if s in bets},
        )
        if self.ledger.current is None:  # a room saved before the ledger: a fresh shoe
            start = dataclasses.replace(start, shoe=self._new_shoe(self.game))
        self.hand = self.table.deal(self.game, start)
        self.dealt_to = {seat: self.occupant[seat] for seat in people}
        self.present = {p for p in self.dealt_to.values() if self._connected(p)}
        self.settled = False
        self.bets, self.side_bets = {}, {}
        self.deadline, self._waiting = None, None

    def _settle(self, h: HandDriver) -> None:
        s = h.settle()
        names = {p: m.name for p, m in self.members.items()}
        house = None if self.settings.house is None else self.settings.house.to_json()
        self._finished = (h, s, dict(self.dealt_to), names, house)  # its record: take_recall
        # a seat sat out: the bot's stack was the hand's, the person's stays as it was
        self.table.settle(s, kept=self.sitting_out)
        self.sitting_out = set()
        if self.table.shoe_due(self.game):
            # the next hand's shoe, committed now: every seat sees it before betting
            self._new_shoe(self.game)
        self.ledger.forget(self.keep_shoes)
        self.last_summary = s.summary
        self.tally.add(s.summary, self.dealt_to, {p: m.name for p, m in self.members.items()})
        self._free_gone()
        self.settled = True
        self.deadline, self._waiting = None, None

    # ------------------------------------------------------------------ saving

    def to_json(self) -> dict[str, Any]:
        """The room as JSON-ready data: everything but the open sockets (``rooms.saved``)."""
        return room_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any], *, entropy: Callable[[], int] = _entropy) -> Room:
        """A room saved by ``to_json``; a hand in the middle is dealt again from the same
        shoe and seed and its choices replayed, so it stands exactly where it stood."""
        return load_room(cls, data, entropy=entropy)


def _driver(settings: RoomSettings) -> GameDriver:
    """The driver of the room's game, with its decks, bank and house."""
    return driver_for(settings.game, decks=settings.decks, bank=settings.bank, house=settings.house)


_whole = is_whole


def new_room(
    code: str,
    settings: RoomSettings,
    host: str,
    host_name: object,
    now: float,
    *,
    entropy: Callable[[], int] = _entropy,
) -> Room:
    """A room made by ``host``, who joins it under ``host_name`` (and may then sit)."""
    room = Room(code, settings, host, entropy=entropy)
    room.join(host, host_name, now)
    return room
