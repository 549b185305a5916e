"""K18: the bots only ever choose legal actions, and the hints price every legal action."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banluck.core.cards import RANKS, SUITS, Card
from banluck.games.kampung.bots.mixed import equilibrium_play
from banluck.games.kampung.bots.policy import (
    BANKER_POLICIES,
    PLAYER_POLICIES,
    _BankerModel,
    banker_hint,
    banker_policy,
    player_hint,
    player_policy,
    recursion_banker,
    tables_player,
)
from banluck.games.kampung.decisions import BankerDecision, PlayerDecision
from banluck.games.kampung.equilibrium.nash import against_banker, solved_equilibrium
from banluck.games.kampung.rules import KAMPUNG
from tests.games.kampung.bots.helpers import PLAYERS, banker_decision, cards, player_decision, seen

ALL_PLAYER = ("burn", "play", "hit", "stand", "double", "forfeit")
a_card = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS))


@st.composite
def player_decisions(draw: st.DrawFn) -> PlayerDecision:
    count = draw(st.integers(2, 4))
    hand = tuple(draw(st.lists(a_card, min_size=count, max_size=count)))
    usual = [{"burn", "play"}, {"double", "forfeit"}, {"hit", "stand"}]
    legal = draw(
        st.one_of(
            st.sampled_from(usual),
            st.sets(st.sampled_from(ALL_PLAYER), min_size=1),
        )
    )
    return player_decision(hand, legal)


@st.composite
def banker_decisions(draw: st.DrawFn) -> BankerDecision:
    count = draw(st.integers(2, 4))
    hand = tuple(draw(st.lists(a_card, min_size=count, max_size=count)))
    hands = []
    for seat in PLAYERS:
        kind = draw(st.sampled_from(["open", "settled", "777"]))
        if kind == "777":
            hands.append(seen(seat, 3, shown=cards("7S", "7H", "7D")))
        else:
            n = draw(st.integers(2, 5))
            bet = draw(st.sampled_from([10, 50, 100, 500]))
            hands.append(seen(seat, n, settled=kind == "settled", bet=bet))
    unopened = {f"open:{h.seat}" for h in hands if not h.settled and h.cards is None}
    fifteen = draw(st.booleans())
    if fifteen:
        burnt = draw(st.booleans())
        legal = {"void", "play"} if burnt else {"void", "burn", "play"}
        return banker_decision(cards("TS", "5H"), tuple(hands), legal, burnt=burnt)
    d = banker_decision(hand, tuple(hands), {"hit"})
    if 16 <= d.total <= 20 and count < 5:  # K14: the choice is offered
        return banker_decision(hand, tuple(hands), {"hit", "stand"} | unopened)
    return d


#: the bots' recursion on the equilibrium's players, and the best answer to its banker
_MIXTURE_BANKER = recursion_banker(
    KAMPUNG, lambda: _BankerModel(KAMPUNG, equilibrium_play(KAMPUNG).players)
)
_BEST_ANSWER = tables_player(
    against_banker(solved_equilibrium(KAMPUNG)).best.tables, KAMPUNG.player_must_draw_under
)


@pytest.mark.rule("K18")
@settings(max_examples=300, deadline=None)
@given(player_decisions())
def test_player_policies_choose_legal_actions(d: PlayerDecision) -> None:
    for name in PLAYER_POLICIES:
        assert player_policy(KAMPUNG, name)(d) in d.legal


@pytest.mark.rule("K18")
@settings(max_examples=200, deadline=None)
@given(banker_decisions())
def test_banker_policies_choose_legal_actions(d: BankerDecision) -> None:
    for name in BANKER_POLICIES:
        assert banker_policy(KAMPUNG, name)(d) in d.legal


@pytest.mark.rule("K18")
@settings(max_examples=200, deadline=None)
@given(player_decisions())
def test_player_hint_prices_every_legal_action(d: PlayerDecision) -> None:
    hint = player_hint(KAMPUNG, d)
    assert set(hint) == set(d.legal)
    assert all(math.isfinite(v) for v in hint.values())


@pytest.mark.rule("K18")
@settings(max_examples=150, deadline=None)
@given(banker_decisions())
def test_banker_hint_prices_every_legal_action(d: BankerDecision) -> None:
    hint = banker_hint(KAMPUNG, d)
    assert set(hint) == set(d.legal)
    assert all(math.isfinite(v) for v in hint.values())


@pytest.mark.rule("K18")
@settings(max_examples=150, deadline=None)
@given(banker_decisions())
def test_the_banker_answering_the_players_mixture_takes_the_hints_best_action(
    d: BankerDecision,
) -> None:
    """The banker's hint runs the bots' recursion on the equilibrium's players' mixture."""
    if "void" in d.legal:
        return
    hint = banker_hint(KAMPUNG, d)
    choice = _MIXTURE_BANKER(d)
    assert hint[choice] >= max(hint.values()) - 1e-9 * max(1.0, abs(max(hint.values())))


@pytest.mark.rule("K18")
@settings(max_examples=150, deadline=None)
@given(player_decisions())
def test_best_response_player_takes_the_hints_best_action(d: PlayerDecision) -> None:
    """The hint prices play against the equilibrium's banker; its best action is the choice
    of the best answer to that banker (where the equilibrium mixes, both are worth the
    same)."""
    legal = d.legal
    usual = [{"burn", "play"}, {"double", "forfeit"}, {"hit", "stand"}]
    total = d.total
    if legal not in usual or (legal == {"hit", "stand"} and not 15 <= total <= 20):
        return
    if legal == {"burn", "play"} and (len(d.cards) != 2 or total != 15):
        return
    hint = player_hint(KAMPUNG, d)
    choice = _BEST_ANSWER(d)
    assert hint[choice] >= max(hint.values()) - 1e-9


@pytest.mark.rule("K9")
def test_players_must_draw_under_15_and_stand_on_21() -> None:
    d = player_decision(cards("TS", "4H"), {"hit", "stand"})
    assert all(player_policy(KAMPUNG, n)(d) == "hit" for n in PLAYER_POLICIES)
    d = player_decision(cards("TS", "5H", "6C"), {"hit", "stand"})
    assert all(player_policy(KAMPUNG, n)(d) == "stand" for n in PLAYER_POLICIES)


@pytest.mark.rule("K10")
def test_project_player_burns_a_hard_15_and_plays_an_ace_four() -> None:
    """Solved: a hard 15 is worth less than two fresh cards at a doubled bet; ace-four
    (which makes 15 to 21 with many third cards, the ace counting 10) is worth more."""
    hint = player_hint(KAMPUNG, player_decision(cards("TS", "5H"), {"burn", "play"}))
    assert hint["burn"] > hint["play"]
    assert player_policy(KAMPUNG)(player_decision(cards("TS", "5H"), {"burn", "play"})) == "burn"
    assert player_policy(KAMPUNG)(player_decision(cards("AS", "4H"), {"burn", "play"})) == "play"


@pytest.mark.rule("K7")
def test_a_pair_of_sevens_doubles_on_a_banker_burn() -> None:
    """K13 makes 7-7 worth far more than a forfeit."""
    d = player_decision(cards("7S", "7H"), {"double", "forfeit"})
    assert player_hint(KAMPUNG, d)["double"] > 0
    assert player_policy(KAMPUNG)(d) == "double"


@pytest.mark.rule("K14")
def test_banker_keeps_a_likely_winner_hidden_at_16() -> None:
    """At 16 the banker beats only busts: opening a four-card hand now is worse than
    drawing; at 19 against three two-card hands it stands."""
    hands = (seen("you", 4), seen("anna", 2), seen("ben", 2))
    legal = {"hit", "stand", "open:you", "open:anna", "open:ben"}
    d16 = banker_decision(cards("TS", "6H"), hands, legal)
    hint = banker_hint(KAMPUNG, d16)
    assert hint["hit"] > hint["open:you"] > hint["stand"]
    assert banker_policy(KAMPUNG)(d16) == "hit"
    d19 = banker_decision(cards("TS", "9H"), tuple(seen(s, 2) for s in PLAYERS), legal)
    assert banker_policy(KAMPUNG)(d19) == "stand"


@pytest.mark.rule("K18")
def test_simpler_bankers() -> None:
    hands = (seen("you", 4), seen("anna", 2), seen("ben", 3))
    legal = {"hit", "stand", "open:you", "open:anna", "open:ben"}
    d = banker_decision(cards("TS", "7H"), hands, legal)
    assert banker_policy(KAMPUNG, "open-four")(d) == "open:you"
    assert banker_policy(KAMPUNG, "never-open")(d) == "stand"
    d16 = banker_decision(cards("5S", "6H", "2D", "3C"), hands, legal)
    assert banker_policy(KAMPUNG, "never-open")(d16) == "hit"  # T17: 16 with four cards
    d15 = banker_decision(cards("TS", "5H"), hands, {"void", "burn", "play"})
    assert banker_policy(KAMPUNG, "never-open")(d15) == "void"


@pytest.mark.rule("K7")
@pytest.mark.rule("H19")
def test_without_the_burn_the_banker_plays_or_voids_its_15_by_the_solve() -> None:
    """A house without the burn offers void and play only: the bot takes the solve's choice
    for a 15 that cannot be burnt (play an ace-four when playing is worth more than the void's
    0), not the first of void and play."""
    from banluck.games.kampung.bots.shipped import load

    s = load()
    hands = (seen("you", 2), seen("anna", 2), seen("ben", 2))
    for i, fifteen in enumerate((cards("AS", "4H"), cards("TS", "5H"))):
        d = banker_decision(fifteen, hands, {"void", "play"})
        void, _burn, play = s.bank15_ev[i]
        assert banker_policy(KAMPUNG, "project")(d) == ("play" if play > void else "void")
    soft = banker_decision(cards("AS", "4H"), hands, {"void", "play"})
    assert banker_policy(KAMPUNG, "project")(soft) == "play"  # the shipped solve's answer


def test_unknown_policy_names() -> None:
    with pytest.raises(ValueError, match="unknown banker policy"):
        banker_policy(KAMPUNG, "psychic")
    with pytest.raises(ValueError, match="unknown player policy"):
        player_policy(KAMPUNG, "psychic")


@pytest.mark.rule("K14")
def test_banker_on_16_opens_the_drawn_hands_then_draws() -> None:
    """Seed 004's banker: on 16 it opens the hands that drew (likely bust), collects, then
    draws to beat the two-card hand."""
    legal = {"hit", "stand", "open:you", "open:anna", "open:ben"}
    bank = cards("4S", "3H", "2D", "7C")
    hands = [seen("you", 2), seen("anna", 3), seen("ben", 4)]
    shown = {"anna": cards("TS", "6H", "9C"), "ben": cards("TS", "2H", "3C", "9D")}
    chosen = []
    for _ in range(3):
        action = banker_policy(KAMPUNG)(banker_decision(bank, tuple(hands), legal))
        chosen.append(action)
        if not action.startswith("open:"):
            break
        seat = action.removeprefix("open:")
        legal = legal - {action}
        hands = [
            seen(h.seat, h.card_count, settled=True, shown=shown[seat]) if h.seat == seat else h
            for h in hands
        ]
    assert chosen == ["open:anna", "open:ben", "hit"]
