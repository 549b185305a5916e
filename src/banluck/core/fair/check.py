"""Checking a history (issue 11 #6): every revealed shoe matches its commitment, and every
card dealt came from the committed shoes, from the top, in order, one shoe after another."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from banluck.core.cards import ONE_DECK
from banluck.core.fair.history import Deal, History, ShoeRecord
from banluck.core.fair.scheme import commitment_of, derive_order, salt_commitment_of


class _Mismatch(Exception):
    """The first thing in a history that does not verify."""


@dataclass(frozen=True, kw_only=True, slots=True)
class VerifyReport:
    """What :func:`verify_history` found: counts, and the first problem (None: verified)."""

    shoes: int
    #: revealed shoes no card was dealt from (e.g. the shuffle before a table's first hand
    #: when the table shuffles before every hand)
    unused: int
    #: shoes committed but not revealed yet (the shoe in use): none of their cards is listed
    pending: int
    hands: int
    cards: int
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    def summary(self) -> str:
        """One line: ``verified: N shoes, M hands, K cards`` or ``NOT verified: …``."""
        if self.problem is not None:
            return f"NOT verified: {self.problem}"
        notes = []
        if self.unused:
            notes.append(f"{self.unused} never dealt from")
        if self.pending:
            notes.append(f"{self.pending} not revealed yet")
        more = f" ({', '.join(notes)})" if notes else ""
        return f"verified: {self.shoes} shoes{more}, {self.hands} hands, {self.cards} cards"


def _full(decks: int) -> Counter[str]:
    return Counter({card.code: decks for card in ONE_DECK})


def _check_shoe(rec: ShoeRecord) -> None:
    """The reveal hashes to the commitment, holds as many cards as committed, and a
    ``shuffle`` shoe holds every card of its decks once per deck."""
    c, r = rec.commitment, rec.reveal
    assert r is not None
    got = commitment_of(r.salt, r.order)
    if got != c.commitment:
        raise _Mismatch(
            f"shoe {c.shoe}: the revealed order and salt hash to {got[:16]}…, "
            f"not to the committed {c.commitment[:16]}…"
        )
    if c.client_seed is not None:
        if salt_commitment_of(r.salt) != c.salt_commitment:
            raise _Mismatch(f"shoe {c.shoe}: the revealed salt is not the one committed to")
        if derive_order(r.salt, c.client_seed, r.order) != r.order:
            raise _Mismatch(
                f"shoe {c.shoe}: the order is not the one the salt and the client seed give"
            )
    if len(r.order) != c.cards:
        raise _Mismatch(
            f"shoe {c.shoe}: {c.cards} cards were committed but {len(r.order)} revealed"
        )
    if c.source == "shuffle":
        _check_cards(rec, _full(c.decks), f"a full {c.decks}-deck shoe")


def _check_cards(rec: ShoeRecord, expected: Counter[str], what: str) -> None:
    assert rec.reveal is not None
    counts = Counter(rec.reveal.order)
    if counts != expected:
        extra = sorted((counts - expected).elements())
        detail = f"an extra {extra[0]}" if extra else f"no {sorted(expected - counts)[0]}"
        raise _Mismatch(
            f"shoe {rec.commitment.shoe}: the revealed order is not {what} (it has {detail})"
        )


def verify_history(
    history: History, seen: Iterable[str] = (), hands_seen: Mapping[int, int] | None = None
) -> VerifyReport:
    """Every revealed shoe matches its commitment, and every card dealt came from the
    committed shoes, each from the top in order, the shoes used one after another.

    The shoes are numbered one after another, and so are the hands: each new hand is the
    one after the hand before (a hand may go on into the next shoe, never come back after
    another), so no hand is renumbered, swapped or dropped between two others. ``seen``:
    commitments the reader saw at the table; each must be in the history (a history cut
    short, its last shoe dropped, is refused). ``hands_seen``: hands the reader saw dealt,
    each with the shoe in use when it was dealt; each whose shoe is revealed must be dealt
    from it in the history (two hands merged into one and the rest renumbered leave the
    last hand seen out).

    A ``discards`` shoe (C8) must follow the shoe before it once that one is empty, and
    hold exactly the cards of a full shoe less those of the hand in play.
    """
    check = _Checker(history)
    try:
        check.run()
        _check_seen(history, seen, hands_seen or {})
    except _Mismatch as bad:
        problem: str | None = str(bad)
    else:
        problem = None
    revealed = [s.commitment.shoe for s in history.shoes if s.reveal is not None]
    return VerifyReport(
        shoes=len(history.shoes),
        unused=sum(1 for sid in revealed if check.pos.get(sid, 0) == 0),
        pending=len(history.shoes) - len(revealed),
        hands=len(check.hands),
        cards=check.cards,
        problem=problem,
    )


def _check_seen(history: History, seen: Iterable[str], hands_seen: Mapping[int, int]) -> None:
    """What the reader saw at the table is in the history (``verify_history``)."""
    committed = {s.commitment.commitment for s in history.shoes}
    for c in seen:
        if c.lower() not in committed:
            raise _Mismatch(f"the commitment {c[:16]}… seen at the table is not in it")
    revealed = {s.commitment.shoe for s in history.shoes if s.reveal is not None}
    first: dict[int, int] = {}  # each hand's first shoe
    for d in history.deals:
        if d.hand is not None:
            first.setdefault(d.hand, d.shoe)
    for hand, shoe in sorted(hands_seen.items()):
        if shoe in revealed and first.get(hand) != shoe:
            raise _Mismatch(f"hand {hand}, seen dealt from shoe {shoe}, is not dealt from it")


class _Checker:
    """Walks a history's deals against its shoes (see :func:`verify_history`)."""

    def __init__(self, history: History) -> None:
        self.history = history
        self.by_id: dict[int, ShoeRecord] = {}
        self.rank: dict[int, int] = {}
        self.pos: dict[int, int] = {}
        self.hands: set[int] = set()
        self.cards = 0
        self.current: int | None = None
        self.this_hand: Counter[str] = Counter()  # the hand in play's cards so far
        self.last_numbered: int | None = None  # the last hand dealt (burns aside)
        self.derived = False  # a shoe derived from a committed salt was seen

    def run(self) -> None:
        first = self.history.shoes[0].commitment.shoe if self.history.shoes else 1
        for i, rec in enumerate(self.history.shoes):
            sid = rec.commitment.shoe
            if sid in self.by_id:
                raise _Mismatch(f"shoe {sid} is committed twice")
            if sid != first + i:
                raise _Mismatch(
                    f"shoe {sid} follows shoe {first + i - 1}: shoes are numbered in turn"
                )
            self.by_id[sid], self.rank[sid], self.pos[sid] = rec, i, 0
            # a table that derives its shoes from committed salts never stops: a shuffled
            # shoe after a derived one without its seed record had it left out
            c = rec.commitment
            if c.client_seed is not None:
                self.derived = True
            elif self.derived and c.source == "shuffle":
                raise _Mismatch(
                    f"shoe {sid}: its seed record (salt commitment and client seed) is left"
                    " out, yet the shoes before it were derived"
                )
            if rec.reveal is not None:
                if i and self.history.shoes[i - 1].reveal is None:
                    raise _Mismatch(
                        f"shoe {sid} is revealed but shoe "
                        f"{self.history.shoes[i - 1].commitment.shoe}, committed before it, is not"
                    )
                _check_shoe(rec)
        last_hand: int | None = None
        card_no = 0
        for deal in self.history.deals:
            found = self.by_id.get(deal.shoe)
            if found is None:
                raise _Mismatch(f"{deal.label} draws from shoe {deal.shoe}, never committed")
            rec = found
            if rec.reveal is None:
                raise _Mismatch(
                    f"shoe {deal.shoe} is not revealed, so {deal.label}'s cards cannot be checked"
                )
            if deal.hand is None or deal.hand != last_hand:
                card_no = 0
                self.this_hand = Counter()
            if deal.hand is not None:
                self._next_hand(deal.hand)
            last_hand = deal.hand
            if deal.shoe != self.current:
                self._enter(rec, deal)
            order = rec.reveal.order
            for code in deal.cards:
                card_no += 1
                at = self.pos[deal.shoe]
                if at >= len(order):
                    raise _Mismatch(
                        f"{deal.label}, card {card_no}: dealt {code} but shoe {deal.shoe} "
                        f"has only {len(order)} cards"
                    )
                if order[at] != code:
                    raise _Mismatch(
                        f"{deal.label}, card {card_no}: dealt {code} but the committed "
                        f"shoe {deal.shoe} has {order[at]} at position {at + 1}"
                    )
                self.pos[deal.shoe] = at + 1
                self.this_hand[code] += 1
                self.cards += 1
            if deal.hand is not None:
                self.hands.add(deal.hand)

    def _next_hand(self, hand: int) -> None:
        """A deal of ``hand``: the hand in play going on, or the one after it."""
        last = self.last_numbered
        if last is not None and hand != last and hand != last + 1:
            raise _Mismatch(
                f"hand {hand} is dealt after hand {last}: hands are numbered in turn, each"
                " after the one before"
            )
        if hand != last and hand in self.hands:
            raise _Mismatch(f"hand {hand} is dealt again after another hand")
        self.last_numbered = hand

    def _enter(self, rec: ShoeRecord, deal: Deal) -> None:
        """The deals move on to ``rec``'s shoe: never back to an earlier one; a C8 pack only
        right after the pack before it ran out, holding exactly the discards."""
        c = rec.commitment
        current = self.current
        if self.pos[c.shoe] > 0 or (current is not None and self.rank[c.shoe] < self.rank[current]):
            raise _Mismatch(f"{deal.label} goes back to shoe {c.shoe} after a later shoe")
        if c.source == "discards":
            if current is None or self.rank[c.shoe] != self.rank[current] + 1:
                raise _Mismatch(
                    f"shoe {c.shoe} shuffles in discards but does not follow the shoe in use"
                )
            left = self.by_id[current].commitment.cards - self.pos[current]
            if left:
                raise _Mismatch(
                    f"shoe {c.shoe} shuffles in the discards while shoe {current} still has "
                    f"{left} cards"
                )
            _check_cards(rec, _full(c.decks) - self.this_hand, "the discards")
        self.current = c.shoe
