"""K18: the kampung bots and the hint for both sides.

Every policy reads only a decision record (``decisions.py``: what the seat may know, K17) and
returns one of its legal actions.

- The table's bots (``TableBots``: the solo table, the rooms, ``banluck replay``) play the
  model's equilibrium (``equilibrium.nash`` / ``mixed``): each hand every player
  seat draws one of a few tables by the equilibrium's weights, and the banker one of a few
  strategies, each the recursion below on the players' mixture that strategy answers.
- The pure solve's players (``"project"``) play its tables (``equilibrium.model`` /
  ``shipped``): hit or stand by the player's own hand, burn a two-card 15, double or
  forfeit after a banker's burn — the best answer to the project's banker, which opens
  early (K14).
- The banker, at its turn, runs the recursion of ``equilibrium.dp`` over the posterior of every
  unopened hand (by its card count, given how the players play, ``posterior``) with the
  hands' real bets and any waiting 7-7-7; the posterior and the next card's chances are
  those of the shoe less the cards the banker has seen this hand (its own, every hand turned
  over, K17). On a two-card 15 it voids, burns or plays by the solved values.
- ``full-shoe``: the same banker on the full shoe's make-up (the solver's model; a measure of
  what conditioning on the seen cards brings).
- Two simpler bankers to compare: ``never-open`` (draws like the ``table`` dealer, T17, and
  ``stand`` opens everyone) and ``open-four`` (opens every four-card hand as soon as it may,
  then plays as the ``table`` dealer); both void their 15 as the ``table`` dealer does (T15).

The hints give each legal action's expected result in chips for the deciding seat against
the equilibrium's other side (a player's in the model of ``equilibrium.model``: an infinite shoe
of the full shoe's make-up; the banker's by its recursion on the players' mixture).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache
from typing import Any

import numpy as np

from banluck.core.cards import POINTS, RANK_CLASS, Card
from banluck.games.kampung.bots.mixed import Belief, draw, equilibrium_play, pick_running
from banluck.games.kampung.bots.shipped import Solved, solved
from banluck.games.kampung.bots.tables import PAIR_77, PlayerTables, simple_player
from banluck.games.kampung.decisions import BankerDecision, HandSeen, PlayerDecision
from banluck.games.kampung.rules import KampungRules

PlayerPolicy = Callable[[PlayerDecision], str]
#: a player policy on its choices, its own cards and their total (``own_hand_player``)
OwnHandPolicy = Callable[[Collection[str], tuple[Card, ...], int], str]
BankerPolicy = Callable[[BankerDecision], str]

OPEN = "open:"
#: The policies ``banluck simulate --banker / --players`` know.
BANKER_POLICIES = ("project", "never-open", "open-four", "full-shoe")
PLAYER_POLICIES = ("project", "simple", "best-response")
_PLAYER_ORDER = ("stand", "play", "double", "hit", "forfeit", "burn")
_BANKER_ORDER = ("stand", "play", "hit", "void", "burn")


def _fallback(legal: Collection[str], order: tuple[str, ...]) -> str:
    """A legal action when the tables' choice is not offered (never for a well-formed
    decision); ``open:`` actions sort last."""
    for action in order:
        if action in legal:
            return action
    if not legal:
        raise ValueError("no legal action to choose from")
    return sorted(legal)[0]


def hand_state(cards: tuple[Card, ...]) -> tuple[int, int, int]:
    """A hand's ``(count, non-ace points, aces)``."""
    aces = 0
    base = 0
    for c in cards:
        if c.rank == "A":
            aces += 1
        else:
            base += POINTS[c.rank]
    return len(cards), base, aces


def _pair_row(cards: tuple[Card, ...]) -> tuple[int, int]:
    if len(cards) == 2 and cards[0].rank == "7" and cards[1].rank == "7":
        return PAIR_77, 0
    _, base, aces = hand_state(cards)
    return min(base, PAIR_77 - 1), aces


# ---- players ------------------------------------------------------------------------


def tables_player(tables: PlayerTables, must_draw_under: int) -> PlayerPolicy:
    """A player playing ``tables`` (K9: must draw under 15, stands at 21)."""
    own = own_hand_player(tables, must_draw_under)

    def choose(d: PlayerDecision) -> str:
        return own(d.legal, d.cards, d.total)

    return choose


def own_hand_player(tables: PlayerTables, must_draw_under: int) -> OwnHandPolicy:
    """``tables_player`` on what it reads of a decision: the choices, the player's own cards
    and their total (for a caller with no need of the rest of the record, ``replay``)."""

    def choose(legal: Collection[str], cards: tuple[Card, ...], total: int) -> str:
        if len(legal) == 1:
            return next(iter(legal))
        if "burn" in legal or "play" in legal:
            base, aces = _pair_row(cards)
            want = "burn" if tables.burn[base, aces] else "play"
        elif "double" in legal or "forfeit" in legal:
            base, aces = _pair_row(cards)
            want = "double" if tables.double[base, aces] else "forfeit"
        else:
            c, base, aces = hand_state(cards)
            if total < must_draw_under:
                want = "hit"
            elif total >= 21 or c >= 5 or base + aces > 21:
                want = "stand"
            else:
                want = "hit" if tables.hit[c, base, aces] else "stand"
        return want if want in legal else _fallback(legal, _PLAYER_ORDER)

    return choose


def player_tables(rules: KampungRules, name: str = "project") -> PlayerTables:
    """The tables of a named player policy."""
    if name == "project":
        return solved(rules).players
    if name == "best-response":
        return solved(rules).best_response
    if name == "simple":
        return simple_player(rules)
    known = ", ".join(PLAYER_POLICIES)
    raise ValueError(f"unknown player policy {name!r} (known: {known})")


def player_policy(rules: KampungRules, name: str = "project") -> PlayerPolicy:
    """K18: a player bot (by default the project's)."""
    return tables_player(player_tables(rules, name), rules.player_must_draw_under)


def own_hand_policy(rules: KampungRules, name: str = "project") -> OwnHandPolicy:
    """``player_policy`` as ``own_hand_player``: the same choices from the seat's own cards,
    their total and its choices."""
    return own_hand_player(player_tables(rules, name), rules.player_must_draw_under)


def player_hint(rules: KampungRules, d: PlayerDecision) -> dict[str, float]:
    """The expected result in chips of every legal choice of a player, playing best after
    it, against the equilibrium's banker (its mixture, the other seats playing the players'
    mixture), in the model of ``equilibrium.model`` (``mixed``)."""
    s = equilibrium_play(rules).hint
    out: dict[str, float] = {}
    bet = float(d.bet)
    for action in sorted(d.legal):
        out[action] = bet * _player_value(rules, s, d, action)
    return out


def _player_value(rules: KampungRules, s: Solved, d: PlayerDecision, action: str) -> float:
    """One action's value in bets of ``d.bet``."""
    if action == "forfeit":
        return -1.0
    if action == "double":
        base, aces = _pair_row(d.cards)
        return float(s.double_ev[base, aces])  # already in bets before the doubling
    if action == "burn":
        return 2.0 * s.fresh
    c, base, aces = hand_state(d.cards)
    if action == "play" and c == 2 and base + aces <= 21:
        return float(s.hand[2, base, aces])
    if action == "hit" and c < 5 and base + aces <= 21:
        return _hit_value(rules, s, c, base, aces, d.cards)
    return _standing_value(rules, s, c, d.total)


def _standing_value(rules: KampungRules, s: Solved, c: int, total: int) -> float:
    """The value of the hand as it is (K12 five cards; K11 a hidden bust; a total under 15
    loses to every banker total, as 15 does)."""
    t = rules.totals
    if c >= 5:
        if total > 21:
            return -float(t.five_card_bust_multiple)
        return float(t.five_dragon_21_multiple if total == 21 else t.five_dragon_multiple)
    c = max(c, 2)
    if total > 21:
        return float(s.w[c, 7])
    return float(s.w[c, max(total, 15) - 15])


@lru_cache(maxsize=8)
def _shoe_and_totals(rules: KampungRules) -> tuple[Any, Any]:
    from banluck.games.kampung.equilibrium.dp import shoe_probs, totals

    return shoe_probs(rules.decks), totals(rules)


def _hit_value(
    rules: KampungRules, s: Solved, c: int, base: int, aces: int, cards: tuple[Card, ...]
) -> float:
    p, tot = _shoe_and_totals(rules)
    t = rules.totals
    sevens = len(cards) == 2 and all(x.rank == "7" for x in cards)
    v = 0.0
    for k in range(len(p)):
        if sevens and k == 6:
            v += p[k] * s.v777
            continue
        nb = base if k == 0 else base + k + 1
        na = aces + 1 if k == 0 else aces
        if nb + na > 21:
            v += p[k] * (-t.five_card_bust_multiple if c + 1 == 5 else s.w[c + 1, 7])
        elif c + 1 == 5:
            five = tot[5, nb, na]
            v += p[k] * (t.five_dragon_21_multiple if five == 21 else t.five_dragon_multiple)
        else:
            v += p[k] * s.hand[c + 1, nb, na]
    return float(v)


# ---- bankers ------------------------------------------------------------------------


def _is_777(h: HandSeen) -> bool:
    return (
        not h.settled
        and h.cards is not None
        and len(h.cards) == 3
        and all(c.rank == "7" for c in h.cards)
    )


def _hidden_count(h: HandSeen) -> int:
    """K11 / K12: an unopened hand holds two to four cards (five are settled at once)."""
    return min(max(h.card_count, 2), 4)


def _unopened(d: BankerDecision) -> list[HandSeen]:
    return [h for h in d.hands if not h.settled and not _is_777(h)]


def _fifteen_index(d: BankerDecision) -> int:
    _, _base, aces = hand_state(d.cards)
    return 0 if aces else 1


def _bank15(s: Solved, d: BankerDecision) -> str:
    """K7: void, burn or play a two-card 15 by the solved choice; where the burn is not
    offered (a second 15, or a house without the burn) the choice between void and play
    (the solve's answer for a second 15: play when the bank's value of playing is above 0)."""
    legal = d.legal
    choice = int(s.bank15[_fifteen_index(d), 1 if d.burnt or "burn" not in legal else 0])
    want = ("void", "burn", "play")[choice]
    return want if want in legal else _fallback(legal, ("void", "play"))


class _BankerModel:
    """The banker's recursion for one decision (compiled code, imported when first used)."""

    #: how many shoes (counts of the cards left) ``_seen_shoe`` remembers
    SEEN_SHOES = 4096

    def __init__(
        self,
        rules: KampungRules,
        belief: Belief | None = None,
        table_types: dict[tuple[int, tuple[int, ...]], Any] | None = None,
    ) -> None:
        from banluck.games.kampung.equilibrium import dp
        from banluck.games.kampung.equilibrium.native import kernels

        self.dp = dp
        #: the compiled recursion (ahead of time when built: ``native``)
        self.k = kernels()
        self.rules = rules
        self.s = solved(rules)
        #: how the players play, as the banker believes (the pure solve's table by default)
        self.belief: Belief = ((1.0, self.s.players),) if belief is None else belief
        #: each table's hand types by shoe (``(id(table), counts)``), which models of other
        #: beliefs over the same tables may share (``TableBots``)
        self.table_types = {} if table_types is None else table_types
        self.tot = dp.shared_totals(rules)
        self.p = dp.shoe_probs(rules.decks)
        self.prm = dp.params(rules)
        self.g = dp.payoffs(rules)
        self.tables = dp.new_tables()
        self.vals = np.zeros(dp.V_OPEN + dp.MAX_HANDS)
        self.h = np.zeros((dp.MAX_HANDS, dp.N_EV))
        self.full = tuple(4 * rules.decks * (4 if k == 9 else 1) for k in range(10))
        #: counts of the cards left -> (the card chances, the hand types, gains by count)
        self._shoes: dict[tuple[int, ...], tuple[Any, Any, dict[int, Any]]] = {}

    def card_counts(self, d: BankerDecision) -> tuple[int, ...]:
        """K17: how many cards of each class (0 ace .. 9 ten-value) the shoe holds less the
        cards the banker has seen this hand (its own, and every hand turned over)."""
        counts = list(self.full)
        for card in d.cards:
            counts[RANK_CLASS[card.rank]] -= 1
        for h in d.hands:
            if h.cards is not None:
                for card in h.cards:
                    counts[RANK_CLASS[card.rank]] -= 1
        return tuple(c if c > 0 else 0 for c in counts)

    def card_probs(self, d: BankerDecision) -> Any:
        """K17: the chance of each card class in the shoe less the cards the banker has
        seen this hand (``card_counts``)."""
        return self._seen_shoe(self.card_counts(d))[0]

    def _seen_shoe(self, counts: tuple[int, ...]) -> tuple[Any, Any, dict[int, Any]]:
        """The card chances and the hand types (``posterior``, of the players' ``belief``) of
        a shoe of ``counts``,
        and a place for the bank's gain per unit bet by card count; remembered, as many
        decisions see the same cards."""
        got = self._shoes.get(counts)
        if got is None:
            from banluck.games.kampung.equilibrium.posterior import N_TYPES, hand_types

            p = self.dp.class_probs(np.array(counts, dtype=np.int64))
            if len(self._shoes) >= self.SEEN_SHOES:
                self._shoes.clear()
            types = np.zeros(N_TYPES)
            known = self.table_types
            if len(known) >= 4 * self.SEEN_SHOES:
                known.clear()
            for q, tables in self.belief:  # in the simulator's order (``sim.kernel``)
                one = known.get((id(tables), counts))
                if one is None:
                    one = known[id(tables), counts] = hand_types(self.rules, tables, p)
                types += q * one
            got = self._shoes[counts] = (p, types, {})
        return got

    def _unit_gain(self, counts: tuple[int, ...], count: int) -> Any:
        """The bank's gain per unit bet by settling event from an unopened hand of ``count``
        cards (its posterior on the shoe of ``counts``); times a bet it is exactly
        ``bank_gain`` with that bet (only the sign of ``-bet`` moves)."""
        _p, types, gains = self._seen_shoe(counts)
        row = gains.get(count)
        if row is None:
            from banluck.games.kampung.equilibrium.posterior import type_index

            dp = self.dp
            lo = type_index(count, 0)
            post = types[lo : lo + dp.N_OUT] / types[lo : lo + dp.N_OUT].sum()
            row = gains[count] = np.zeros(dp.N_EV)
            self.k.bank_gain(post, self.g, 1.0, row)
        return row

    def values(self, d: BankerDecision, card_aware: bool = False) -> dict[str, float]:
        """Every legal K14 action's expected result for the bank, in chips; with
        ``card_aware`` on the shoe less the cards seen (``card_probs``)."""
        dp = self.dp
        hands = _unopened(d)
        n = len(hands)
        h = self.h
        h.fill(0.0)
        p = self.p
        if card_aware:
            counts = self.card_counts(d)
            p = self._seen_shoe(counts)[0]
            for i, hs in enumerate(hands):
                np.multiply(self._unit_gain(counts, _hidden_count(hs)), float(hs.bet), out=h[i])
        else:
            for i, hs in enumerate(hands):
                h[i] = self.s.gain[_hidden_count(hs)] * hs.bet
        w7 = float(sum(x.bet for x in d.hands if _is_777(x)))
        v, act, r, f = self.tables
        c, base, aces = hand_state(d.cards)
        t = d.total
        legal = d.legal
        with_hit = "hit" in legal and c < dp.MAXC - 1
        self.k.banker_values(
            self.tot, p, h, n, w7, self.prm, v, act, r, f, c, base, aces, t, with_hit, self.vals
        )
        vals: list[float] = self.vals.tolist()  # Python floats, each read once
        out: dict[str, float] = {}
        if with_hit:
            out["hit"] = vals[dp.V_HIT]
        if t <= 21 and ("stand" in legal or any(a.startswith(OPEN) for a in legal)):
            if "stand" in legal:
                out["stand"] = vals[dp.V_STAND]
            for i, hs in enumerate(hands):
                key = OPEN + hs.seat
                if key in legal:
                    out[key] = vals[dp.V_OPEN + i]
        return out


def banker_policy(rules: KampungRules, name: str = "project") -> BankerPolicy:
    """K18: a banker bot (by default the project's; see the module's text for the others)."""
    if name not in BANKER_POLICIES:
        known = ", ".join(BANKER_POLICIES)
        raise ValueError(f"unknown banker policy {name!r} (known: {known})")

    def dealer(d: BankerDecision, open_four: bool) -> str:
        legal = d.legal
        if "void" in legal:
            return "void"  # T15: the table dealer throws its 15 in
        if open_four:
            for h in _unopened(d):
                if h.card_count == 4 and OPEN + h.seat in legal:
                    return OPEN + h.seat
        # T17 with K14's licence (16, or the house's): draw under it, and at it with four cards
        must = rules.banker_must_draw_under
        draw = d.total < must or (d.total == must and len(d.cards) == 4)
        want = "hit" if draw else "stand"
        return want if want in legal else _fallback(legal, _BANKER_ORDER)

    if name in ("project", "full-shoe"):
        return recursion_banker(rules, lambda: _banker_model(rules), card_aware=name == "project")
    return lambda d: dealer(d, open_four=name == "open-four")


def recursion_banker(
    rules: KampungRules, model: Callable[[], _BankerModel], *, card_aware: bool = True
) -> BankerPolicy:
    """The project's banker: its 15 by the solved choice, and at its turn the action of
    best value by ``model``'s recursion (made at the first decision that needs it); with
    ``card_aware`` on the shoe less the cards it has seen."""
    models: list[_BankerModel] = []

    def choose(d: BankerDecision) -> str:
        legal = d.legal
        if len(legal) == 1:
            return next(iter(legal))
        if "void" in legal:
            return _bank15(solved(rules), d)
        if not models:
            models.append(model())
        values = models[0].values(d, card_aware=card_aware)
        if not values:
            return _fallback(legal, _BANKER_ORDER)
        # ties go to stand, then the opens in seat order, then hit (as the recursion does)
        order = ["stand"] + [OPEN + h.seat for h in d.hands] + ["hit"]
        best = max(values.values())
        for action in order:
            if action in values and values[action] >= best - 1e-9 * max(1.0, abs(best)):
                return action
        return _fallback(legal, _BANKER_ORDER)

    return choose


def banker_hint(rules: KampungRules, d: BankerDecision) -> dict[str, float]:
    """The expected result in chips of every legal choice of the banker against the
    equilibrium's players (their mixture): on a two-card 15 (``void``, ``burn``, ``play``,
    in the solver's model), at its turn (``hit``, ``stand``, each ``open:SEAT``, by the
    project banker's own computation)."""
    s = equilibrium_play(rules).hint
    if "void" in d.legal:
        stake = float(sum(h.bet for h in d.hands if not h.settled))
        row = s.bank15_ev[_fifteen_index(d)]
        names = ("void", "burn", "play")
        return {a: stake * float(row[names.index(a)]) for a in sorted(d.legal)}
    values = _hint_model(rules).values(d, card_aware=True)
    return {a: values.get(a, 0.0) for a in sorted(d.legal)}


@lru_cache(maxsize=8)
def _banker_model(rules: KampungRules) -> _BankerModel:
    return _BankerModel(rules)


@lru_cache(maxsize=8)
def _hint_model(rules: KampungRules) -> _BankerModel:
    """The banker's Hint: the recursion against the equilibrium's players (their mixture)."""
    return _BankerModel(rules, equilibrium_play(rules).players)


# ---- the table's bots -----------------------------------------------------------------


class TableBots:
    """K18: the bots of the table, the rooms and ``banluck replay`` (a seat without moves):
    the model's equilibrium (``mixed``). Each hand every player seat plays the table
    it draws, and the banker the strategy it draws: the project banker's recursion on the
    players' mixture that strategy answers. Built once per rules (``table_bots``)."""

    def __init__(self, rules: KampungRules) -> None:
        self.rules = rules
        self.play = play = equilibrium_play(rules)
        must = rules.player_must_draw_under
        self.players = tuple(own_hand_player(t, must) for t in play.tables)

        shared: dict[tuple[int, tuple[int, ...]], Any] = {}  # the tables' hand types

        def model(j: int) -> Callable[[], _BankerModel]:
            return lambda: _BankerModel(rules, play.belief(j), shared)

        self.bankers = tuple(
            recursion_banker(rules, model(j)) for j in range(len(play.strategy_weights))
        )
        self._tables_running, self._strategies_running = play.running()

    def player(self, key: str, seat: str) -> OwnHandPolicy:
        """The policy of player ``seat`` this hand (``key``: ``KampungRound.deal_key``)."""
        return self.players[pick_running(self._tables_running, draw(key, seat))]

    def banker(self, key: str, seat: str) -> BankerPolicy:
        """The policy of the banker in ``seat`` this hand."""
        return self.bankers[pick_running(self._strategies_running, draw(key, seat))]

    def choose(self, key: str, d: PlayerDecision | BankerDecision) -> str:
        """The bot's choice at decision ``d`` of the hand of ``key``."""
        if isinstance(d, BankerDecision):
            return self.banker(key, d.seat)(d)
        return self.player(key, d.seat)(d.legal, d.cards, d.total)


@lru_cache(maxsize=8)
def table_bots(rules: KampungRules) -> TableBots:
    """``TableBots`` for ``rules``, built once."""
    return TableBots(rules)
