"""A real-card hand of the Ban Luck family settled from how each hand ended (the ledger,
docs/LEDGER.md): the words a family says at the table (``"19"``, ``"bust"``,
``"ban-luck"``, ``"five-dragon 20"``) or the cards themselves, read with the house's rules
into ``settle.End`` and settled by ``settle.settle_end``, the settlement's one home.

>>> from banluck.games.banluck.rules import TABLE
>>> settle_hand(TABLE, "Mum", {"Anna": 10, "Ben": 20},
...             {"Mum": "19", "Anna": "ban-luck", "Ben": ["KS", "5H", "9C"]})
{'Anna': 20, 'Ben': -20, 'Mum': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from banluck.core.cards import Card
from banluck.core.errors import LedgerError
from banluck.games.banluck.dealer import dealer_kind, dealer_voids
from banluck.games.banluck.hands import (
    HandKind,
    hand_total,
    is_seven_seven_seven,
    kind_with_total,
    natural_kind,
)
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.said import read_said
from banluck.games.banluck.settle import End, bets_won, settle_end

#: the words of an end besides a total, a five dragon and the cards
WORDS = ("lost", "bust", "five-card-bust", "ban-ban", "ban-luck", "7-7-7", "thrown", "void")
#: "lost": a hand that lost to the banker's at the showdown, whatever its total (a plain
#: total below any the banker can end on: it loses the banker's multiple, T18 / T14)
LOST = End(kind=HandKind.PLAIN, total=0, cards=2)


def read_end(rules: Rules, said: object, *, banker: bool) -> End:
    """One person's end: a word, a total, or a list of card codes (LedgerError if none of
    these, or if the house has no such hand)."""
    s = read_said(said, WORDS)
    word = s.word
    if word == "cards":
        return _from_cards(rules, s.cards, banker=banker)
    if word == "total":
        return End(kind=HandKind.PLAIN, total=s.total, cards=3)
    if word == "five-dragon":
        if banker and not rules.dealer_five_dragon:
            raise LedgerError("the banker's five cards are no five dragon in this house (T18)")
        return End(kind=HandKind.FIVE_DRAGON, total=s.total, cards=5)
    if word == "lost":
        if banker:
            raise LedgerError("lost is a player's hand that lost to the banker's")
        return LOST
    if word in ("thrown", "void"):
        return _thrown(rules, word, banker=banker)
    if word in ("bust", "five-card-bust"):
        five = rules.seat_card_limit if word == "five-card-bust" else 3
        return End(kind=HandKind.BUST, total=22, cards=five)
    if word == "7-7-7":
        if banker or not rules.seven_seven_seven:
            raise LedgerError("7-7-7 is paid only to a seat, in a house that pays it (H5)")
        return End(kind=HandKind.SEVEN_SEVEN_SEVEN, total=21, cards=3)
    natural = HandKind(word)  # ban-ban, ban-luck
    return End(kind=natural, total=21, cards=2, natural=natural)


def _thrown(rules: Rules, word: str, *, banker: bool) -> End:
    """T15: the banker's two-card 15 thrown in; T16: a seat's free hand thrown in."""
    if word == "void":
        if not banker or not rules.dealer_voids_15:
            raise LedgerError("void is the banker's two-card 15, in a house that voids it (T15)")
        return End(kind=HandKind.PLAIN, total=15, cards=2, void=True)
    if banker or not rules.free_hand:
        raise LedgerError("thrown is a seat's two-card 15, in a house with the free hand (T16)")
    return End(kind=HandKind.PLAIN, total=15, cards=2, thrown=True)


def _from_cards(rules: Rules, cards: tuple[Card, ...], *, banker: bool) -> End:
    """The hand's own cards, read as the round reads them (T3–T6, T15, H5)."""
    limit = rules.dealer_card_limit if banker else rules.seat_card_limit
    if limit is not None and len(cards) > limit:
        raise LedgerError(f"{' '.join(map(str, cards))}: a hand stops at {limit} cards")
    total = hand_total(cards, rules)
    natural = natural_kind(cards[0], cards[1])
    count = len(cards)
    if banker:
        if dealer_voids(rules, total, count):
            return End(kind=HandKind.PLAIN, total=total, cards=count, void=True)
        kind = natural if count == 2 and natural else dealer_kind(rules, total, count)
    elif is_seven_seven_seven(cards, rules):
        kind = HandKind.SEVEN_SEVEN_SEVEN
    else:
        kind = natural if count == 2 and natural else kind_with_total(count, total)
    return End(kind=kind, total=total, cards=count, natural=natural if count == 2 else None)


def settle_hand(
    rules: Rules, banker: str, bets: Mapping[str, int], ends: Mapping[str, object]
) -> dict[str, int]:
    """Each person's net for one hand: every seat of ``bets`` against ``banker`` (T19, no
    stack to cap a loss: a ledger records what is owed), the banker the opposite of their
    sum; LedgerError naming the person whose end cannot be read."""
    dealer = _read(rules, banker, ends, banker=True)
    nets: dict[str, int] = {}
    for seat, bet in bets.items():
        mine = _read(rules, seat, ends, banker=False)
        if mine is LOST and dealer.kind is HandKind.BUST and not dealer.void:
            message = f"{seat}: no hand loses to a banker who bust: say how it ended"
            raise LedgerError(message, who=seat)
        nets[seat] = bets_won(*settle_end(rules, mine, dealer)) * bet
    nets[banker] = -sum(nets.values())
    return nets


def _read(rules: Rules, who: str, ends: Mapping[str, object], *, banker: bool) -> End:
    if who not in ends:
        raise LedgerError(f"{who}: no end given", who=who)
    try:
        return read_end(rules, ends[who], banker=banker)
    except LedgerError as exc:
        raise LedgerError(f"{who}: {exc}", who=who) from None


def settlement_table(rules: Rules) -> dict[str, Any]:
    """What a player's end wins or loses against each end of the banker's, in bets (the
    signed multiple; None where the two cannot meet): every end a person can tap, settled
    here once so that a page keeping a ledger offline only multiplies by the bet. The ends
    come most used first; ``banker_quick`` are the banker's ends a page shows at once."""
    common = [*map(str, range(16, 22)), "bust"]
    dragons = [f"five-dragon {t}" for t in range(5, 22)]
    low = list(map(str, range(4, 16)))
    seat_ends = ["lost", *common, "five-card-bust", "ban-luck", "ban-ban"]
    seat_ends += ["7-7-7"] if rules.seven_seven_seven else []
    seat_ends += ["thrown"] if rules.free_hand else []
    seat_ends += [*dragons, *low]
    quick = [*common, "ban-luck", "ban-ban"] + (["void"] if rules.dealer_voids_15 else [])
    banker_ends = [*quick, *(dragons if rules.dealer_five_dragon else []), *low]
    rows: list[list[int | None]] = []
    for seat in seat_ends:
        row: list[int | None] = []
        for bank in banker_ends:
            try:
                row.append(settle_hand(rules, "b", {"s": 1}, {"b": bank, "s": seat})["s"])
            except LedgerError:
                row.append(None)
        rows.append(row)
    return {
        "seat_ends": seat_ends,
        "banker_ends": banker_ends,
        "banker_quick": quick,
        "multiples": rows,
    }
