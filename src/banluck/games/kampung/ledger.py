"""A real-card kampung hand settled from how each hand ended (the ledger, docs/LEDGER.md):
the family's words (``games.banluck.said``) read with the house's rules into
``settle.PlayerEnd`` / ``settle.BankEnd`` and settled by ``settle.settle_end``, the
settlement's one home. A player's end may say more than its hand: ``{"end": "18",
"opened_at": 17}`` (the banker opened it at 17, K16), ``"burnt": true`` (it burnt its 15 and
played a fresh pair for a double bet, K10), ``"doubled": true`` (it doubled against the
banker's burn, K7), ``"non": true`` (it stood under its licence, X7; or the word ``"non"``),
or ``"forfeit"``; the banker's ``{"end": "19", "fifteen": true}`` (its first two cards were
a 15 it played or burnt: every natural escapes, K7), ``"non"`` or ``"void"``. Xì Dách's
houses (XI_DACH.md) add ``"heavy-bust"`` and settle by their own comparison, penalties and
paying for the banker.

>>> from banluck.games.kampung.rules import KAMPUNG
>>> settle_hand(KAMPUNG, "Mum", {"Anna": 10, "Ben": 10, "Mei": 10},
...     {"Mum": "20", "Anna": {"end": "19", "opened_at": 17}, "Ben": "21", "Mei": "lost"})
{'Anna': 10, 'Ben': 20, 'Mei': -10, 'Mum': -20}
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from banluck.core.cards import Card
from banluck.core.errors import LedgerError
from banluck.games.banluck.hands import HandKind, hand_total, natural_kind
from banluck.games.banluck.said import read_said
from banluck.games.kampung.events import Result
from banluck.games.kampung.rules import KampungRules
from banluck.games.kampung.settle import BankEnd, PlayerEnd, ending, shares

#: the words of an end besides a total, a five dragon and the cards
WORDS = (
    "lost",
    "bust",
    "five-card-bust",
    "ban-ban",
    "ban-luck",
    "7-7-7",
    "two-card-15",
    "non",
    "heavy-bust",
)
#: what a player's end may say besides its hand, and the banker's
PLAYER_KEYS = {"end", "opened_at", "burnt", "doubled", "non"}
BANK_KEYS = {"end", "fifteen", "non"}
#: "lost": a hand opened against the banker's and lost, whatever its total
LOST = PlayerEnd(total=0, cards=2)
_LOSSES = (Result.LOSE, Result.FORFEIT, Result.PENALTY)
T = TypeVar("T")


def settle_hand(
    rules: KampungRules, banker: str, bets: Mapping[str, int], ends: Mapping[str, object]
) -> dict[str, int]:
    """Each person's net for one hand against ``banker``, the banker the opposite of their
    sum. No stack caps it (a ledger records what is owed): the bank pays every win in full
    (K3's cap aside), and an offender pays the banker back (X10) at most ``pay_for_banker``
    of its bets, in equal shares, in seat order (the order of ``bets``)."""
    bank = _named(banker, functools.partial(_bank, rules, ends.get(banker)), ends)
    ended = bank.total > 21 or bank.cards == rules.card_limit or bank.non
    nets: dict[str, int] = {}
    offenders: list[tuple[str, int]] = []
    repaid = 0  # X10: the wins the offenders pay back
    for name, bet in bets.items():
        hand, factor = _named(name, functools.partial(_player, rules, ends.get(name)), ends)
        if _lost(hand) and ended and not bank.void and hand.opened_at is None:
            message = f"{name}: no hand simply loses to a banker's bust, five or non"
            raise LedgerError(message, who=name)
        result, multiple, paid_back = ending(rules, hand, bank)
        stake = bet if result is Result.FORFEIT else bet * factor
        sign = -1 if result in _LOSSES else 1 if result is Result.WIN else 0
        nets[name] = sign * multiple * stake
        if result is Result.WIN and paid_back:
            repaid += nets[name]
        if result is Result.PENALTY:
            offenders.append((name, stake))
    if rules.pay_for_banker and offenders:
        caps = [rules.pay_for_banker * stake for _, stake in offenders]
        for (name, _), share in zip(offenders, shares(repaid, caps), strict=True):
            nets[name] -= share
    nets[banker] = -sum(nets.values())
    return nets


def _lost(hand: PlayerEnd) -> bool:
    """Whether ``hand`` is "lost" (whatever a burn or a double made of its bet)."""
    return dataclasses.replace(hand, burnt=False, opened_at=None) == LOST


def _named(name: str, read: Callable[[], T], ends: Mapping[str, object]) -> T:
    """``read()``, its LedgerError naming ``name``."""
    if name not in ends:
        raise LedgerError(f"{name}: no end given", who=name)
    try:
        return read()
    except LedgerError as exc:
        raise LedgerError(f"{name}: {exc}", who=name) from None


def _player(rules: KampungRules, said: object) -> tuple[PlayerEnd, int]:
    """A player's end and what its bet is multiplied by (a burn and a double each double it)."""
    if said == "forfeit":
        return PlayerEnd(total=0, cards=2, forfeit=True), 1
    extra = _extra(said, PLAYER_KEYS)
    s = read_said(extra.get("end"), WORDS)
    burnt = extra.get("burnt") is True
    factor = (2 if burnt else 1) * (2 if extra.get("doubled") is True else 1)
    opened = extra.get("opened_at")
    if opened is not None and (not isinstance(opened, int) or not 16 <= opened <= 21):
        raise LedgerError(f"opened_at {opened!r}: the banker opens at 16 to 21 (K16)")
    hand = LOST if s.word == "lost" else _hand(rules, s.word, s.total, s.cards)
    non = hand.non or _non(rules, extra, "players")
    return dataclasses.replace(hand, burnt=burnt, opened_at=opened, non=non), factor


def _bank(rules: KampungRules, said: object) -> BankEnd:
    if said == "void":
        return BankEnd(total=15, cards=2, void=True)
    extra = _extra(said, BANK_KEYS)
    s = read_said(extra.get("end"), WORDS)
    if s.word in ("lost", "7-7-7"):
        raise LedgerError(f"{s.word} is a player's end, not the banker's")
    if s.word == "non" and rules.non != "all":
        raise LedgerError("non: in this house the banker never stands under 16 (X7)")
    hand = _hand(rules, s.word, s.total, s.cards)
    said_so = extra.get("fifteen") is True and rules.two_card_15 == "special"
    fifteen = said_so or hand.two_card_15  # K7: its first two cards, or all it had
    non = hand.non or _non(rules, extra, "all")
    return BankEnd(
        total=hand.total, cards=hand.cards, natural=hand.natural, fifteen=fifteen, non=non
    )


def _non(rules: KampungRules, extra: Mapping[str, object], who: str) -> bool:
    """``"non": true``: the hand stood under its licence (X7), where the house lets
    ``who`` (``players``: anyone; ``all``: the banker too)."""
    if extra.get("non") is not True:
        return False
    if rules.non == "off" or (who == "all" and rules.non != "all"):
        raise LedgerError("non: this house does not let that hand stand under its licence (X7)")
    return True


def _extra(said: object, keys: set[str]) -> dict[str, object]:
    """An end said with more (an object with ``end``), or the end alone."""
    if not isinstance(said, dict):
        return {"end": said}
    unknown = sorted(set(said) - keys)
    if unknown or "end" not in said:
        raise LedgerError(f"an end with more is an object of {', '.join(sorted(keys))}")
    return said


def _hand(rules: KampungRules, word: str, total: int, cards: tuple[Card, ...]) -> PlayerEnd:
    """The hand a word, a total or the cards say (K1: Ban Luck's totals and kinds)."""
    limit = rules.card_limit
    special = rules.two_card_15 == "special"
    if word == "cards":
        if len(cards) > limit:
            raise LedgerError(f"{' '.join(map(str, cards))}: a hand stops at {limit} cards")
        count, total = len(cards), hand_total(cards, rules.totals)
        return PlayerEnd(
            total=total,
            cards=count,
            natural=natural_kind(cards[0], cards[1]) if count == 2 else None,
            seven=bool(rules.seven_seven_seven_multiple) and [c.rank for c in cards] == ["7"] * 3,
            two_card_15=special and count == 2 and total == rules.burn_total,
        )
    if word == "7-7-7" and not rules.seven_seven_seven_multiple:
        raise LedgerError("7-7-7 is paid only in a house that pays it (K13)")
    if word == "non":
        if rules.non == "off":
            raise LedgerError("non: this house has no standing under the licence (X7)")
        return PlayerEnd(total=0, cards=3, non=True)
    if word == "heavy-bust":
        if not rules.heavy_bust_from:
            raise LedgerError("heavy-bust: this house has no heavy bust (X8)")
        return PlayerEnd(total=rules.heavy_bust_from, cards=3)
    if word in ("ban-ban", "ban-luck"):
        return PlayerEnd(total=21, cards=2, natural=HandKind(word))
    return {
        "total": PlayerEnd(total=total, cards=3),
        "five-dragon": PlayerEnd(total=total, cards=limit),
        "bust": PlayerEnd(total=22, cards=3),
        "five-card-bust": PlayerEnd(total=22, cards=limit),
        "7-7-7": PlayerEnd(total=21, cards=3, seven=True),
        "two-card-15": PlayerEnd(total=15, cards=2, two_card_15=special),
    }[word]


def settlement_table(rules: KampungRules) -> dict[str, Any]:
    """The ends a person can tap under this house, most used first (each one an end the
    house settles against at least one end of the other side), and what else a hand's end
    may say here (``seat_extras``, ``banker_extras``: a list of the values it takes, or
    True for a yes or no), and how many hands one banker holds the bank (K2's
    ``bank_passes_every``: then it passes to the next person). ``multiples`` is None: a
    kampung hand is not settled seat by seat (the banker's openings, X10's shares of the
    offenders), so a page sends each hand to be settled by ``settle_hand``."""
    common = [*map(str, range(16, 22)), "bust"]
    dragons = [f"five-dragon {t}" for t in range(5, 22)]
    low = list(map(str, range(4, 16)))
    specials = ["ban-luck", "ban-ban", "7-7-7", "two-card-15", "non", "heavy-bust"]
    seats = ["lost", *common, "five-card-bust", *specials, "forfeit", *dragons, *low]
    banks = [*common, "ban-luck", "ban-ban", "non", "heavy-bust", "void", *dragons, *low]

    def meets(seat: object, bank: object) -> bool:
        try:
            settle_hand(rules, "b", {"s": 1}, {"b": bank, "s": seat})
        except LedgerError:
            return False
        return True

    seat_ends = [s for s in seats if any(meets(s, b) for b in banks)]
    banker_ends = [b for b in banks if any(meets(s, b) for s in seat_ends)]
    seat_extras: dict[str, object] = {}
    if rules.selective_open:
        opened = [t for t in range(4, 22) if meets({"end": "21", "opened_at": t}, "21")]
        seat_extras["opened_at"] = opened
    if rules.burn:
        seat_extras |= {"burnt": True, "doubled": True}
    banker_extras: dict[str, object] = {"fifteen": True} if rules.two_card_15 == "special" else {}
    return {
        "seat_ends": seat_ends,
        "banker_ends": banker_ends,
        "banker_quick": [b for b in banker_ends if b in (*common, "ban-luck", "ban-ban", "void")],
        "seat_extras": seat_extras,
        "banker_extras": banker_extras,
        "bank_passes_every": rules.rotate_every,
        "multiples": None,
    }
