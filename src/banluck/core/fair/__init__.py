"""A provably fair shoe (issue 11, item 6; docs/FAIRNESS.md).

Before a shoe's first card every seat sees a commitment, the SHA-256 of its order and a
secret salt (:mod:`.scheme`); when the shoe is finished its order and salt are revealed and
kept with the history (:mod:`.history`); :func:`verify_history` checks that every card dealt
came from the committed shoes, in order (:mod:`.check`). A :class:`FairLedger` records a
table's shoes and deals as its shoes report them (:mod:`.ledger`). Pure: no I/O; every
random source is injected.
"""

from banluck.core.fair.check import VerifyReport, verify_history
from banluck.core.fair.history import (
    FORMAT,
    MAX_DECKS,
    Deal,
    FairFormatError,
    History,
    ShoeCommitment,
    ShoeRecord,
    ShoeReveal,
    Source,
    parse_history,
)
from banluck.core.fair.ledger import FairLedger, SeededShuffle
from banluck.core.fair.scheme import (
    SALT_BYTES,
    canonical_text,
    check_client_seed,
    commitment_of,
    derive_order,
    salt_commitment_of,
)

__all__ = [
    "FORMAT",
    "MAX_DECKS",
    "SALT_BYTES",
    "Deal",
    "FairFormatError",
    "FairLedger",
    "History",
    "SeededShuffle",
    "ShoeCommitment",
    "ShoeRecord",
    "ShoeReveal",
    "Source",
    "VerifyReport",
    "canonical_text",
    "check_client_seed",
    "commitment_of",
    "derive_order",
    "parse_history",
    "salt_commitment_of",
    "verify_history",
]
