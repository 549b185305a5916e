"""H9 at kampung: the bank's edge of a house, measured by simulation of the bots' play.

Kampung's edge is not solved exactly: the house's own equilibrium (``bots.mixed``) gives
the table's bots, and the simulator (``runner``) plays them on the real two-deck shoe. Every
figure here comes from the same run (``EDGE_HANDS`` hands, seed ``EDGE_SEED``, chunks of
``EDGE_CHUNK``), so ``banluck odds --preset kampung`` and the page's House rules dialog
show the same number for a house, and two houses are compared on the same shoes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from banluck.games.kampung.bots.shipped import solved
from banluck.games.kampung.rules import KAMPUNG, KampungRules
from banluck.games.kampung.sim.engine import measured_edge

if TYPE_CHECKING:
    from banluck.games.house import House
    from banluck.games.kampung.sim.runner import KampungSimResult

#: hands simulated for a house's edge (about five seconds on one core)
EDGE_HANDS = 200_000
EDGE_SEED = 1
EDGE_CHUNK = 1 << 16


def simulated_edge(rules: KampungRules, *, hands: int = EDGE_HANDS) -> KampungSimResult:
    """The bank's edge at ``rules``, the table's bots (the equilibrium) on both sides."""
    from banluck.games.kampung.sim.runner import simulate

    return simulate(
        rules,
        hands,
        banker="equilibrium",
        players="equilibrium",
        seed=EDGE_SEED,
        chunk=EDGE_CHUNK,
    )


def house_edge(house: House) -> dict[str, Any] | None:
    """The page's figures for ``house``: the bank's edge per initial player bet, its 95 %
    half-width, the hands and the seed. A house of XI_DACH.md's fields, which the Numba
    simulator does not play, is measured by the table's own round (``engine``)."""
    rules = house.record()
    if rules.xi_dach():
        e = measured_edge(rules)
        return {"house_edge": e.bank_edge, "ci95": e.ci95, "hands": e.hands, "seed": e.seed}
    r = simulated_edge(rules)
    return {"house_edge": r.bank_edge, "ci95": r.ci95, "hands": r.hands, "seed": r.seed}


#: what ``banluck odds`` says of a house the model does not cover (XI_DACH.md's fields)
NOT_MODELLED = (
    "the kampung model has no non, heavy bust, payment for the banker or Xì Dách's"
    " comparison: the bots play kampung's tables for this house, and its edge is measured"
    " by playing the table's own round"
)


def equilibrium_data(rules: KampungRules) -> dict[str, Any]:
    """The model game's equilibrium at ``rules`` (``equilibrium.nash``): its value (a
    player's result once the banker reaches its turn), NashConv and both gains, the weight
    of each side's pure strategies, its NashConv and value bracket when each side sees what K17
    shows (``equilibrium.seen``), and the equilibrium of the model with the bets seen
    (``equilibrium.seen_nash``)."""
    from banluck.games.kampung.equilibrium.nash import solved_equilibrium
    from banluck.games.kampung.equilibrium.seen import seen
    from banluck.games.kampung.equilibrium.seen_nash import (
        player_contexts,
        solved_seen_equilibrium,
    )

    e = solved_equilibrium(rules)
    s = seen(e)
    own = solved_seen_equilibrium(rules)
    hands_seen = player_contexts(own).gain
    return {
        "value": e.value,
        "pure_value": e.pure_value,
        "pure_nash_conv": e.pure_nash_conv,
        "nash_conv": e.nash_conv,
        "player_gain": e.player_gain,
        "banker_gain": e.banker_gain,
        "player_tables": [q for q, _ in e.players],
        "banker_strategies": [q for q, _ in e.bankers],
        "fifteens_best": e.fifteens_best,
        "converged": e.converged,
        # the best answers with what each side sees at the table (K17: the other hands'
        # counts, the bets), and the banker's with a burnt hand's stake counted (equilibrium.seen)
        "seen": {
            "nash_conv": s.nash_conv,
            "player_gain": s.player.gain,
            "banker_gain": s.banker.gain,
            "banker_gain_counts_only": s.banker_staked.gain,
            # where the game's value lies: each side's best answer to the other's mixture
            "value_bracket": [e.value - s.banker.gain, e.value + s.player.gain],
        },
        # the model with the bets seen solved to its own equilibrium (equilibrium.seen_nash)
        "bets_seen": {
            "value": own.value,
            # its NashConv with what each side sees: both best answers in the model with
            # the bets seen, and a player's who also sees the other hands
            "nash_conv": own.nash_conv + hands_seen,
            "player_gain": own.player_gain,
            "banker_gain": own.banker_gain,
            "player_gain_seeing_the_hands": hands_seen,
            "player_strategies": [q for q in own.play_weights if q > 0.0],
            "banker_strategies": [q for q in own.banker_weights if q > 0.0],
            "growths": own.growths,
            "converged": own.converged,
        },
    }


def odds_data(rules: KampungRules, *, hands: int = EDGE_HANDS) -> dict[str, Any]:
    """``banluck odds --preset kampung``'s figures: the pure solve at ``rules``, the bank's
    edge the table's bots (the equilibrium) give by simulation, and the model's
    equilibrium."""
    if rules.xi_dach():
        e = measured_edge(rules)
        return {
            "preset": "kampung",
            "decks": rules.decks,
            "house_edge": e.bank_edge,
            "ci95": e.ci95,
            "edge_source": "simulated",
            "hands": e.hands,
            "seed": e.seed,
            "method": "engine",
            "model": NOT_MODELLED,
        }
    s = solved(rules)
    r = simulated_edge(rules, hands=hands)
    return {
        "preset": "kampung",
        "decks": rules.decks,
        "house_edge": r.bank_edge,
        "ci95": r.ci95,
        "edge_source": "simulated",
        "hands": r.hands,
        "seed": r.seed,
        "shipped_solve": solved(KAMPUNG) is s,
        "solve_rounds": s.rounds,
        "best_response_gain": s.player_gap,
        "equilibrium": equilibrium_data(rules),
        "frequencies": r.to_json()["per_hand"],
    }
