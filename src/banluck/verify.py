"""``banluck verify``: check a provably fair history (issue 11, item 6; docs/FAIRNESS.md).

``banluck verify HISTORY.json`` (or ``-``) exits 0 with ``verified: …``, 1 with the first
card or shoe that does not match, 2 on input that is not a history. ``banluck verify --demo
GAME`` plays hands with bots on a recorded shoe and prints their finished history, to try
the command (or ``sha256sum`` and ``jq``) on.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

from banluck.core.fair import (
    FairFormatError,
    FairLedger,
    History,
    check_client_seed,
    parse_history,
    verify_history,
)

__all__ = ["DEMO_GAMES", "play_banluck", "play_blackjack", "play_kampung", "register"]

EXIT_NOT_VERIFIED = 1
EXIT_BAD_INPUT = 2
#: the games ``--demo`` can play
DEMO_GAMES = ("table", "one-on-one", "kampung", "classic", "infinite")


def register(sub: Any) -> None:
    """Add ``verify`` to the ``banluck`` subcommands."""
    p = sub.add_parser("verify", help="check that every card dealt came from its committed shoe")
    p.add_argument("file", nargs="?", help="a history as JSON, or '-' for standard input")
    p.add_argument(
        "--demo",
        metavar="GAME",
        choices=DEMO_GAMES,
        help=f"print the history of hands played by bots instead ({', '.join(DEMO_GAMES)})",
    )
    p.add_argument("--hands", type=int, default=30, help="with --demo: how many hands (30)")
    p.add_argument("--seed", type=int, default=None, help="with --demo: a seed to repeat a run")
    p.add_argument(
        "--client-seed",
        metavar="TEXT",
        help="with --demo: every shuffle derived from the server's salt and TEXT",
    )
    p.add_argument(
        "--seen",
        metavar="COMMITMENT",
        action="append",
        default=[],
        help="a shoe's commitment you saw at the table: it must be in the history (repeat it)",
    )
    p.add_argument(
        "--seen-hand",
        metavar="HAND:SHOE",
        action="append",
        default=[],
        help="a hand you saw dealt, with the shoe then in use: once that shoe is revealed, the"
        " hand must be dealt from it (repeat it)",
    )
    p.set_defaults(run=_run)


def _hands_seen(values: list[str]) -> dict[int, int]:
    """``--seen-hand HAND:SHOE`` values (ValueError saying which is not of that form).

    >>> _hands_seen(["12:3", "13:3"])
    {12: 3, 13: 3}
    """
    out: dict[int, int] = {}
    for v in values:
        hand, sep, shoe = v.partition(":")
        if not (sep and hand.isdigit() and shoe.isdigit()):
            raise ValueError(f"--seen-hand {v!r} is not HAND:SHOE (two whole numbers)")
        out[int(hand)] = int(shoe)
    return out


def _run(args: argparse.Namespace) -> int:
    if args.demo is not None:
        if args.file is not None:
            return _bad("give a history file or --demo, not both")
        if not 1 <= args.hands <= 10_000:
            return _bad("--hands must be from 1 to 10000")
        if args.client_seed is not None:
            try:
                check_client_seed(args.client_seed)
            except ValueError as exc:
                return _bad(str(exc))
        rng = random.Random(args.seed) if args.seed is not None else None
        history = demo_history(args.demo, args.hands, rng, args.client_seed)
        json.dump(history.to_json(), sys.stdout)
        sys.stdout.write("\n")
        return 0
    if args.file is None:
        return _bad("give a history file (or '-' for standard input), or --demo GAME")
    try:
        hands_seen = _hands_seen(args.seen_hand)
    except ValueError as exc:
        return _bad(str(exc))
    try:
        if args.file == "-":
            text = sys.stdin.buffer.read().decode("utf-8")
        else:
            with open(args.file, "rb") as f:
                text = f.read().decode("utf-8")
    except OSError as exc:
        return _bad(f"cannot read {args.file!r}: {exc.strerror}")
    except UnicodeDecodeError:
        return _bad(f"{args.file!r} is not UTF-8 text")
    try:
        history = parse_history(json.loads(text))
    except json.JSONDecodeError as exc:
        return _bad(f"{args.file!r} is not JSON (line {exc.lineno}, column {exc.colno})")
    except (FairFormatError, RecursionError) as exc:
        return _bad(str(exc) if isinstance(exc, FairFormatError) else "the JSON nests too deep")
    report = verify_history(history, args.seen, hands_seen)
    print(report.summary())
    return 0 if report.ok else EXIT_NOT_VERIFIED


def _bad(message: str) -> int:
    print(f"banluck verify: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


# -- played histories (the demo, and the tests) -------------------------------------------------


def demo_history(
    game: str, hands: int, rng: random.Random | None, client_seed: str | None = None
) -> History:
    """The finished history of ``hands`` hands of ``game`` played by bots; ``rng`` (when
    given) shuffles and draws the salts; with a client seed every shuffle is derived."""
    if game in ("classic", "infinite"):
        return play_blackjack(game, hands, rng, salt_rng=rng, client_seed=client_seed)
    if game == "kampung":
        return play_kampung(hands, rng, salt_rng=rng, client_seed=client_seed)
    return play_banluck(game, hands, rng, salt_rng=rng, client_seed=client_seed)


def play_banluck(
    preset: str,
    hands: int,
    rng: random.Random | None,
    *,
    salt_rng: random.Random | None = None,
    client_seed: str | None = None,
) -> History:
    """``hands`` hands of a Ban Luck preset (every seat takes its highest-named legal action,
    the bots as their rules say) on a recorded shoe; the table then closes."""
    from banluck.core.shoe import Shoe
    from banluck.games.banluck.rules import preset as rules_of
    from banluck.games.banluck.table import Table

    rules = rules_of(preset)
    ledger, rng = _ledger(salt_rng, client_seed, rng)
    table = Table(rules, shoe=Shoe(rules.decks, rng, ledger=ledger), stacks=_rich(rules.seats))
    for _ in range(hands):
        _next_seed(ledger, client_seed)
        ledger.begin_hand()
        r = table.start_round(rules.bet_min)
        while r.to_act:
            r.apply(sorted(r.legal_actions())[-1])
        table.finish_round(r)
        ledger.end_hand()
    ledger.finish()
    return ledger.public_history()


def play_kampung(
    hands: int,
    rng: random.Random | None,
    *,
    salt_rng: random.Random | None = None,
    client_seed: str | None = None,
    bank: str = "house",
) -> History:
    """``hands`` hands of kampung (``bank`` "house" or "rotate", K2), every seat taking
    its last legal action, on a recorded shoe; the table then closes."""
    from banluck.core.shoe import Shoe
    from banluck.games.kampung.rules import KAMPUNG
    from banluck.games.kampung.table import KampungTable

    rules = KAMPUNG.with_bank(bank)
    ledger, rng = _ledger(salt_rng, client_seed, rng)
    table = KampungTable(
        rules, shoe=Shoe(rules.decks, rng, ledger=ledger), stacks=_rich(rules.seats)
    )
    you = rules.seats[0]
    for _ in range(hands):
        _next_seed(ledger, client_seed)
        ledger.begin_hand()
        r = table.start_round(None if table.banker == you else rules.bet_min)
        while r.to_act:
            r.apply(r.legal_actions()[-1])
        table.finish_round(r)
        ledger.end_hand()
    ledger.finish()
    return ledger.public_history()


def play_blackjack(
    preset: str,
    hands: int,
    rng: random.Random | None,
    *,
    salt_rng: random.Random | None = None,
    client_seed: str | None = None,
    rules: Any = None,
) -> History:
    """``hands`` hands of a blackjack preset (or ``rules``) on a recorded shoe, every seat
    hitting below 17; the table then closes."""
    from banluck.games.blackjack.decisions import Decision
    from banluck.games.blackjack.rules import PRESETS
    from banluck.games.blackjack.shoe import BlackjackShoe
    from banluck.games.blackjack.table import BlackjackTable, never_insuring

    def policy(d: Decision) -> str:
        return "hit" if d.total < 17 and "hit" in d.legal else "stand"

    rules = rules if rules is not None else PRESETS[preset]
    ledger, rng = _ledger(salt_rng, client_seed, rng)
    shoe = BlackjackShoe(rules, rng, ledger=ledger)
    table = BlackjackTable(rules, shoe=shoe, bot_policy=policy, stacks=_rich(rules.seats))
    for _ in range(hands):
        _next_seed(ledger, client_seed)
        r = table.deal(bet=rules.bet_min)
        while r.to_act is not None:
            r.apply(never_insuring(r, policy))
        table.settle(r)
    ledger.finish()
    return ledger.public_history()


def _rich(seats: Sequence[str]) -> dict[str, int]:
    """Stacks no run of losses empties: a demo plays its hands at the smallest bet."""
    return dict.fromkeys(seats, 10**9)


def _ledger(
    salt_rng: random.Random | None, client_seed: str | None, rng: random.Random | None
) -> tuple[FairLedger, random.Random | None]:
    """The ledger, and the shoe's random source: the ledger's seeded shuffles when a client
    seed is given (the first shoe's seed is set here, before the shoe is made)."""
    ledger = FairLedger() if salt_rng is None else FairLedger(salt_source=salt_rng.randbytes)
    if client_seed is None:
        return ledger, rng
    _next_seed(ledger, client_seed)
    return ledger, ledger.shuffler()


def _next_seed(ledger: FairLedger, client_seed: str | None) -> None:
    """Before each hand, as a room would: the seed for the next shoe, after its salt's
    commitment exists (a different seed per shoe: the text and the shoe's number)."""
    if client_seed is not None:
        ledger.next_salt_commitment()
        shoe = ledger.current.shoe + 1 if ledger.current is not None else 1
        ledger.set_client_seed(f"{client_seed} #{shoe}")
