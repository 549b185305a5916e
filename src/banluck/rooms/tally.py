"""A room's settle-up table: each person's result over the session (the hands they were dealt
in, their net chips, their biggest win of one hand), from every settled hand's summary.

Friends who play with chips for fun want to see who is up: the table is shown to everyone in
the room at any time, downloadable as CSV and JSON, and the host may start a new session
(the room stays; the table and the stacks start again). Bots are not counted. A person is
their player id (a name may change); the table shows the name they had at their last hand.

>>> t = Tally()
>>> t.add([{"seat": "you", "net": 50}, {"seat": "anna", "net": -50}], {"you": "p1"}, {"p1": "Ann"})
>>> t.add([{"seat": "you", "net": -20}], {"you": "p1"}, {"p1": "Ann"})
>>> t.rows()
[{'name': 'Ann', 'hands': 2, 'net': 30, 'biggest_win': 50}]
>>> print(t.csv(), end="")
name,hands,net,biggest_win
Ann,2,30,50
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: The columns of a row, in order (the CSV's header).
COLUMNS = ("name", "hands", "net", "biggest_win")


@dataclass
class PersonResult:
    """One person's session so far."""

    name: str
    hands: int = 0
    net: int = 0
    biggest_win: int = 0


class Tally:
    """The settle-up table of one session."""

    def __init__(self) -> None:
        self.people: dict[str, PersonResult] = {}  # player id -> their result

    def add(
        self,
        summary: Sequence[Mapping[str, Any]],
        dealt_to: Mapping[str, str],
        names: Mapping[str, str],
    ) -> None:
        """A settled hand: each summary line (``{"seat", "net"}``) of a seat a person was
        dealt (``dealt_to``: seat -> player) counts for that person, named by ``names``."""
        for line in summary:
            player = dealt_to.get(str(line["seat"]))
            if player is None:
                continue  # a bot's seat
            net = int(line["net"])
            r = self.people.get(player)
            if r is None:
                r = self.people[player] = PersonResult(names.get(player, "?"))
            r.name = names.get(player, r.name)
            r.hands += 1
            r.net += net
            r.biggest_win = max(r.biggest_win, net)

    def rows(self) -> list[dict[str, Any]]:
        """The table: most chips won first, then by name."""
        ranked = sorted(self.people.values(), key=lambda r: (-r.net, r.name))
        return [{c: getattr(r, c) for c in COLUMNS} for r in ranked]

    def csv(self) -> str:
        """The table as CSV text (a header line, then a line per person)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for row in self.rows():
            writer.writerow([row[c] for c in COLUMNS])
        return out.getvalue()

    def to_json(self) -> dict[str, Any]:
        return {
            p: {"name": r.name, "hands": r.hands, "net": r.net, "biggest_win": r.biggest_win}
            for p, r in self.people.items()
        }

    @classmethod
    def from_json(cls, data: object) -> Tally:
        """The table saved by ``to_json`` (ValueError when it is not one)."""
        t = cls()
        if data is None:
            return t
        if not isinstance(data, dict):
            raise ValueError("the room's settle-up table must be an object")
        for player, r in data.items():
            if not isinstance(r, dict):
                raise ValueError("a settle-up line must be an object")
            t.people[str(player)] = PersonResult(
                name=str(r["name"]),
                hands=int(r["hands"]),
                net=int(r["net"]),
                biggest_win=int(r["biggest_win"]),
            )
        return t
