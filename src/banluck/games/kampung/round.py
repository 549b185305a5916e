"""One kampung hand as a state machine (K5–K23): the banker is a seat that decides.

The round runs by itself until a seat has a real choice (K19: where only one choice is
possible, none is asked): then ``to_act`` names the seat, ``legal_actions()`` its choices,
``decision()`` what it may know (K17), and ``apply(action)`` plays it and returns the
events that followed. Forced draws (a player under 15, the banker under 16) ask nothing.

>>> from banluck.core.shoe import Shoe
>>> from banluck.games.kampung.rules import KAMPUNG
>>> shoe = Shoe.stacked("9S 7H TD 5C KS 8H QD 6C 4S 7D 3S".split(), decks=2)
>>> r = KampungRound.start(KAMPUNG, shoe, banker="anna", bank_stack=1000,
...     players=[PlayerEntry("you", 1000, 100), PlayerEntry("ben", 1000, 50),
...              PlayerEntry("dealer", 1000, 50)])
>>> r.to_act, r.legal_actions()
('you', ('hit', 'stand'))
>>> for move in ["stand", "play", "hit", "stand", "stand", "open:ben", "hit"]:
...     _ = r.apply(move)
>>> r.is_over, r.outcome().bank.net
(True, 250)
"""

from __future__ import annotations

from collections.abc import Sequence

from banluck.core.errors import IllegalAction
from banluck.core.shoe import Shoe
from banluck.games.banluck.hands import HandKind, natural_kind
from banluck.games.kampung import settle
from banluck.games.kampung.events import (
    ActionTaken,
    BetDoubled,
    CardsBurnt,
    DrawReason,
    Event,
    Result,
    RoundVoided,
    TurnEnded,
)
from banluck.games.kampung.records import (
    Phase,
    PlayerEntry,
    PlayerHand,
)
from banluck.games.kampung.round_state import RoundState
from banluck.games.kampung.rules import KampungRules

OPEN = "open:"


class KampungRound(RoundState):
    """One hand against a banker seat (K5–K23). Build it with :meth:`start`."""

    @classmethod
    def start(
        cls,
        rules: KampungRules,
        shoe: Shoe,
        *,
        banker: str,
        bank_stack: int,
        players: Sequence[PlayerEntry],
        record: bool = True,
    ) -> KampungRound:
        """K5: deal, then run until the first choice (or the end); with ``record`` False
        the round keeps no events (the outcome is the same)."""
        r = cls(rules, shoe, banker=banker, bank_stack=bank_stack, players=players, record=record)
        r._deal()
        return r

    def apply(self, action: str) -> list[Event]:
        """Play the choice of the seat to act; return the events it caused."""
        if action not in self._legal:
            if self.to_act is None:
                raise IllegalAction(f"{action!r}: the hand is over")
            choices = ", ".join(self._legal)
            raise IllegalAction(f"seat {self.to_act!r}: {action!r} is not allowed ({choices})")
        start = len(self.events)
        seat = self.to_act
        assert seat is not None
        self.to_act = None
        self._legal = ()
        if self._record:
            self.events.append(ActionTaken(seat, action))
        if self.phase is Phase.BANKER_15:
            self._banker_15_choice(action)
        elif self.phase is Phase.BURN_REPLY:
            self._burn_reply(self._hand(seat), action)
        elif self.phase is Phase.PLAYERS:
            self._player_choice(self._hand(seat), action)
        else:
            self._banker_choice(action)
        return self.events[start:]

    def _deal(self) -> None:
        """K5: players in seat order, then the banker; twice."""
        for _ in range(2):
            for h in self.hands:
                self._draw(h.seat, h.cards, DrawReason.DEAL)
            self._draw(self.bank.seat, self.bank.cards, DrawReason.DEAL)
        self._first_deal = (
            *((h.seat, tuple(h.cards)) for h in self.hands),
            (self.bank.seat, tuple(self.bank.cards)),
        )
        self._banker_looks()

    def _banker_looks(self) -> None:
        """K6 / K7 / K8: the banker looks at its two cards first."""
        b = self.bank.cards
        natural = natural_kind(b[0], b[1])
        if natural is not None:
            self._banker_natural(natural)
            return
        if self.total(self.bank.seat) == self.rules.burn_total and self._special_15():
            # K7 / K20: the banker's 15 escapes every natural: pushed, turned over, gone.
            for h in self._unsettled():
                if natural_kind(h.cards[0], h.cards[1]) is not None:
                    self._turn_over(h)
                    self._settle(h, (Result.PUSH, 0))
            if not self._unsettled():
                self._finish()  # K21
                return
            burnt_before = bool(self.bank.burnt)
            burn = self.rules.burn and not burnt_before  # K19; H19: no burns at all
            self._ask(
                self.bank.seat,
                Phase.BANKER_15,
                ("void", "burn", "play") if burn else ("void", "play"),
            )
            return
        self._start_players()

    def _banker_natural(self, natural: HandKind) -> None:
        """K6: the banker's natural collects from every player, but for naturals and 15s;
        every hand is turned over."""
        self._turn_over_bank()
        for h in self._unsettled():
            self._turn_over(h)
            mine = natural_kind(h.cards[0], h.cards[1])
            fifteen = self.total(h.seat) == self.rules.burn_total and self._special_15()
            self._settle(h, settle.against_banker_natural(mine, fifteen, natural, self.rules))
        self._finish()

    def _banker_15_choice(self, action: str) -> None:
        """K7: void, burn or play the banker's 15."""
        if action == "void":
            self.voided = True
            if self._record:
                self.events.append(RoundVoided())
            for h in self._unsettled():
                self._settle(h, (Result.VOID, 0))
            self._finish()
        elif action == "burn":
            self._index = 0
            self._next_burn_reply()
        else:
            self._start_players()

    def _next_burn_reply(self) -> None:
        """K7 / K19: each player still in the hand doubles or forfeits, in seat order."""
        while self._index < len(self.hands):
            h = self.hands[self._index]
            if h.result is None:
                if 2 * h.bet <= h.stack:
                    self._ask(h.seat, Phase.BURN_REPLY, ("double", "forfeit"))
                    return
                self._settle(h, (Result.FORFEIT, 1))  # K19: it cannot cover the double
            self._index += 1
        if not self._unsettled():
            # K21: no fresh pair when every player is gone.
            self._finish()
            return
        b = self.bank
        b.burnt = tuple(b.cards)
        b.cards = []
        self._cards_changed(b.seat)
        if self._record:
            self.events.append(CardsBurnt(b.seat, b.burnt, 0))
        self._draw(b.seat, b.cards, DrawReason.FRESH)
        self._draw(b.seat, b.cards, DrawReason.FRESH)
        self._banker_looks()

    def _burn_reply(self, h: PlayerHand, action: str) -> None:
        if action == "double":
            h.bet *= 2
            if self._record:
                self.events.append(BetDoubled(h.seat, h.bet))
        else:
            self._settle(h, (Result.FORFEIT, 1))  # K23: it loses its undoubled bet
        self._index += 1
        self._next_burn_reply()

    def _start_players(self) -> None:
        """K8 / K20: players' naturals are turned over and paid in seat order, then K9."""
        for h in self._unsettled():
            natural = natural_kind(h.cards[0], h.cards[1])
            if natural is not None:
                self._turn_over(h)
                self._settle(h, settle.player_natural(natural, self.rules))
        self._index = 0
        self._next_player()

    def _next_player(self) -> None:
        """Run the players' turns in seat order until one has a choice."""
        rules = self.rules
        while self._index < len(self.hands):
            h = self.hands[self._index]
            while h.result is None and not h.done:
                total = self.total(h.seat)
                if (
                    len(h.cards) == 2
                    and total == rules.burn_total
                    and not h.burn_decided
                    and self._special_15()
                ):
                    h.burn_decided = True
                    # K10 / K19; H19: without burns or a free hand the 15 plays on
                    if rules.players_burn() and not h.burnt and 2 * h.bet <= h.stack:
                        self._ask(h.seat, Phase.PLAYERS, ("burn", "play"))
                        return
                    continue
                if total < rules.player_must_draw_under:  # K9: must draw
                    if rules.non != "off":  # X7: or stand, the hand then non
                        self._ask(h.seat, Phase.PLAYERS, ("hit", "stand"))
                        return
                    self._player_draws(h)
                elif total >= 21:
                    self._stop(h)  # K9: at 21 it stands
                else:
                    self._ask(h.seat, Phase.PLAYERS, ("hit", "stand"))
                    return
            self._index += 1
        self._start_banker()

    def _player_choice(self, h: PlayerHand, action: str) -> None:
        if action == "burn":
            self._player_burns(h)
        elif action == "hit":
            self._player_draws(h)
        elif action == "stand":
            h.non = self._under_licence(h.seat)  # X7
            self._stop(h)
        # "play": K10 plays the 15 on, the burn is decided
        self._next_player()

    def _player_burns(self, h: PlayerHand) -> None:
        """K10: the bet doubles, two fresh cards; a natural among them is paid at once."""
        h.bet *= 2
        h.burnt = tuple(h.cards)
        h.cards = []
        self._cards_changed(h.seat)
        if self._record:
            self.events.append(CardsBurnt(h.seat, h.burnt, h.bet))
        self._draw(h.seat, h.cards, DrawReason.FRESH)
        self._draw(h.seat, h.cards, DrawReason.FRESH)
        natural = natural_kind(h.cards[0], h.cards[1])
        if natural is not None:  # K8 / K20
            self._turn_over(h)
            self._settle(h, settle.player_natural(natural, self.rules))

    def _player_draws(self, h: PlayerHand) -> None:
        """A player's draw, then K11 / K12 / K13."""
        self._draw(h.seat, h.cards, DrawReason.DRAW)
        count = len(h.cards)
        rules = self.rules
        if rules.seven_seven_seven_multiple and count == 3 and all(c.rank == "7" for c in h.cards):
            h.seven = True  # K13: turned over, takes no more cards, waits for the banker
            self._turn_over(h)
            self._stop(h)
            return
        total = self.total(h.seat)
        kampung = rules.compare == "kampung"
        if count == rules.card_limit and kampung:  # K12: five cards are settled at once
            self._turn_over(h)
            self._stop(h)
            five = settle.PENALTY if rules.heavy(total) else settle.five_cards(total, rules)
            self._settle(h, five, repaid=True)  # X9 first
        elif total > 21 and rules.busts_shown:  # H19: the bust is shown and loses at once
            self._turn_over(h)
            self._stop(h)
            self._settle(h, settle.PENALTY if rules.heavy(total) else (Result.LOSE, 1))
        elif total >= 21 or count == rules.card_limit:
            # K11: a bust keeps its cards face down; K9: 21 stands; X4: five cards wait
            self._stop(h)

    def _stop(self, h: PlayerHand) -> None:
        h.done = True
        if self._record:
            self.events.append(TurnEnded(h.seat))

    def _start_banker(self) -> None:
        """K14 / K21: the banker turns its cards over, unless nobody is left (the hand is
        over: X10's shares are paid for what the players' turns settled)."""
        if not self._unsettled():
            self._pay_for_banker()
            self._finish()
            return
        self.phase = Phase.BANKER
        if not self._banker_face_down():
            self._turn_over_bank()
        self._banker_continue()

    def _banker_face_down(self) -> bool:
        """X21: under ``compare: xi_dach`` the banker's cards, its draws too, stay face down
        while it opens hands, and are turned over when its turn ends (``_finish``)."""
        return self.rules.compare == "xi_dach"

    def _banker_continue(self) -> None:
        """K14 / K15: draw under 16; settle a bust, five cards or 21; else ask."""
        b = self.bank
        rules = self.rules
        while True:
            total = self.total(b.seat)
            count = len(b.cards)
            if rules.heavy(total):  # X8 / X11: a heavy bust pays every unopened hand
                self._den_lang(total)
                return
            if count == rules.card_limit or total > 21:
                self._banker_special(total, count)
                return
            if total == 21:
                self._open_all(total)
                return
            if total < rules.banker_must_draw_under:
                if rules.non == "all":  # X7: or stand, non (it cannot open there)
                    self._ask(b.seat, Phase.BANKER, ("hit", "stand"))
                    return
                self._draw(b.seat, b.cards, DrawReason.BANKER, face_up=not self._banker_face_down())
                continue
            unopened = self._unopened()
            if not unopened and not self._sevens():
                self._end_banker_turn(total)  # K21: every hand is opened
                return
            opens = (OPEN + h.seat for h in unopened) if rules.selective_open else ()  # H19
            self._ask(b.seat, Phase.BANKER, ("hit", "stand", *opens))
            return

    def _banker_choice(self, action: str) -> None:
        b = self.bank
        if action == "hit":
            self._draw(b.seat, b.cards, DrawReason.BANKER, face_up=not self._banker_face_down())
            self._banker_continue()
        elif action == "stand":
            total = self.total(b.seat)
            if self._under_licence(b.seat):  # X7: the banker is non
                b.non = True
                self._cards_changed(b.seat)  # its kind is now non
                self._den_lang(total)
            else:
                self._open_all(total)
        else:
            self._open(self._hand(action.removeprefix(OPEN)), self.total(b.seat))
            self._banker_continue()

    def _banker_special(self, total: int, count: int) -> None:
        """K15 / K22: the banker's bust, five dragon or five-card bust settles every
        unopened hand in seat order (K23)."""
        rules = self.rules
        for h in self._unopened():
            self._turn_over(h)
            if self._penalised(h):  # X9 first
                self._settle(h, settle.PENALTY)
                continue
            mine = self.total(h.seat)
            if rules.compare == "xi_dach":  # X4
                found = settle.banker_special_xi_dach(mine, len(h.cards), total, count, rules)
            else:
                found = settle.banker_special(mine, total, count, rules)
            self._settle(h, found, repaid=True)
        self._end_banker_turn(total)

    def _den_lang(self, total: int) -> None:
        """X11: a banker whose turn ends non or with a heavy bust pays every unopened hand
        its own multiple; a penalised one pushes."""
        self._turn_over_bank()
        for h in self._unopened():
            self._turn_over(h)
            mine, count = self.total(h.seat), len(h.cards)
            self._settle(h, settle.den_lang(mine, count, self._penalised(h), self.rules))
        self._end_banker_turn(total)

    def _open_all(self, total: int) -> None:
        """K14: ``stand`` or 21 opens every remaining hand in seat order (K23)."""
        for h in self._unopened():
            self._open(h, total)
        self._end_banker_turn(total)

    def _open(self, h: PlayerHand, bank_total: int) -> None:
        """K16: the banker at 16 to 21 opens one hand and settles it."""
        self._turn_over(h)
        if self._penalised(h):  # X9 first
            self._settle(h, settle.PENALTY)
            return
        mine = self.total(h.seat)
        self._settle(h, settle.opening(mine, bank_total, self.rules, len(h.cards)), repaid=True)

    def _end_banker_turn(self, total: int) -> None:
        """K13 / K23: waiting 7-7-7 hands are settled last: a push against a final 21."""
        for h in self._sevens():
            self._settle(h, settle.seven_seven_seven(total, self.rules), repaid=True)
        self._pay_for_banker()
        self._finish()

    def _pay_for_banker(self) -> None:
        """X10 / X16 / X19: the offenders (``penalty``) pay back, in equal shares, what the
        bank paid out this hand for wins (not naturals at once, not X11's), each share at
        most ``pay_for_banker`` bets and what the offender still has."""
        n = self.rules.pay_for_banker
        offenders = [h for h in self.hands if h.result is Result.PENALTY]
        if not n or not offenders:
            return
        paid = sum(h.net for h in self.hands if h.repaid and h.result is Result.WIN)
        caps = [min(n * h.bet, h.stack + h.net) for h in offenders]
        for h, share in zip(offenders, settle.shares(paid, caps), strict=True):
            h.paid_for_banker = share
            h.net -= share
            self.bank.stack += share
