"""Who comes into a room: the host's lock, passcode and approval ("knock"), the people the
host turned away, and what the host hands on (the host's role, a kampung bank, the call).

Pure, as ``rooms.room``: every command takes ``now`` and changes the room or raises
``Refusal`` having changed nothing.

- **Lock** (``lock``): ``open``; ``watch``: a new person comes in to watch and may not sit
  while the lock holds; ``closed``: nobody new comes in. People already in stay.
- **Passcode**: a new person gives it with their name (kept as a salted SHA-256, never as
  typed); the server limits and slows guesses per client address and per room
  (``web.clients.DoorLimits``).
- **Knock**: a new person waits at the door under the name they gave until the host admits
  (they come in as a watcher) or refuses them; at most ``KNOCK_LIMIT`` wait at once.
- **Turned away**: a person the host removes or refuses is kept out of the room by their
  player id (their signed cookie): the same browser cannot come back by the link. A new
  browser (another cookie) is a new person, whom the lock, passcode and knock still stop.
- The room's own host may hand the role to a named person; in a kampung room whose bank
  passes round, the host may offer the bank to a seated person, who takes it or declines.
- A call link (``https`` only) that every member sees, never a person outside the room.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from banluck.core.refusal import Refusal
from banluck.core.text import text_fault
from banluck.rooms.names import same_name
from banluck.rooms.settings import check_watchers

if TYPE_CHECKING:
    from banluck.rooms.people import People
    from banluck.rooms.room import Room

LOCKS = ("open", "watch", "closed")
#: People who may wait at the door at once.
KNOCK_LIMIT = 20
#: A passcode's length in characters.
PASSCODE_MIN, PASSCODE_MAX = 1, 32
#: A call link's length in characters.
CALL_MAX = 300


@dataclass
class Door:
    """The room's door (see the module's text); saved with the room when not open."""

    lock: str = "open"
    #: ``salt$sha256`` of the passcode (None: no passcode)
    passcode: str | None = None
    knock: bool = False
    #: player -> the name they knocked under, in the order they knocked
    knocking: dict[str, str] = field(default_factory=dict)
    #: players the host removed or refused
    banned: set[str] = field(default_factory=set)
    #: the family's video call (members see it)
    call: str | None = None

    def to_json(self) -> dict[str, Any]:
        """What is saved: the fields that differ from an open door."""
        out: dict[str, Any] = {}
        if self.lock != "open":
            out["lock"] = self.lock
        if self.passcode is not None:
            out["passcode"] = self.passcode
        if self.knock:
            out["knock"] = True
        if self.knocking:
            out["knocking"] = [[p, n] for p, n in self.knocking.items()]
        if self.banned:
            out["banned"] = sorted(self.banned)
        if self.call is not None:
            out["call"] = self.call
        return out

    @classmethod
    def from_json(cls, data: object) -> Door:
        """A door saved by ``to_json`` (None: an open one); ValueError when damaged."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError("the room's door must be an object")
        lock = data.get("lock", "open")
        if lock not in LOCKS:
            raise ValueError(f"the room's lock {lock!r} is not one of {LOCKS}")
        passcode = data.get("passcode")
        call = data.get("call")
        if passcode is not None and not isinstance(passcode, str):
            raise ValueError("the room's passcode must be text")
        if call is not None and not isinstance(call, str):
            raise ValueError("the room's call link must be text")
        return cls(
            lock=lock,
            passcode=passcode,
            knock=bool(data.get("knock", False)),
            knocking={str(p): str(n) for p, n in data.get("knocking", [])},
            banned={str(p) for p in data.get("banned", [])},
            call=call,
        )

    def public_json(self) -> dict[str, Any] | None:
        """What anyone who opens the link may know of the door (None: open)."""
        if self.lock == "open" and self.passcode is None and not self.knock:
            return None
        return {"lock": self.lock, "passcode": self.passcode is not None, "knock": self.knock}

    def check_entry(self, player: str, passcode: object) -> None:
        """Refuse a new person the door keeps out (``banned``, ``room_locked``,
        ``bad_passcode``)."""
        if player in self.banned:
            raise Refusal("banned", "the host has not let you into this room")
        if self.lock == "closed":
            raise Refusal("room_locked", "the room is locked: nobody new comes in")
        if self.passcode is not None and not _matches(self.passcode, passcode):
            raise Refusal("bad_passcode", "that is not the room's passcode")


def _folded(code: str) -> bytes:
    return unicodedata.normalize("NFKC", code).strip().encode("utf-8")


def _hashed(salt: str, code: str) -> str:
    return hashlib.sha256(salt.encode("ascii") + b"$" + _folded(code)).hexdigest()


def _matches(kept: str, given: object) -> bool:
    if not isinstance(given, str) or len(given) > 4 * PASSCODE_MAX:
        return False
    salt, _, digest = kept.partition("$")
    return hmac.compare_digest(_hashed(salt, given), digest)


def check_passcode(value: object) -> str:
    """A passcode the host sets: 1 to 32 visible characters (``bad_request`` otherwise)."""
    if not isinstance(value, str):
        raise Refusal("bad_request", "a passcode is text", {"field": "passcode"})
    code = unicodedata.normalize("NFKC", value).strip()
    if not PASSCODE_MIN <= len(code) <= PASSCODE_MAX or text_fault(code) is not None:
        raise Refusal(
            "bad_request",
            f"a passcode has {PASSCODE_MIN} to {PASSCODE_MAX} visible characters",
            {"field": "passcode", "max": PASSCODE_MAX},
        )
    return code


def check_call(value: object) -> str | None:
    """A call link: an ``https`` address of at most ``CALL_MAX`` characters, or None."""
    if value is None or value == "":
        return None
    link = value.strip() if isinstance(value, str) else ""
    try:
        parts = urlsplit(link)
    except ValueError:  # "https://[::1": no address at all
        parts = urlsplit("")
    if (
        not 0 < len(link) <= CALL_MAX
        or text_fault(link) is not None
        or " " in link
        or parts.scheme != "https"
        or not parts.hostname
    ):
        raise Refusal(
            "bad_request",
            f"a call link is an https address of at most {CALL_MAX} characters",
            {"field": "call", "max": CALL_MAX},
        )
    return link


# ---------------------------------------------------------------------- the room's commands


def enter(room: People, player: str, name: str, passcode: object, now: float) -> bool:
    """A new person at the door under ``name``: refused, or waiting for the host (True: the
    room is to make them a member now)."""
    door = room.door
    door.check_entry(player, passcode)
    if not door.knock:
        return True
    if player not in door.knocking and len(door.knocking) >= KNOCK_LIMIT:
        raise Refusal(
            "room_full", f"{KNOCK_LIMIT} people are waiting at the door already: try later"
        )
    taken = next((n for p, n in door.knocking.items() if p != player and same_name(n, name)), None)
    if taken is not None:
        raise Refusal("name_taken", f"someone is called {taken!r} already", {"name": taken})
    door.knocking[player] = name
    room.changed(now)
    return False


def set_door(room: Room, player: str, frame: dict[str, Any], now: float) -> None:
    """The host changes the lock, the passcode (text sets it, null clears it), the knock,
    the watchers' cap or the call link: only the fields the frame names."""
    room.host_only(player, "change who comes in", now)
    door = room.door
    lock, knock = frame.get("lock", door.lock), frame.get("knock", door.knock)
    if lock not in LOCKS:
        raise Refusal("bad_request", f"'lock' is one of {', '.join(LOCKS)}", {"field": "lock"})
    if not isinstance(knock, bool):
        raise Refusal("bad_request", "'knock' is true or false", {"field": "knock"})
    passcode = door.passcode
    if "passcode" in frame:
        value = frame["passcode"]
        if value is None:
            passcode = None
        else:
            salt = format(room.entropy() & (2**64 - 1), "016x")
            passcode = f"{salt}${_hashed(salt, check_passcode(value))}"
    call = check_call(frame["call"]) if "call" in frame else door.call
    watchers = room.settings.watchers
    if "watchers" in frame:
        watchers = check_watchers(frame["watchers"], "bad_request")
    door.lock, door.knock, door.passcode, door.call = lock, knock, passcode, call
    if watchers != room.settings.watchers:
        room.set_watchers(watchers)
    if not knock:  # the door opens: those waiting come in, as the host would admit them
        for waiting in list(door.knocking):
            with contextlib.suppress(Refusal):  # no room for them: they wait for the host
                _admit(room, waiting)
    room.changed(now)


def _knocker(room: Room, name: object) -> str:
    found = [p for p, n in room.door.knocking.items() if n == name]
    if not found:
        raise Refusal("not_found", f"nobody called {name!r} is waiting", {"name": name})
    return found[0]


def _admit(room: Room, player: str) -> None:
    """A person waiting comes in (``room_full`` or ``name_taken``: they wait still)."""
    room.add_member(player, room.door.knocking[player])
    del room.door.knocking[player]


def admit(room: Room, player: str, name: object, now: float) -> None:
    """The host lets in a person waiting at the door (a watcher until they sit)."""
    room.host_only(player, "let people in", now)
    _admit(room, _knocker(room, name))
    room.changed(now)


def refuse(room: Room, player: str, name: object, now: float) -> None:
    """The host turns away a person waiting at the door (kept out from then on)."""
    room.host_only(player, "turn people away", now)
    who = _knocker(room, name)
    del room.door.knocking[who]
    room.door.banned.add(who)
    room.changed(now)


def make_host(room: Room, player: str, name: object, now: float) -> None:
    """The room's own host hands the role (and the room: new sessions, the door) to a
    person of the room, named."""
    room.host_only(player, "hand on the host's role", now)
    if player != room.owner:
        raise Refusal("forbidden", "only the room's own host may hand the role on")
    target = room.member_named(name)
    if target == player:
        raise Refusal("bad_request", "you are the host already")
    room.owner = room.host = target
    room.changed(now)


def offer_bank(room: Room, player: str, name: object, now: float) -> None:
    """The host offers the bank (kampung, K2 ``rotate``) to a seated person, who takes it
    or declines (``answer_bank``); a new offer replaces the one before."""
    room.host_only(player, "offer the bank", now)
    room.between_hands("the bank is handed on")
    if room.settings.bank != "rotate":
        raise Refusal("bad_request", "the bank is handed on only in a room where it passes round")
    target = room.member_named(name)
    seat = room.members[target].seat
    if seat is None:
        raise Refusal("not_seated", f"{name!r} has no seat", {"name": name})
    if seat == room.banker:
        raise Refusal("bad_request", f"{name!r} holds the bank already", {"name": name})
    room.bank_offer = target
    room.changed(now)


def answer_bank(room: Room, player: str, take: bool, now: float) -> None:
    """The person offered the bank takes it (from the next hand, its count of hands
    banked from zero) or declines it."""
    if room.bank_offer != player:
        raise Refusal("not_found", "nobody has offered you the bank")
    room.between_hands("the bank is handed on")
    seat = room.members[player].seat
    room.bank_offer = None
    if take and seat is not None:
        old = room.banker
        for s in (seat, old):
            if s is not None:
                room.bets.pop(s, None)
                room.side_bets.pop(s, None)
        room.table.banker, room.table.hands_banked = seat, 0
    room.changed(now)
