"""Many kampung hands over worker processes: the bank's edge per player bet with its 95 %
interval (``kernel`` plays them).

The run is split into chunks; chunk ``i`` plays from random stream ``i`` of
``SeedSequence(seed)`` with a freshly shuffled shoe, and returns integer counts that are
added, so a result depends on the seed and the chunk size only (not on the workers).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from banluck.games.kampung.bots.policy import BANKER_POLICIES, PLAYER_POLICIES, player_tables
from banluck.games.kampung.bots.shipped import solved
from banluck.games.kampung.bots.tables import PlayerTables
from banluck.games.kampung.equilibrium import dp
from banluck.games.kampung.rules import KampungRules
from banluck.games.kampung.sim import hand as kh
from banluck.games.kampung.sim import kernel as k
from banluck.games.kampung.sim.paired import run_paired
from banluck.sim.chunks import chunk_sizes, fresh_seed, run_chunks
from banluck.sim.rng import full_shoe, rng_states

IntArray = np.ndarray[Any, np.dtype[np.int64]]
FloatArray = np.ndarray[Any, np.dtype[np.float64]]
#: ``SimArrays.kernel_args()``: the fifteen arrays every kernel entry takes first.
KernelArgs = tuple[
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    FloatArray,
    FloatArray,
    FloatArray,
    FloatArray,
    IntArray,
    FloatArray,
    IntArray,
    IntArray,
    FloatArray,
    FloatArray,
]
#: The policies the simulator knows: the bots' (``policy``) and the model's equilibrium
#: (``equilibrium.nash``: mixed strategies, a table or a banker strategy drawn each hand).
SIM_BANKERS = (*BANKER_POLICIES, "equilibrium")
SIM_PLAYERS = (*PLAYER_POLICIES, "equilibrium")


@dataclass(frozen=True, kw_only=True, slots=True)
class SimArrays:
    """Everything a kernel call reads, as arrays (picklable for the workers)."""

    prm: IntArray
    tot: IntArray
    #: the players' tables, stacked (one for a pure policy), and their running weights
    hit: IntArray
    burn: IntArray
    double: IntArray
    mix: FloatArray
    gain: np.ndarray[Any, np.dtype[np.float64]]
    p: np.ndarray[Any, np.dtype[np.float64]]
    dprm: np.ndarray[Any, np.dtype[np.float64]]
    bank15: IntArray
    #: the settlement table; the players' tables the banker believes in (stacked), each of
    #: its strategies' weights over them, and the running weights of its strategies
    g: np.ndarray[Any, np.dtype[np.float64]]
    belief_hit: IntArray
    belief_burn: IntArray
    belief_mix: FloatArray
    banker_mix: FloatArray

    def kernel_args(self) -> KernelArgs:
        """The arrays in the order ``play_hands`` takes them first."""
        return (
            self.prm,
            self.tot,
            self.hit,
            self.burn,
            self.double,
            self.mix,
            self.gain,
            self.p,
            self.dprm,
            self.bank15,
            self.g,
            self.belief_hit,
            self.belief_burn,
            self.belief_mix,
            self.banker_mix,
        )

    def arm(self) -> tuple[Any, ...]:
        """A banker and players as ``run_paired`` takes each side."""
        return (
            self.prm,
            self.hit,
            self.burn,
            self.double,
            self.mix,
            self.belief_hit,
            self.belief_burn,
            self.belief_mix,
            self.banker_mix,
        )


def _running(weights: tuple[float, ...] | list[float]) -> FloatArray:
    """Running sums of a mixture's weights, the last exactly 1."""
    out = np.cumsum(np.asarray(weights, dtype=np.float64))
    out[-1] = 1.0
    return out


def _stacked(tables: list[PlayerTables], rules: KampungRules) -> tuple[Any, Any, Any]:
    return (
        np.stack([t.hit for t in tables]),
        # H19: no burn for the players
        np.stack([t.burn if rules.players_burn() else np.zeros_like(t.burn) for t in tables]),
        np.stack([t.double for t in tables]),
    )


def sim_arrays(
    rules: KampungRules, banker: str, players: str, *, fresh_shoe: bool = False
) -> SimArrays:
    """The kernel's arrays for a banker and a player policy (by name); ValueError for a
    house of XI_DACH.md's fields, which the kernel does not play."""
    if rules.xi_dach():
        raise ValueError(
            "the kampung simulator plays kampung's own comparison and penalties only, not"
            " XI_DACH.md's fields (two_card_15, compare, equal_totals, non, heavy_bust_from,"
            " pay_for_banker)"
        )
    if banker not in SIM_BANKERS:
        raise ValueError(f"unknown banker policy {banker!r} (known: {', '.join(SIM_BANKERS)})")
    if players not in SIM_PLAYERS:
        raise ValueError(f"unknown player policy {players!r} (known: {', '.join(SIM_PLAYERS)})")
    if banker == "open-four" and not rules.selective_open:
        raise ValueError("the open-four banker opens hands one by one: not without selective_open")
    s = solved(rules)
    if players == "equilibrium" or banker == "equilibrium":
        from banluck.games.kampung.bots.mixed import equilibrium_play

        e = equilibrium_play(rules)  # what the table's bots play (shipped for kampung's own)
    tables = list(e.tables) if players == "equilibrium" else [player_tables(rules, players)]
    weights = e.table_weights if players == "equilibrium" else (1.0,)
    hit, burn, double = _stacked(tables, rules)
    beliefs = list(e.tables) if banker == "equilibrium" else [s.players]
    belief_mix = e.beliefs if banker == "equilibrium" else ((1.0,),)
    banker_weights = e.strategy_weights if banker == "equilibrium" else (1.0,)
    t = rules.totals
    prm = np.zeros(kh.N_PRM, dtype=np.int64)
    prm[kh.P_DECKS] = rules.decks
    prm[kh.P_RESHUFFLE_BELOW] = rules.reshuffle_below()
    prm[kh.P_FRESH] = int(fresh_shoe or rules.shuffle_every_hand)
    # the equilibrium's banker: the project's recursion, on the players its strategy answers
    prm[kh.P_BANKER] = BANKER_POLICIES.index("project" if banker == "equilibrium" else banker)
    prm[kh.P_777] = rules.seven_seven_seven_multiple
    prm[kh.P_BB] = t.ban_ban_multiple
    prm[kh.P_BL] = t.ban_luck_multiple
    prm[kh.P_DRAGON] = t.five_dragon_multiple
    prm[kh.P_DRAGON_21] = t.five_dragon_21_multiple
    prm[kh.P_FIVE_BUST] = t.five_card_bust_multiple
    prm[kh.P_R21] = rules.twenty_one_multiple
    prm[kh.P_PLAYER_DRAW] = rules.player_must_draw_under
    prm[kh.P_BANKER_DRAW] = rules.banker_must_draw_under
    prm[kh.P_BURN_TOTAL] = rules.burn_total
    prm[kh.P_BANKER_WINS_EQUAL_NATURALS] = int(rules.equal_naturals == "banker")
    prm[kh.P_BUSTS_SHOWN] = int(rules.busts_shown)
    return SimArrays(
        prm=prm,
        tot=dp.totals(rules),
        hit=hit,
        burn=burn,
        double=double,
        mix=_running(weights),
        gain=s.gain,
        p=dp.shoe_probs(rules.decks),
        dprm=dp.params(rules),
        bank15=s.bank15,
        g=dp.payoffs(rules),
        belief_hit=np.stack([b.hit for b in beliefs]),
        belief_burn=np.stack([b.burn for b in beliefs]),
        belief_mix=np.array(belief_mix, dtype=np.float64),
        banker_mix=_running(banker_weights),
    )


def mix_state(state: np.ndarray[Any, np.dtype[np.uint64]]) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """The random stream a chunk draws its mixed strategies from, from the chunk's own
    (apart from the shoe's, so a pure policy's hands are the same with or without it)."""
    seq = np.random.SeedSequence([int(x) for x in state], spawn_key=(1,))
    out = np.asarray(seq.generate_state(4, dtype=np.uint64), dtype=np.uint64)
    if not out.any():
        out[0] = 1
    return out


def new_cache() -> tuple[np.ndarray[Any, np.dtype[np.int8]], IntArray]:
    """The project banker's table of choices by configuration, empty."""
    acts = np.zeros((kh.N_CONFIGS, dp.MAXC, dp.MAXB, dp.MAXA, dp.N_SETS), dtype=np.int8)
    return acts, np.zeros(kh.N_CONFIGS, dtype=np.int64)


_ARRAYS: SimArrays | None = None
_CACHE: tuple[Any, Any] | None = None


def _init_worker(arrays: SimArrays) -> None:
    global _ARRAYS, _CACHE
    _ARRAYS = arrays
    _CACHE = new_cache()


def run_chunk(
    arrays: SimArrays,
    n: int,
    state: np.ndarray[Any, np.dtype[np.uint64]],
    cache: tuple[Any, Any] | None = None,
) -> list[int]:
    """Play ``n`` hands from one random stream; the accumulator as integers."""
    a = arrays
    acts, filled = cache if cache is not None else new_cache()
    acc = np.zeros(kh.ACC_SIZE, dtype=np.int64)
    shoe = full_shoe(int(a.prm[kh.P_DECKS]))
    net = np.zeros(kh.NP, dtype=np.int64)
    st = np.zeros(1, dtype=np.int64)
    k.play_hands(
        *a.kernel_args(), acts, filled, shoe, st, state.copy(), mix_state(state), n, 1, net, acc
    )
    return [int(x) for x in acc]


def _worker_chunk(n: int, state: np.ndarray[Any, np.dtype[np.uint64]]) -> list[int]:
    assert _ARRAYS is not None
    return run_chunk(_ARRAYS, n, state, _CACHE)


@dataclass(frozen=True, kw_only=True)
class KampungSimResult:
    """The merged counts of a run and what they say."""

    banker: str
    players: str
    decks: int
    fresh_shoe: bool
    seed: int
    workers: int
    seconds: float
    acc: list[int]
    chunks: int

    @property
    def hands(self) -> int:
        return self.acc[kh.A_HANDS]

    @property
    def player_bets(self) -> int:
        """Initial player bets: three a hand."""
        return kh.NP * self.hands

    @property
    def bank_edge(self) -> float:
        """The bank's net per initial player bet (positive: the bank is ahead)."""
        return self.acc[kh.A_NET] / self.player_bets

    @property
    def ci95(self) -> float:
        """1.96 standard errors of ``bank_edge`` (hands independent; the three seats of a
        hand taken together)."""
        n = self.hands
        mean = self.acc[kh.A_NET] / n
        var = max(self.acc[kh.A_NET2] / n - mean * mean, 0.0)
        return 1.96 * math.sqrt(var / n) / kh.NP

    def per_hand(self, slot: int) -> float:
        return self.acc[slot] / self.hands

    def to_json(self) -> dict[str, Any]:
        names = {
            "void": kh.A_VOID,
            "banker_natural": kh.A_BANK_NATURAL,
            "banker_burn": kh.A_BANK_BURN,
            "player_burn": kh.A_PLAYER_BURN,
            "forfeit": kh.A_FORFEIT,
            "seven_seven_seven": kh.A_777,
            "open_early": kh.A_EARLY_OPEN,
            "player_natural": kh.A_PLAYER_NATURAL,
            "five_cards": kh.A_FIVE,
            "banker_bust": kh.A_BANK_BUST,
        }
        return {
            "preset": "kampung",
            "banker": self.banker,
            "players": self.players,
            "decks": self.decks,
            "fresh_shoe": self.fresh_shoe,
            "hands": self.hands,
            "player_bets": self.player_bets,
            "bank_edge": self.bank_edge,
            "ci95": self.ci95,
            "per_hand": {key: self.per_hand(slot) for key, slot in names.items()},
            "seed": self.seed,
            "workers": self.workers,
            "seconds": self.seconds,
            "hands_per_second": self.hands / self.seconds if self.seconds > 0 else 0.0,
        }


def simulate(
    rules: KampungRules,
    hands: int,
    *,
    banker: str = "project",
    players: str = "project",
    workers: int = 1,
    fresh_shoe: bool = False,
    seed: int | None = None,
    chunk: int = 1 << 18,
    progress: Callable[[int], None] | None = None,
    dask: str | None = None,
) -> KampungSimResult:
    """Play ``hands`` hands; merge the chunks' counts (over ``workers`` processes, or as
    tasks of the Dask cluster at ``dask``: the same counts)."""
    if seed is None:
        seed = fresh_seed()
    arrays = sim_arrays(rules, banker, players, fresh_shoe=fresh_shoe)
    sizes = chunk_sizes(hands, chunk)
    cache = new_cache()
    run = run_chunks(
        sizes,
        rng_states(seed, len(sizes)),
        size=kh.ACC_SIZE,
        local=lambda n, state: run_chunk(arrays, n, state, cache),
        remote=_worker_chunk,
        initializer=_init_worker,
        initargs=(arrays,),
        workers=workers,
        context=None,
        progress=progress,
        dask=dask,
    )
    return KampungSimResult(
        banker=banker,
        players=players,
        decks=rules.decks,
        fresh_shoe=fresh_shoe or rules.shuffle_every_hand,
        seed=seed,
        workers=run.workers,
        seconds=run.seconds,
        acc=[int(x) for x in run.total],
        chunks=len(sizes),
    )


def compare(
    rules: KampungRules,
    hands: int,
    *,
    first: tuple[str, str],
    second: tuple[str, str],
    seed: int = 1,
    fresh_shoe: bool = False,
) -> tuple[float, float]:
    """The bank's edge of ``second`` minus ``first`` (each a ``(banker, players)`` pair of
    policy names) per player bet, and its 95 % interval, from the same shoes: every hand is
    played by both (common random numbers, one process)."""
    a = sim_arrays(rules, *first, fresh_shoe=fresh_shoe)
    b = sim_arrays(rules, *second, fresh_shoe=fresh_shoe)
    acts, filled = new_cache()
    acc = np.zeros(kh.ACC_SIZE, dtype=np.int64)
    shoe = full_shoe(int(a.prm[kh.P_DECKS]))
    state = rng_states(seed, 1)[0]
    run_paired(
        a.arm(), b.arm(), a.tot, a.gain, a.p, a.dprm, a.bank15, a.g, acts, filled, shoe,
        state, mix_state(state), hands, acc,
    )  # fmt: skip
    n = int(acc[kh.A_HANDS])
    mean = acc[kh.A_NET] / n
    var = max(acc[kh.A_NET2] / n - mean * mean, 0.0)
    return mean / kh.NP, 1.96 * math.sqrt(var / n) / kh.NP
