"""An adversarial audit of the rules (RULES.md) through ``banluck replay`` (REPLAY.md).

Every case below is a stacked shoe whose outcome was worked out BY HAND from the rules
text, not copied from the engine: the comment of each case walks through the totals. The
cases go through ``replay_text`` in process (fast), and all of them once more through the
real command line. At the end, an independent reading of the rules (sharing no engine code)
settles thousands of random hands with random legal choices, and the replay must agree.
Deal order (T13): you, anna, ben, dealer, then a second pass the same way; ``one-on-one``
(O4): you, dealer (up card), you, dealer.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

import pytest

from banluck.replay import replay_text

# (cards, total, hand) of a hand; (cards, total, hand, result, net, stack) of a seat.
Hand = tuple[str, int, str]
SeatOut = tuple[str, int, str, str, int, int]


@dataclass(frozen=True)
class Case:
    """One worked hand: input pieces and the hand-computed expected output."""

    id: str
    rules: tuple[str, ...]
    preset: str
    shoe: str
    moves: dict[str, list[str]]
    dealer: Hand
    seats: dict[str, SeatOut]
    cards_used: int
    void: bool = False
    stacks: dict[str, int] = field(default_factory=dict)
    bet: int = 100

    def input(self) -> dict[str, Any]:
        names = ["you", "anna", "ben"] if self.preset == "table" else ["you"]
        seats: list[dict[str, Any]] = []
        for name in names:
            seat: dict[str, Any] = {"name": name, "moves": self.moves.get(name, [])}
            if name in self.stacks:
                seat["stack"] = self.stacks[name]
            if name == "you":
                seat["bet"] = self.bet
            seats.append(seat)
        return {"preset": self.preset, "shoe": self.shoe.split(), "seats": seats}

    def expected(self) -> dict[str, Any]:
        def hand(h: Hand) -> dict[str, Any]:
            return {"cards": h[0].split(), "total": h[1], "hand": h[2]}

        return {
            "preset": self.preset,
            "void": self.void,
            "dealer": hand(self.dealer),
            "seats": [
                {"name": n, **hand(s[:3]), "result": s[3], "net": s[4], "stack": s[5]}
                for n, s in self.seats.items()
            ],
            "cards_used": self.cards_used,
        }


CASES: list[Case] = [
    Case(
        # you A+5 = 16 (ace 11), hits 2: three cards, ace 10 -> 17. anna T+6 = 16 stands.
        # ben 5+5 = 10 must draw: A -> three cards, ace 10 -> 20, stands.
        # dealer 2+A = 13 (ace 11) -> 3: three cards, ace 10 -> 15 < 16 -> 4: four cards,
        # ace 1 -> 10 -> 5: five cards, 15, stops (T17): a five dragon (not 21), multiple 2.
        # T18: every plain seat hand loses 2 bets.
        id="ace-values-seat-and-dealer-dealer-five-dragon-15",
        rules=("T2", "T3", "T16", "T17", "T18", "T21"),
        preset="table",
        shoe="AS TC 5S 2S 5H 6C 5D AH 2C AD 3H 4C 5C",
        moves={"you": ["hit", "stand"], "anna": ["stand"], "ben": ["stand"]},
        dealer=("2S AH 3H 4C 5C", 15, "five-dragon"),
        seats={
            "you": ("AS 5H 2C", 17, "plain", "lose", -200, 800),
            "anna": ("TC 6C", 16, "plain", "lose", -100, 900),
            "ben": ("5S 5D AD", 20, "plain", "lose", -100, 900),
        },
        cards_used=13,
    ),
    Case(
        # you 2+3 -> 4 -> 5 -> 7: five cards of 21, forced all the way (no moves).
        # anna 2+2 -> 3 -> 4 -> 6: a five dragon of 17. ben K+Q = 20 stands.
        # dealer 2+3 = 5 -> A: three cards, ace 10 -> 15 -> T: four cards, ace 1 -> 16:
        # exactly 16 with four cards draws a fifth -> 5: 21, a five dragon of 21 (multiple 3).
        # T18: you 21 = 21 push; anna 17 < 21 loses 3 bets; ben plain loses 3 bets.
        id="dealer-16-with-four-draws-five-dragon-21-vs-dragons",
        rules=("T2", "T16", "T17", "T18", "T21"),
        preset="table",
        shoe="2C 2D KS 2S 3C 2H QS 3S 4C 5C 7C 3H 4H 6H AD TD 5D",
        moves={"ben": ["stand"]},
        dealer=("2S 3S AD TD 5D", 21, "five-dragon"),
        seats={
            "you": ("2C 3C 4C 5C 7C", 21, "five-dragon", "push", 0, 1000),
            "anna": ("2D 2H 3H 4H 6H", 17, "five-dragon", "lose", -150, 850),
            "ben": ("KS QS", 20, "plain", "lose", -150, 850),
        },
        cards_used=17,
    ),
    Case(
        # you A+2 = 13 -> 3: ace 10 -> 15 -> 4: four cards, ace 1 -> 10 -> 8: 18, a dragon.
        # anna 3+3 -> 2 -> A: four cards, ace 1 -> 9 -> 5: a dragon of 14.
        # ben 5+5 -> 2 -> A (four cards: 13) -> 2: a dragon of 15.
        # dealer 2+2 -> 3 -> 4 -> 4: five cards of 15, a five dragon (multiple 2).
        # T18 dragon vs dragon by totals: 18 > 15 wins its own 2; 14 < 15 loses the
        # dealer's 2; 15 = 15 pushes.
        id="dragon-against-dealer-dragon-by-totals",
        rules=("T2", "T16", "T18", "T21"),
        preset="table",
        shoe="AC 3D 5S 2S 2C 3H 5H 2H 3C 4C 8C 2D AD 5D 2C AS 2D 3S 4S 4H",
        moves={},
        dealer=("2S 2H 3S 4S 4H", 15, "five-dragon"),
        seats={
            "you": ("AC 2C 3C 4C 8C", 18, "five-dragon", "win", 200, 1200),
            "anna": ("3D 3H 2D AD 5D", 14, "five-dragon", "lose", -100, 900),
            "ben": ("5S 5H 2C AS 2D", 15, "five-dragon", "push", 0, 1000),
        },
        cards_used=20,
    ),
    Case(
        # you T+7 = 17 stands. anna 2+2 -> 3 -> 4 -> T: a dragon of 21 (multiple 3).
        # ben 3+3 -> 2 -> 4 -> 5: a dragon of 17 (multiple 2).
        # dealer 2+3 = 5 -> A: 15 -> 9: four cards, ace 1 -> 15 -> K: five cards of 25,
        # bust. T18: each seat wins its own multiple: 1, 3, 2.
        id="dealer-five-card-bust-pays-own-multiples",
        rules=("T17", "T18", "T19", "T21"),
        preset="table",
        shoe="TC 2D 3C 2S 7C 2H 3H 3S 3D 4D TD 2C 4C 5C AH 9H KH",
        moves={"you": ["stand"]},
        dealer=("2S 3S AH 9H KH", 25, "bust"),
        seats={
            "you": ("TC 7C", 17, "plain", "win", 100, 1100),
            "anna": ("2D 2H 3D 4D TD", 21, "five-dragon", "win", 150, 1150),
            "ben": ("3C 3H 2C 4C 5C", 17, "five-dragon", "win", 100, 1100),
        },
        cards_used=17,
    ),
    Case(
        # you 7+7 = 14 must draw 7: 21 with three cards; hitting at 21 is allowed: A with
        # four cards counts 1 -> 22, bust with four cards: 1 bet.
        # anna 2+2 -> A: three cards, ace 10 -> 14 -> 3: four cards, ace 1 -> 8 -> 4: a
        # five dragon of 12. ben 9+7 = 16 stands.
        # dealer 3+3 = 6 -> A: three cards, ace 10 -> 16: stands (16 with three cards).
        # T18 dealer plain: anna's dragon wins 2 though 12 < 16; ben 16 = 16 pushes.
        id="hit-at-21-four-card-ace-one-dealer-16-with-three-stands",
        rules=("T2", "T16", "T17", "T18"),
        preset="table",
        shoe="7C 2H 9S 3D 7D 2D 7S 3S 7H AH AD 3H 4S AC",
        moves={"you": ["hit"], "ben": ["stand"]},
        dealer=("3D 3S AC", 16, "plain"),
        seats={
            "you": ("7C 7D 7H AH", 22, "bust", "lose", -100, 900),
            "anna": ("2H 2D AD 3H 4S", 12, "five-dragon", "win", 100, 1100),
            "ben": ("9S 7S", 16, "plain", "push", 0, 1000),
        },
        cards_used=14,
    ),
    Case(
        # Dealer A+A: Ban-Ban. you A+K (Ban-Luck) loses 3 bets; anna A+A pushes; ben 19
        # loses 3 bets = 150, but his stack of 100 only goes to 0 (T20).
        id="dealer-ban-ban-against-each-hand",
        rules=("T14", "T20", "T21"),
        preset="table",
        shoe="AC AD TC AS KC AS 9C AH",
        moves={},
        dealer=("AS AH", 21, "ban-ban"),
        seats={
            "you": ("AC KC", 21, "ban-luck", "lose", -300, 700),
            "anna": ("AD AS", 21, "ban-ban", "push", 0, 1000),
            "ben": ("TC 9C", 19, "plain", "lose", -100, 0),
        },
        cards_used=8,
        stacks={"ben": 100},
    ),
    Case(
        # Dealer Q then A: Ban-Luck (either order). you A+A wins 3 to 1; anna J+A pushes;
        # ben 10 loses 2 bets.
        id="dealer-ban-luck-against-each-hand",
        rules=("T4", "T14", "T21"),
        preset="table",
        shoe="AS JS 5C QD AH AC 5D AD",
        moves={},
        dealer=("QD AD", 21, "ban-luck"),
        seats={
            "you": ("AS AH", 21, "ban-ban", "win", 300, 1300),
            "anna": ("JS AC", 21, "ban-luck", "push", 0, 1000),
            "ben": ("5C 5D", 10, "plain", "lose", -100, 900),
        },
        cards_used=8,
    ),
    Case(
        # Dealer 4 then A: 4 + 11 = 15, thrown in (T15) before any seat plays: your
        # Ban-Ban, anna's free hand (7+8) and ben's T+5 all come back; no move is asked.
        id="dealer-four-ace-voids-naturals-and-free-hands",
        rules=("T15", "T14"),
        preset="table",
        shoe="AC 7C TD 4H AD 8C 5D AS",
        moves={},
        dealer=("4H AS", 15, "plain"),
        seats={
            "you": ("AC AD", 21, "ban-ban", "void", 0, 1000),
            "anna": ("7C 8C", 15, "plain", "void", 0, 1000),
            "ben": ("TD 5D", 15, "plain", "void", 0, 1000),
        },
        cards_used=8,
        void=True,
    ),
    Case(
        # you A+4 = 15: a free hand, thrown in. anna K+A: Ban-Luck paid 2 at her turn.
        # ben 9+6 = 15 plays on (hit) K -> 25, bust: 1 bet. No hand is left in the round,
        # so the dealer turns 2+3 over and draws nothing (T17); 9D 9H are never drawn.
        id="free-hand-ace-four-thrown-natural-paid-no-seat-left",
        rules=("T16", "T17", "T21"),
        preset="table",
        shoe="AS KD 9C 2D 4S AH 6C 3D KC 9D 9H",
        moves={"you": ["throw"], "ben": ["hit"]},
        dealer=("2D 3D", 5, "plain"),
        seats={
            "you": ("AS 4S", 15, "plain", "thrown-in", 0, 1000),
            "anna": ("KD AH", 21, "ban-luck", "win", 100, 1100),
            "ben": ("9C 6C KC", 25, "bust", "lose", -50, 950),
        },
        cards_used=9,
    ),
    Case(
        # you 2+3 -> 4 -> 5 -> K: a five-card bust of 24 costs 2 bets (200).
        # anna 2+3 -> 4 -> 5 -> 6: a dragon of 20. ben 2+3 -> 4 -> 5 -> K: a five-card
        # bust, 2 bets = 100, but his stack of 60 goes only to 0 (T20).
        # dealer T+7 = 17 stands; anna's dragon wins 2 (T18).
        id="five-card-bust-costs-two-capped-for-a-bot",
        rules=("T16", "T20", "T21"),
        preset="table",
        shoe="2C 2D 2H TH 3C 3D 3H 7H 4C 5C KC 4D 5D 6D 4H 5H KH",
        moves={},
        dealer=("TH 7H", 17, "plain"),
        seats={
            "you": ("2C 3C 4C 5C KC", 24, "bust", "lose", -200, 800),
            "anna": ("2D 3D 4D 5D 6D", 20, "five-dragon", "win", 100, 1100),
            "ben": ("2H 3H 4H 5H KH", 24, "bust", "lose", -60, 0),
        },
        cards_used=17,
        stacks={"ben": 60},
    ),
    Case(
        # you 9+6 = 15, a free hand played on (hit 2 -> 17), hit 4 -> 21 with four cards,
        # hit again at 21: 5 -> 26, a five-card bust: 2 bets. Three moves, one per choice.
        # anna K+Q = 20 beats the dealer's 19; ben 19 pushes.
        id="free-hand-played-on-hit-at-21-five-card-bust",
        rules=("T16", "T21"),
        preset="table",
        shoe="9C KC KD TH 6C QC 9D 9H 2C 4C 5C",
        moves={"you": ["hit", "hit", "hit"], "anna": ["stand"], "ben": ["stand"]},
        dealer=("TH 9H", 19, "plain"),
        seats={
            "you": ("9C 6C 2C 4C 5C", 26, "bust", "lose", -200, 800),
            "anna": ("KC QC", 20, "plain", "win", 50, 1050),
            "ben": ("KD 9D", 19, "plain", "push", 0, 1000),
        },
        cards_used=11,
    ),
    Case(
        # dealer 5+6 -> T: a three-card 21, a plain total. your dragon 2+2+3+3+3 = 13 wins
        # its 2 (T18: a five dragon beats a plain total, 21 included); anna 20 and ben 17
        # lose 1 bet each.
        id="dragon-beats-dealer-plain-21",
        rules=("T18",),
        preset="table",
        shoe="2C KC 9S 5H 2D QC 8S 6H 3C 3D 3H TH",
        moves={"anna": ["stand"], "ben": ["stand"]},
        dealer=("5H 6H TH", 21, "plain"),
        seats={
            "you": ("2C 2D 3C 3D 3H", 13, "five-dragon", "win", 200, 1200),
            "anna": ("KC QC", 20, "plain", "lose", -50, 950),
            "ben": ("9S 8S", 17, "plain", "lose", -50, 950),
        },
        cards_used=12,
    ),
    Case(
        # T9 before the hand: your stack 5 -> 1,000 (so a bet of 500 is allowed), anna's
        # 49 -> 1,000; ben's 50 stays. net is after T9: you +500, anna -50, ben 0.
        id="fresh-stacks-for-you-and-a-bot",
        rules=("T9", "T8"),
        preset="table",
        shoe="TC TD TS TH 9C 7D 8S 8H",
        moves={"you": ["stand"], "anna": ["stand"], "ben": ["stand"]},
        dealer=("TH 8H", 18, "plain"),
        seats={
            "you": ("TC 9C", 19, "plain", "win", 500, 1500),
            "anna": ("TD 7D", 17, "plain", "lose", -50, 950),
            "ben": ("TS 8S", 18, "plain", "push", 0, 50),
        },
        cards_used=8,
        stacks={"you": 5, "anna": 49, "ben": 50},
        bet=500,
    ),
    Case(
        # you A+4 = 15, a free hand played on: 9 -> three cards, ace 10 would make 23, so
        # ace 1 -> 14: the total went down and the seat must draw again (no move): 5 ->
        # four cards, 19; stand. anna 18, ben 18 stand.
        # dealer A+3 = 14 -> 9: ace 1 -> 13 -> 2: 15 -> 3: five cards of 18, a five dragon.
        # T18: a plain hand loses the dealer's 2 even with a higher total (your 19).
        id="free-hand-total-drops-forced-draw-dealer-dragon-beats-19",
        rules=("T2", "T3", "T16", "T17", "T18"),
        preset="table",
        shoe="AS TD 9D AH 4S 8D 9H 3H 9C 5C 9S 2S 3S",
        moves={"you": ["hit", "stand"], "anna": ["stand"], "ben": ["stand"]},
        dealer=("AH 3H 9S 2S 3S", 18, "five-dragon"),
        seats={
            "you": ("AS 4S 9C 5C", 19, "plain", "lose", -200, 800),
            "anna": ("TD 8D", 18, "plain", "lose", -100, 900),
            "ben": ("9D 9H", 18, "plain", "lose", -100, 900),
        },
        cards_used=13,
    ),
    Case(
        # At their turns: your A+A is a Ban-Ban paid 3 to 1, anna's A+K a Ban-Luck paid 2
        # to 1, ben's 5+T = 15 a free hand thrown in. No hand is left: the dealer's 9+9
        # draws nothing.
        id="seat-naturals-paid-at-their-turn-free-hand-thrown",
        rules=("T16", "T17", "T21"),
        preset="table",
        shoe="AS AC 5S 9S AD KC TS 9D 2C",
        moves={"ben": ["throw"]},
        dealer=("9S 9D", 18, "plain"),
        seats={
            "you": ("AS AD", 21, "ban-ban", "win", 300, 1300),
            "anna": ("AC KC", 21, "ban-luck", "win", 100, 1100),
            "ben": ("5S TS", 15, "plain", "thrown-in", 0, 1000),
        },
        cards_used=8,
    ),
    # ------------------------------------------------------------------ one-on-one
    Case(
        # You A+5 = 16 (ace 11), hit 9: three cards, ace 1 -> 15, must draw (no move) 6 ->
        # four cards, 21; stand. The dealer's T+7 = 17 stands. You win 1.
        id="one-on-one-total-drops-then-forced-draw",
        rules=("O6", "T2", "T16"),
        preset="one-on-one",
        shoe="AS TH 5S 7H 9C 6C",
        moves={"you": ["hit", "stand"]},
        dealer=("TH 7H", 17, "plain"),
        seats={"you": ("AS 5S 9C 6C", 21, "plain", "win", 100, 1100)},
        cards_used=6,
    ),
    Case(
        # O1/T9: a stack of 29 is below 30 -> 1,000; 300 is at most a third of it.
        id="one-on-one-fresh-stack-below-30",
        rules=("O1", "T9"),
        preset="one-on-one",
        shoe="TC 8H 9C TH",
        moves={"you": ["stand"]},
        dealer=("8H TH", 18, "plain"),
        seats={"you": ("TC 9C", 19, "plain", "win", 300, 1300)},
        cards_used=4,
        stacks={"you": 29},
        bet=300,
    ),
    Case(
        # O1: stack 30, bet 10 (a third); the dealer's Ban-Ban takes all 30 (T20 not needed).
        id="one-on-one-ban-ban-takes-a-third-stack",
        rules=("O1", "O5", "T14"),
        preset="one-on-one",
        shoe="TC AS 9C AH",
        moves={},
        dealer=("AS AH", 21, "ban-ban"),
        seats={"you": ("TC 9C", 19, "plain", "lose", -30, 0)},
        cards_used=4,
        stacks={"you": 30},
        bet=10,
    ),
    Case(
        # The dealer 2+A = 13 (ace 11) -> 2: three cards, ace 10 -> 14 -> A: four cards,
        # aces 1 -> 6 -> 3: 9 (five cards: no limit, not special) -> 3: 12 (six) -> 4: 16
        # (seven) -> 4: 20 (eight), stands. Your 18 loses 1 bet.
        id="one-on-one-dealer-eight-cards-aces-one",
        rules=("O3", "O8", "T2"),
        preset="one-on-one",
        shoe="TC 2S 8C AS 2H AH 3S 3H 4S 4H",
        moves={"you": ["stand"]},
        dealer=("2S AS 2H AH 3S 3H 4S 4H", 20, "plain"),
        seats={"you": ("TC 8C", 18, "plain", "lose", -100, 900)},
        cards_used=10,
    ),
    Case(
        # The dealer A+6 = 17 (ace 11), a soft 17: stands (O8). Your 18 wins 1.
        id="one-on-one-soft-17-stands",
        rules=("O8",),
        preset="one-on-one",
        shoe="9C AS 9D 6H",
        moves={"you": ["stand"]},
        dealer=("AS 6H", 17, "plain"),
        seats={"you": ("9C 9D", 18, "plain", "win", 100, 1100)},
        cards_used=4,
    ),
    Case(
        # The dealer A+3 = 14 -> 3: three cards, ace 10 -> 16 < 17 draws -> 2: four cards,
        # ace 1 -> 9 -> 5: 14 (five cards, no limit) -> K: six cards, 24, bust. Your 17 wins 1.
        id="one-on-one-dealer-three-card-ace-and-six-card-bust",
        rules=("O8", "T2"),
        preset="one-on-one",
        shoe="TC AS 7C 3H 3D 2C 5C KC",
        moves={"you": ["stand"]},
        dealer=("AS 3H 3D 2C 5C KC", 24, "bust"),
        seats={"you": ("TC 7C", 17, "plain", "win", 100, 1100)},
        cards_used=8,
    ),
    Case(
        # The dealer 2+3 -> 4 -> 5 -> 5: five cards of 19, plain (O8), stands. Your 20 wins 1
        # bet (not a loss to a five dragon).
        id="one-on-one-dealer-five-cards-are-plain",
        rules=("O8",),
        preset="one-on-one",
        shoe="TC 2S KC 3S 4S 5S 5H",
        moves={"you": ["stand"]},
        dealer=("2S 3S 4S 5S 5H", 19, "plain"),
        seats={"you": ("TC KC", 20, "plain", "win", 100, 1100)},
        cards_used=7,
    ),
    Case(
        # You 2+3 -> 4 -> 5 -> 9: five cards of 23, bust: 1 bet only (O6). No hand is left:
        # the dealer's T+7 draws nothing.
        id="one-on-one-five-card-bust-costs-one",
        rules=("O6", "T17"),
        preset="one-on-one",
        shoe="2C TH 3C 7H 4C 5C 9C",
        moves={},
        dealer=("TH 7H", 17, "plain"),
        seats={"you": ("2C 3C 4C 5C 9C", 23, "bust", "lose", -100, 900)},
        cards_used=7,
    ),
    Case(
        # You 2+3 -> A: three cards, ace 10 -> 15 (must draw) -> 5: four cards, ace 1 -> 11
        # -> T: five cards of 21: pays 3 and beats the dealer's T+5+6 = 21 (O7).
        id="one-on-one-dragon-21-beats-dealer-21",
        rules=("O7", "O6", "T2"),
        preset="one-on-one",
        shoe="2C TH 3C 5H AC 5C TC 6H",
        moves={},
        dealer=("TH 5H 6H", 21, "plain"),
        seats={"you": ("2C 3C AC 5C TC", 21, "five-dragon", "win", 300, 1300)},
        cards_used=8,
    ),
    Case(
        # No free hand (O5): your 9+6 = 15 must draw (no move) 2 -> 17, stand. No dealer's
        # 15: 9+6 draws 4 -> 19. You lose 1 bet.
        id="one-on-one-no-free-hand-no-dealer-15",
        rules=("O5", "O6"),
        preset="one-on-one",
        shoe="9C 9H 6C 6H 2C 4H",
        moves={"you": ["stand"]},
        dealer=("9H 6H 4H", 19, "plain"),
        seats={"you": ("9C 6C 2C", 17, "plain", "lose", -100, 900)},
        cards_used=6,
    ),
    Case(
        # O3: your A+A is a Ban-Ban (21), paid 3 at once; no hand left, the dealer's 5+7
        # draws nothing.
        id="one-on-one-ban-ban-paid-dealer-draws-nothing",
        rules=("O3", "T16", "T17"),
        preset="one-on-one",
        shoe="AC 5H AD 7H",
        moves={},
        dealer=("5H 7H", 12, "plain"),
        seats={"you": ("AC AD", 21, "ban-ban", "win", 300, 1300)},
        cards_used=4,
    ),
    Case(
        # O5: up card T, hole card A: the dealer's Ban-Luck; your 19 loses 2 bets.
        id="one-on-one-dealer-ban-luck-up-ten",
        rules=("O5", "O4", "T14"),
        preset="one-on-one",
        shoe="TC KH 9C AH",
        moves={},
        dealer=("KH AH", 21, "ban-luck"),
        seats={"you": ("TC 9C", 19, "plain", "lose", -200, 800)},
        cards_used=4,
    ),
]


def _case_marks(case: Case) -> list[pytest.MarkDecorator]:
    return [pytest.mark.rule(r) for r in case.rules]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id, marks=_case_marks(c)) for c in CASES])
def test_worked_hand(case: Case) -> None:
    """The replay's output equals the hand-computed one on every REPLAY.md field."""
    got = replay_text(json.dumps(case.input()))
    for seat in got["seats"]:
        seat.pop("bet", None)  # an added key (REPLAY: keys may be added)
    assert got == case.expected()


def test_worked_hands_through_the_command_line() -> None:
    """The same hands through ``banluck replay --lines``, one process."""
    text = "".join(json.dumps(c.input()) + "\n" for c in CASES)
    proc = subprocess.run(
        [sys.executable, "-m", "banluck", "replay", "--lines", "-"],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == len(CASES)
    for case, line in zip(CASES, lines, strict=True):
        got = json.loads(line)
        for seat in got["seats"]:
            seat.pop("bet", None)
        assert got == case.expected(), case.id


def test_every_shoe_fits_its_decks() -> None:
    """Self-check of the cases: no card appears more often than the preset's decks hold."""
    for case in CASES:
        decks = 2 if case.preset == "table" else 1
        cards = case.shoe.split()
        assert all(cards.count(c) <= decks for c in cards), case.id


# ----------------------------------------------------------------------------- reference
# A second, independent reading of RULES.md, written from the text for this audit (it
# shares no code with banluck.core): random shoes, random legal choices, and the replay's
# output must equal the reference's on every field.

_RANKS = "A23456789TJQK"


def _ref_points(rank: str) -> int:
    return 10 if rank in "TJQK" else int(rank) if rank != "A" else 0  # T1


def _ref_total(cards: list[str], one_on_one: bool) -> int:
    """T2 / T3 / O3 by brute force over every value each ace may take."""
    n = len(cards)
    options: tuple[int, ...]
    if n <= 2:
        options = (1, 10, 11) if one_on_one else (10, 11)
    elif n == 3:
        options = (1, 10)
    else:
        options = (1,)
    totals = {sum(_ref_points(c[0]) for c in cards)}
    for c in cards:
        if c[0] == "A":
            totals = {t + v for t in totals for v in options}
    fitting = [t for t in totals if t <= 21]
    return max(fitting) if fitting else min(totals)


def _ref_natural(cards: list[str]) -> str | None:
    """T4."""
    if len(cards) != 2:
        return None
    ranks = sorted(c[0] for c in cards)
    if ranks == ["A", "A"]:
        return "ban-ban"
    if "A" in ranks and any(r in "TJQK" for r in ranks):
        return "ban-luck"
    return None


def _ref_kind(cards: list[str], one_on_one: bool, dealer: bool) -> str:
    """T4-T6, O8 (a one-on-one dealer's five cards are plain)."""
    natural = _ref_natural(cards)
    if natural:
        return natural
    if _ref_total(cards, one_on_one) > 21:
        return "bust"
    if len(cards) == 5 and not (dealer and one_on_one):
        return "five-dragon"
    return "plain"


def _ref_multiple(kind: str, total: int) -> int:
    """T21."""
    return {"ban-ban": 3, "ban-luck": 2, "five-dragon": 3 if total == 21 else 2}.get(kind, 1)


def _reference_hand(rng: random.Random, one_on_one: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """A random hand: its REPLAY.md input and the output RULES.md gives it."""
    decks = 1 if one_on_one else rng.choice([1, 2])
    shoe = [r + s for r in _RANKS for s in "SHDC"] * decks
    rng.shuffle(shoe)
    names = ["you"] if one_on_one else ["you", "anna", "ben"]
    stacks: dict[str, int] = {}  # after T9
    raw_stacks: dict[str, int] = {}  # as given in the input
    bets: dict[str, int] = {}
    for name in names:
        raw = rng.choice([0, 5, 9, 10, 29, 30, 31, 49, 50, 60, 100, 150, 1000, 2500])
        minimum = 50 if name != "you" else (30 if one_on_one else 10)  # T9 / O1
        stacks[name] = 1000 if raw < minimum else raw
        if name == "you":
            top = min(500, stacks[name] // 3 if one_on_one else stacks[name])  # T8 / O1
            bets[name] = rng.choice([10, top, rng.randint(10, top)])
        else:
            bets[name] = 50
        raw_stacks[name] = raw
    pos = 0

    def draw() -> str:
        nonlocal pos
        pos += 1
        return shoe[pos - 1]

    hands: dict[str, list[str]] = {n: [] for n in [*names, "dealer"]}
    for _ in range(2):  # T13
        for n in [*names, "dealer"]:
            hands[n].append(draw())
    moves: dict[str, list[str]] = {n: [] for n in names}
    results: dict[str, tuple[str, int]] = {}  # result, multiple
    void = False
    waiting: list[str] = []

    def total(n: str) -> int:
        return _ref_total(hands[n], one_on_one)

    dealer_natural = _ref_natural(hands["dealer"])
    if dealer_natural:  # T14 / O5
        dm = _ref_multiple(dealer_natural, 21)
        for n in names:
            mine = _ref_natural(hands[n])
            if mine == dealer_natural:
                results[n] = ("push", 0)
            elif mine == "ban-ban":
                results[n] = ("win", 3)
            else:
                results[n] = ("lose", dm)
    elif not one_on_one and total("dealer") == 15:  # T15
        void = True
        results = {n: ("void", 0) for n in names}
    else:
        for n in names:  # T16 / O6
            mine = _ref_natural(hands[n])
            if mine:
                results[n] = ("win", _ref_multiple(mine, 21))
                continue
            while True:
                t = total(n)
                if not one_on_one and len(hands[n]) == 2 and t == 15:
                    move = rng.choice(["throw", "hit"])
                    moves[n].append(move)
                    if move == "throw":
                        results[n] = ("thrown-in", 0)
                        break
                elif t >= 16:
                    move = rng.choice(["hit", "stand"])
                    moves[n].append(move)
                    if move == "stand":
                        waiting.append(n)
                        break
                hands[n].append(draw())
                if total(n) > 21:
                    five = len(hands[n]) == 5 and not one_on_one
                    results[n] = ("lose", 2 if five else 1)
                    break
                if len(hands[n]) == 5:
                    waiting.append(n)
                    break
        if waiting:  # T17 / O8
            d = hands["dealer"]
            if one_on_one:
                while total("dealer") < 17:
                    d.append(draw())
            else:
                while len(d) < 5 and (
                    total("dealer") < 16 or (total("dealer") == 16 and len(d) == 4)
                ):
                    d.append(draw())
        dk = _ref_kind(hands["dealer"], one_on_one, dealer=True)
        dt = total("dealer")
        dm = _ref_multiple(dk, dt)
        for n in waiting:  # T18 / O7 / O8
            k, t = _ref_kind(hands[n], one_on_one, dealer=False), total(n)
            own = _ref_multiple(k, t)
            if dk == "bust":
                results[n] = ("win", own)
            elif dk == "five-dragon" and k != "five-dragon":
                results[n] = ("lose", dm)
            elif (k == "five-dragon" and dk != "five-dragon") or t > dt:
                results[n] = ("win", own)
            elif t < dt:
                results[n] = ("lose", dm)
            else:
                results[n] = ("push", 0)
    out_seats = []
    for n in names:
        result, mult = results[n]
        bet, stack = bets[n], stacks[n]
        loss = min(mult * bet, stack)  # T20
        net = mult * bet if result == "win" else -loss if result == "lose" else 0
        out_seats.append(
            {
                "name": n,
                "cards": hands[n],
                "total": total(n),
                "hand": _ref_kind(hands[n], one_on_one, dealer=False),
                "result": result,
                "net": net,
                "stack": stack + net,
            }
        )
    seats_in = []
    for n in names:
        seat: dict[str, Any] = {"name": n, "stack": raw_stacks[n], "moves": moves[n]}
        if n == "you" or rng.random() < 0.5:
            seat["bet"] = bets[n]
        seats_in.append(seat)
    data = {
        "preset": "one-on-one" if one_on_one else "table",
        "decks": decks,
        "shoe": shoe[: pos + rng.randint(0, 3)],
        "seats": seats_in,
    }
    expected = {
        "preset": data["preset"],
        "void": void,
        "dealer": {
            "cards": hands["dealer"],
            "total": total("dealer"),
            "hand": _ref_kind(hands["dealer"], one_on_one, dealer=True),
        },
        "seats": out_seats,
        "cards_used": pos,
    }
    return data, expected


@pytest.mark.rule("T2")
@pytest.mark.rule("T14")
@pytest.mark.rule("T16")
@pytest.mark.rule("T17")
@pytest.mark.rule("T18")
@pytest.mark.rule("T20")
@pytest.mark.rule("O8")
@pytest.mark.parametrize("one_on_one", [False, True], ids=["table", "one-on-one"])
def test_replay_agrees_with_an_independent_reading_of_the_rules(one_on_one: bool) -> None:
    rng = random.Random(20261129 + one_on_one)
    kinds: set[tuple[str, str]] = set()
    for _ in range(4000):
        data, expected = _reference_hand(rng, one_on_one)
        got = replay_text(json.dumps(data))
        for s in got["seats"]:
            s.pop("bet", None)
        assert got == expected, data
        kinds |= {(s["hand"], s["result"]) for s in got["seats"]}
        kinds.add(("dealer", got["dealer"]["hand"]))
    # the random hands reach every branch that matters
    assert ("dealer", "bust") in kinds and ("five-dragon", "win") in kinds
    assert ("bust", "lose") in kinds and ("plain", "push") in kinds
    if not one_on_one:
        assert ("dealer", "five-dragon") in kinds and ("plain", "thrown-in") in kinds


@pytest.mark.rule("O4")
def test_O4_the_decision_point_shows_the_up_card_only_in_one_on_one() -> None:
    """O4: your strategy may use the dealer's first card (face up); at the table it may not."""
    from banluck.core import Shoe
    from banluck.games.banluck import Round, SeatEntry, preset

    one = preset("one-on-one")
    r = Round.start(
        one, Shoe.stacked(["TC", "7H", "6C", "KD"], decks=1), [SeatEntry("you", 1000, 10)]
    )
    point = r.decision_point()
    assert point.dealer_up is not None and point.dealer_up.code == "7H"
    assert point.total == 16 and point.cards[0].code == "TC"
    table = preset("table")
    seats = [SeatEntry("you", 1000, 10), SeatEntry("anna", 1000, 50), SeatEntry("ben", 1000, 50)]
    r = Round.start(
        table, Shoe.stacked(["TC", "TD", "TS", "7H", "6C", "8D", "9S", "KD"], decks=2), seats
    )
    assert r.decision_point().dealer_up is None
