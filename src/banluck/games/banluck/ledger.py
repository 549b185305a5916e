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

from banluck.core.cards import parse_cards
from banluck.core.errors import BadCard, LedgerError
from banluck.games.banluck.dealer import dealer_kind, dealer_voids
from banluck.games.banluck.hands import (
    HandKind,
    hand_total,
    is_seven_seven_seven,
    kind_with_total,
    natural_kind,
)
from banluck.games.banluck.rules import Rules
from banluck.games.banluck.settle import End, bets_won, settle_end

#: the words of an end that need no total, as a seat says them
_WORDS = {
    "ban-ban": HandKind.BAN_BAN,
    "ban-luck": HandKind.BAN_LUCK,
    "7-7-7": HandKind.SEVEN_SEVEN_SEVEN,
    "bust": HandKind.BUST,
    "five-card-bust": HandKind.BUST,
}
#: every word the ledger reads, for the error that lists them
ENDS = (*_WORDS, "five-dragon N", "a total N", "lost", "thrown", "void (the banker)", "cards")
#: "lost": a hand that lost to the banker's at the showdown, whatever its total (a plain
#: total below any the banker can end on: it loses the banker's multiple, T18 / T14)
LOST = End(kind=HandKind.PLAIN, total=0, cards=2)


def read_end(rules: Rules, said: object, *, banker: bool) -> End:
    """One person's end: a word, a total, or a list of card codes (LedgerError if none of
    these, or if the house has no such hand)."""
    if isinstance(said, list):
        return _from_cards(rules, said, banker=banker)
    if isinstance(said, int) and not isinstance(said, bool):
        return _total(said)
    if not isinstance(said, str):
        raise LedgerError(f"an end is a word, a total or a list of cards, not {said!r}")
    word = said.strip().lower()
    if word.isdigit():
        return _total(int(word))
    if word == "lost":
        if banker:
            raise LedgerError("lost is a player's hand that lost to the banker's")
        return LOST
    if word in ("thrown", "void"):
        return _thrown(rules, word, banker=banker)
    if word.startswith("five-dragon"):
        return _five_dragon(rules, word, banker=banker)
    kind = _WORDS.get(word)
    if kind is None:
        raise LedgerError(f"{said!r} is not an end (ends: {', '.join(ENDS)})")
    if kind is HandKind.SEVEN_SEVEN_SEVEN and (banker or not rules.seven_seven_seven):
        raise LedgerError("7-7-7 is paid only to a seat, in a house that pays it (H5)")
    if kind is HandKind.BUST:
        five = rules.seat_card_limit if word == "five-card-bust" else 3
        return End(kind=kind, total=22, cards=five)
    if kind is HandKind.SEVEN_SEVEN_SEVEN:
        return End(kind=kind, total=21, cards=3)
    return End(kind=kind, total=21, cards=2, natural=kind)


def _total(total: int) -> End:
    """A plain total of two to four cards (any total: a hand the banker's natural settled
    kept its first two cards)."""
    if not 4 <= total <= 21:
        raise LedgerError(f"{total} is not a total a hand ends on (4 to 21; 'bust' above)")
    return End(kind=HandKind.PLAIN, total=total, cards=3)


def _thrown(rules: Rules, word: str, *, banker: bool) -> End:
    """T15: the banker's two-card 15 thrown in; T16: a seat's free hand thrown in."""
    if word == "void":
        if not banker or not rules.dealer_voids_15:
            raise LedgerError("void is the banker's two-card 15, in a house that voids it (T15)")
        return End(kind=HandKind.PLAIN, total=15, cards=2, void=True)
    if banker or not rules.free_hand:
        raise LedgerError("thrown is a seat's two-card 15, in a house with the free hand (T16)")
    return End(kind=HandKind.PLAIN, total=15, cards=2, thrown=True)


def _five_dragon(rules: Rules, word: str, *, banker: bool) -> End:
    """T6 / T18: five cards of a total, 21 or less (the banker's only where the house says)."""
    _, _, rest = word.partition(" ")
    if not rest.strip().isdigit() or not 5 <= int(rest) <= 21:
        raise LedgerError(f"{word!r}: a five dragon is said with its total, e.g. 'five-dragon 19'")
    if banker and not rules.dealer_five_dragon:
        raise LedgerError("the banker's five cards are no five dragon in this house (T18)")
    return End(kind=HandKind.FIVE_DRAGON, total=int(rest), cards=5)


def _from_cards(rules: Rules, codes: list[object], *, banker: bool) -> End:
    """The hand's own cards, read as the round reads them (T3–T6, T15, H5)."""
    if not all(isinstance(c, str) for c in codes) or len(codes) < 2:
        raise LedgerError(f"{codes!r}: a hand's cards are two or more card codes such as 'AS'")
    try:
        cards = parse_cards([str(c) for c in codes])
    except BadCard as exc:
        raise LedgerError(str(exc)) from None
    limit = rules.dealer_card_limit if banker else rules.seat_card_limit
    if limit is not None and len(cards) > limit:
        raise LedgerError(f"{' '.join(map(str, codes))}: a hand stops at {limit} cards")
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
            raise LedgerError(f"{seat}: no hand loses to a banker who bust: say how it ended")
        nets[seat] = bets_won(*settle_end(rules, mine, dealer)) * bet
    nets[banker] = -sum(nets.values())
    return nets


def _read(rules: Rules, who: str, ends: Mapping[str, object], *, banker: bool) -> End:
    if who not in ends:
        raise LedgerError(f"{who}: no end given")
    try:
        return read_end(rules, ends[who], banker=banker)
    except LedgerError as exc:
        raise LedgerError(f"{who}: {exc}") from None


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
