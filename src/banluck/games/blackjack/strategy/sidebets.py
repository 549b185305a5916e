"""I10: the exact house edge of the four side bets, from a fresh shoe of ``decks`` decks.

``pairs``, ``lucky3`` and ``poker3`` read the seat's two cards and the up card: every
multiset of distinct cards is weighted by its exact probability (drawing without
replacement) and settled by the engine's own line functions (``side_bets``). ``bust`` reads
the dealer's final hand: the dealer's drawing graph (B7) is evaluated on the full shoe with
nothing removed. That is exact however the seats play (I9: the dealer always plays out):
the seats stop drawing by what they have seen, and the cards of a shuffled shoe that follow
such a stopping time are distributed as those at the start (an exchangeable sequence is
strongly stationary). ``bustplay`` checks it by conditioning on the cards a seat
takes by the solved strategy: the two figures agree to 1e-15. A dealer blackjack loses it.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from itertools import combinations_with_replacement
from math import factorial

import numpy as np
import numpy.typing as npt

from banluck.core.cards import ONE_DECK, Card
from banluck.games.blackjack.rules import BlackjackRules
from banluck.games.blackjack.side_bets import PAYS, lucky3_line, pairs_line, poker3_line
from banluck.games.blackjack.strategy.dealer_graph import BUST, CONTINUE, DEALER_BJ, dealer_graph

N_RANKS = 10

SIDE_BET_MODEL = (
    "Exact, from a fresh shoe: pairs, lucky3 and poker3 from the seat's two cards and the up "
    "card; bust from the dealer's cards with nothing else removed, which is exact whatever "
    "the seats draw first (the cards after a stopping time of a shuffled shoe are distributed "
    "as at its start; checked against the solved strategy's own removals); a dealer "
    "blackjack loses it."
)


def _falling(n: int, k: int) -> float:
    out = 1.0
    for i in range(k):
        out *= n - i
    return out


def pairs_ev(decks: int) -> float:
    """I10 ``pairs``: the player's EV per unit staked (the seat's first two cards)."""
    total = 52 * decks
    ev = 0.0
    for a, b in combinations_with_replacement(ONE_DECK, 2):
        ways = decks * (decks - 1) if a == b else 2 * decks * decks
        line = pairs_line(a, b)
        ev += ways / (total * (total - 1)) * (PAYS["pairs"][line] if line else -1)
    return ev


def three_card_ev(decks: int, name: str) -> float:
    """I10 ``lucky3`` / ``poker3``: the player's EV per unit staked (two seat cards and the
    up card; the line does not depend on their order)."""
    line_of = {"lucky3": lucky3_line, "poker3": poker3_line}[name]
    pays = PAYS[name]
    total = 52 * decks
    denom = _falling(total, 3)
    ev = 0.0
    for combo in combinations_with_replacement(ONE_DECK, 3):
        mult: dict[Card, int] = {}
        for c in combo:
            mult[c] = mult.get(c, 0) + 1
        orders = factorial(3)
        ways = 1.0
        for m in mult.values():
            orders //= factorial(m)
            ways *= _falling(decks, m)
        p = orders * ways / denom
        if p == 0.0:
            continue
        line = line_of(*combo)
        ev += p * (pays[line] if line else -1)
    return ev


#: ``three_card_ev`` of 1 to 8 decks, counted once (``python -m
#: banluck.games.blackjack.strategy.sidebets`` writes it; a test counts it again and compares
#: bit for bit): the count takes 0.3 s a bet in Python, which a new process need not pay.
THREE_CARD_TABLE = "three_card_ev.json"


@cache
def _three_card_table() -> dict[str, dict[str, float]]:
    text = (files("banluck.games.blackjack.strategy") / "data" / THREE_CARD_TABLE).read_text()
    table: dict[str, dict[str, float]] = json.loads(text)
    return table


def three_card(decks: int, name: str) -> float:
    """``three_card_ev(decks, name)``: the shipped count for 1 to 8 decks, else counted now."""
    row = _three_card_table().get(str(decks))
    return row[name] if row is not None else three_card_ev(decks, name)


def write_three_card_table() -> None:
    """Count ``three_card_ev`` for 1 to 8 decks and write the shipped table."""
    table = {str(d): {n: three_card_ev(d, n) for n in ("lucky3", "poker3")} for d in range(1, 9)}
    path = files("banluck.games.blackjack.strategy") / "data" / THREE_CARD_TABLE
    path.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")  # type: ignore[attr-defined]


def dealer_bust_by_cards(
    shoe: tuple[int, ...], stands_on: int, hits_soft_17: bool = False
) -> dict[int, float]:
    """B7: P(the dealer busts with k cards), for k = 3, 4, ...; key 0 is P(a blackjack) and
    key 1 P(the dealer stands), from shoe ``shoe`` (A, 2..9, ten-value counts), no peek."""
    n_total = sum(shoe)
    out: dict[int, float] = {0: 0.0, 1: 0.0}
    for up in range(N_RANKS):
        if shoe[up] == 0:
            continue
        p_up = shoe[up] / n_total
        a = list(shoe)
        a[up] -= 1
        left = n_total - 1
        g = dealer_graph(up, stands_on, peek=False, hits_soft_17=hits_soft_17)
        for s in range(g.counts.shape[0]):
            k = int(g.size[s])
            w = float(g.paths[s]) / _falling(left, k)
            for r in range(N_RANKS):
                w *= _falling(a[r], int(g.counts[s, r]))
            if w == 0.0:
                continue
            for r in range(N_RANKS):
                code = int(g.next_out[s, r])
                avail = a[r] - int(g.counts[s, r])
                if code == CONTINUE or avail <= 0:
                    continue
                p = p_up * w * avail / (left - k)
                if code == BUST:
                    out[k + 2] = out.get(k + 2, 0.0) + p
                elif code == DEALER_BJ:
                    out[0] += p
                else:
                    out[1] += p
    return out


def bust_ev_from(dist: dict[int, float]) -> float:
    """I10 ``bust``: the player's EV per unit staked from ``dealer_bust_by_cards``."""
    pays = PAYS["bust"]
    ev = 0.0
    for k, p in dist.items():
        if k < 3:
            ev -= p
        else:
            ev += p * pays["8+" if k >= 8 else str(k)]
    return ev


def side_bet_edges(rules: BlackjackRules) -> dict[str, float]:
    """I10: each side bet's house edge (minus the player's EV per unit staked), fresh shoe."""
    if not rules.side_bets:
        return {}
    shoe = (4 * rules.decks,) * 9 + (16 * rules.decks,)
    return {
        "pairs": -pairs_ev(rules.decks),
        "bust": -bust_ev_from(
            dealer_bust_by_cards(shoe, rules.dealer_stands_on, rules.dealer_hits_soft_17)
        ),
        "lucky3": -three_card(rules.decks, "lucky3"),
        "poker3": -three_card(rules.decks, "poker3"),
    }


def bust_distribution_array(rules: BlackjackRules) -> npt.NDArray[np.float64]:
    """The dealer's busts by card count 3..8+ as an array (for reports)."""
    shoe = (4 * rules.decks,) * 9 + (16 * rules.decks,)
    dist = dealer_bust_by_cards(shoe, rules.dealer_stands_on, rules.dealer_hits_soft_17)
    row = [dist.get(k, 0.0) for k in range(3, 8)] + [sum(p for k, p in dist.items() if k >= 8)]
    return np.array(row)


if __name__ == "__main__":
    write_three_card_table()
