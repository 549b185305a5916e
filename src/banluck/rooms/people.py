"""The people of a room (``rooms.room``): who is in it and where they sit, the door they came
in by (``rooms.door``), who is here now and who is gone, and who holds the host's role.

``People`` is the part of ``Room`` these commands live in (the Room inherits it): pure, as
the room is; every command takes ``now`` and changes the room or raises ``Refusal`` having
changed nothing.
"""

from __future__ import annotations

import dataclasses

from banluck.core.refusal import Refusal
from banluck.games.driver import GameDriver, HandDriver
from banluck.rooms.door import Door, enter
from banluck.rooms.names import display_name, same_name
from banluck.rooms.settings import RoomSettings

#: At most this many people (players and watchers) in one room.
MEMBER_LIMIT = 200
#: Seconds a person's last socket may be closed (a reload) before the table stops waiting
#: for them
GONE_GRACE = 3.0
#: Seconds the room's own host may be offline (a reload, a phone asleep, a lost network)
#: before someone present holds the host's role for them; it comes back when they do.
HOST_GRACE = 60.0


@dataclasses.dataclass
class Member:
    """A person in the room (by the id of their signed cookie)."""

    player: str
    name: str
    seat: str | None = None
    away: bool = False
    #: their seat went back to a bot after a whole hand without them (told until they sit)
    freed: bool = False
    #: came in while the room was locked to watchers (``rooms.door``): may not sit while
    #: that lock holds
    watch_only: bool = False


class People:
    """Who is in a room, where they sit and who holds the host's role (see the module)."""

    # the room's state these commands read and change (``Room.__init__`` sets it)
    settings: RoomSettings
    game: GameDriver
    hand: HandDriver | None
    members: dict[str, Member]
    seats: list[str]
    occupant: dict[str, str]
    stacks: dict[str, int]
    kept_stacks: dict[str, int]
    bets: dict[str, int]
    side_bets: dict[str, dict[str, int]]
    last_bets: dict[str, int]
    door: Door
    bank_offer: str | None
    host: str
    owner: str
    _owner_gone: float | None
    connections: dict[str, int]
    gone_since: dict[str, float]
    present: set[str]
    version: int

    def changed(self, now: float) -> None:
        """The room changed (``Room``: the table moves on, a new version)."""
        raise NotImplementedError

    @property
    def in_hand(self) -> bool:
        return self.hand is not None and not self.hand.over

    def member(self, player: str) -> Member:
        m = self.members.get(player)
        if m is None:
            raise Refusal("not_found", "join the room first: choose a name")
        return m

    def _people_seats(self) -> tuple[str, ...]:
        return tuple(s for s in self.seats if s in self.occupant)

    def _connected(self, player: str) -> bool:
        return self.connections.get(player, 0) > 0

    def join(self, player: str, name: object, now: float, passcode: object = None) -> None:
        """Enter the room (or change one's display name): a watcher until one sits. A new
        person passes the door first (``rooms.door``: the lock, the passcode, the knock)."""
        shown = display_name(name)
        self._name_free(player, shown)
        m = self.members.get(player)
        if m is None:
            if not enter(self, player, shown, passcode, now):
                return  # waiting at the door for the host
            self.add_member(player, shown)
        else:
            m.name = shown
        self.changed(now)

    def _name_free(self, player: str, shown: str) -> None:
        """N5: names that look alike are one name (Unicode's confusables)."""
        taken = next(
            (x.name for p, x in self.members.items() if p != player and same_name(x.name, shown)),
            None,
        )
        if taken is not None:
            raise Refusal(
                "name_taken", f"someone in the room is called {taken!r} already", {"name": taken}
            )

    def add_member(self, player: str, name: str) -> None:
        """A new person in the room, watching (``room_full`` past the caps)."""
        self._name_free(player, name)
        if len(self.members) >= MEMBER_LIMIT:
            raise Refusal("room_full", f"the room holds {MEMBER_LIMIT} people")
        watching = sum(1 for x in self.members.values() if x.seat is None)
        if watching >= self.settings.watchers:
            raise Refusal(
                "room_full",
                f"the room takes no more watchers (at most {self.settings.watchers})",
                {"watchers": self.settings.watchers},
            )
        self.members[player] = Member(player, name, watch_only=self.door.lock == "watch")

    def member_named(self, name: object) -> str:
        """The player of the person of the room called ``name`` (``not_found``)."""
        found = [m.player for m in self.members.values() if m.name == name]
        if not found:
            raise Refusal("not_found", f"nobody here is called {name!r}", {"name": name})
        return found[0]

    def set_watchers(self, watchers: int) -> None:
        """The host's cap on the people watching (those watching already stay)."""
        self.settings = dataclasses.replace(self.settings, watchers=watchers)

    def between_hands(self, what: str) -> None:
        if self.in_hand:
            raise Refusal("hand_in_progress", f"{what} between hands: wait for this one to end")

    def sit(self, player: str, seat: object, now: float) -> None:
        """Take a free seat between hands (the bot there leaves)."""
        m = self.member(player)
        self.between_hands("seats are taken")
        if m.seat is not None:
            raise Refusal("seat_taken", f"you already sit at {m.seat!r}", {"seat": m.seat})
        if m.watch_only and self.door.lock == "watch":
            raise Refusal("room_locked", "the room is locked: you came in to watch")
        if not self.game.layout:
            if seat is not None:
                raise Refusal("bad_request", "in this game a seat is made for you: send no seat")
            name = self.game.next_seat_name(tuple(self.seats))
            self.seats.append(name)
        else:
            if not isinstance(seat, str) or seat not in self.seats:
                raise Refusal(
                    "bad_request",
                    f"no seat {seat!r} (the seats are {', '.join(self.seats)})",
                    {"seats": list(self.seats)},
                )
            if seat in self.occupant:
                raise Refusal("seat_taken", f"seat {seat!r} is taken", {"seat": seat})
            name = seat
        self.occupant[name] = player
        m.seat = name
        m.away = m.freed = False
        self.stacks[name] = self.kept_stacks.pop(player, self.game.fresh_stack())
        self.changed(now)

    def _unseat(self, player: str) -> None:
        m = self.members[player]
        seat = m.seat
        assert seat is not None
        self.kept_stacks[player] = self.stacks[seat]
        del self.occupant[seat]
        self.bets.pop(seat, None)
        self.side_bets.pop(seat, None)
        m.seat = None
        if self.bank_offer == player:
            self.bank_offer = None
        if self.game.layout:
            self.stacks[seat] = self.game.fresh_stack()  # a bot sits down again
        else:
            self.seats.remove(seat)
            del self.stacks[seat]

    def stand_up(self, player: str, now: float) -> None:
        """Leave one's seat between hands (and watch); the stack is kept for later."""
        m = self.member(player)
        if m.seat is None:
            raise Refusal("not_seated", "you have no seat")
        self.between_hands("a seat is left")
        self._unseat(player)
        self.changed(now)

    def free(self, player: str, seat: object, now: float) -> None:
        """The host frees a person's seat between hands."""
        self.host_only(player, "free a seat", now)
        if not isinstance(seat, str) or seat not in self.occupant:
            raise Refusal("bad_request", f"no person sits at {seat!r}", {"seat": seat})
        self.between_hands("a seat is freed")
        self._unseat(self.occupant[seat])
        self.changed(now)

    def remove(self, player: str, name: object, now: float) -> None:
        """The host removes a person from the room between hands, by display name (a seated
        person's seat goes back to a bot, their stack is kept): they watch no more and may
        not come back (``rooms.door``: kept out by their player id)."""
        self.host_only(player, "remove someone", now)
        self.between_hands("people are removed")
        found = [
            m
            for m in self.members.values()
            if m.name == name and m.player not in (self.host, self.owner)
        ]
        if not found:
            raise Refusal("not_found", f"nobody here is called {name!r}", {"name": name})
        gone = found[0]
        if gone.seat is not None:
            self._unseat(gone.player)
        del self.members[gone.player]
        self.last_bets.pop(gone.player, None)
        self.door.banned.add(gone.player)
        self.changed(now)

    def back(self, player: str, now: float) -> None:
        """A person marked away says they are back (their next action would say so too)."""
        m = self.member(player)
        m.away = False
        self.changed(now)

    def connect(self, player: str, now: float) -> None:
        """A socket of ``player`` opened (a person coming back is no longer away). The room
        changes (a new version, saved and sent) only when someone sees it: a person who had
        no socket is online, an away person is back, someone dealt in is present; another
        tab of someone online, or a socket that has not joined, changes nothing seen."""
        online = self._connected(player)
        self.connections[player] = self.connections.get(player, 0) + 1
        self.gone_since.pop(player, None)
        m = self.members.get(player)
        if m is None:
            return
        seen = not online or m.away or (self.in_hand and player not in self.present)
        if self.in_hand:
            self.present.add(player)
        m.away = False
        if seen:
            self.changed(now)

    def touched(self, now: float) -> None:
        """A new version with nothing else changed (a shared store: another process's
        sockets came or went, and every process must hear of it)."""
        self.changed(now)

    def disconnect(self, player: str, now: float) -> None:
        """A socket closed: the seat is kept; the timer goes on. The room changes only when
        a person's last socket closed (they show as offline)."""
        left = self.connections.get(player, 0) - 1
        if left > 0:
            self.connections[player] = left
            return
        self.connections.pop(player, None)
        self.gone_since[player] = now
        if player in self.members:
            self.changed(now)

    def _hand_over_host(self, now: float) -> None:
        """The room's own host (``owner``) holds the role whenever they are here. When they
        have been away ``HOST_GRACE`` seconds and the one holding it is not here either, the
        first person present (in the order they joined) holds it for them: someone can
        always free a seat. A reload or a phone asleep changes nothing."""
        if self._connected(self.owner) or self.owner not in self.members:
            self._owner_gone = None
            if self.owner in self.members:
                self.host = self.owner
            elif not self._connected(self.host):
                self._pass_host()
            return
        if self._owner_gone is None:
            self._owner_gone = now
        if self._connected(self.host) or now - self._owner_gone < HOST_GRACE:
            return
        self._pass_host()

    def _pass_host(self) -> None:
        for m in self.members.values():
            if m.player != self.host and self._connected(m.player):
                self.host = m.player
                return

    def host_only(self, player: str, what: str, now: float) -> None:
        """``forbidden`` unless ``player`` holds the host's role (settled as of ``now``)."""
        before = self.host
        self._hand_over_host(now)
        if self.host != before:
            self.version += 1
        if player != self.host:
            raise Refusal("forbidden", f"only the room's host may {what}")

    def _gone(self, player: str, now: float) -> bool:
        """``player`` has had no socket open for ``GONE_GRACE`` seconds (a reload is not
        being gone; nor is a restart of the server: nobody is gone until seen to leave)."""
        since = self.gone_since.get(player)
        return since is not None and not self._connected(player) and now - since >= GONE_GRACE
