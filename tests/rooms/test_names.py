"""Names cannot impersonate (N5): two names that look alike are one name in a room (NFKC,
case folding and Unicode's confusables), a name must be visible, and every script's letters
with their marks are welcome."""

from __future__ import annotations

import pytest

from banluck.core.refusal import Refusal
from banluck.rooms.names import display_name, same_name
from tests.rooms.helpers import room

LOOKALIKES = [
    "ann",  # case
    "\u0410nn",  # Cyrillic A
    "\uff21\uff4e\uff4e",  # full width
    "\U0001d400nn",  # mathematical bold A
    "Ann\u0301",  # a combining acute on the n
    "\u0391nn",  # Greek Alpha
]


@pytest.mark.parametrize("name", LOOKALIKES)
def test_a_name_that_looks_like_a_members_is_taken(name: str) -> None:
    r = room()  # Ann, Bob and Cai
    with pytest.raises(Refusal) as e:
        r.join("M", name, 0.0)
    assert e.value.code == "name_taken" and e.value.params == {"name": "Ann"}
    assert "M" not in r.members


@pytest.mark.parametrize("name", ["Ann\u3164", "\u3164", "\u115fAnn", "\u200bAnn", "Ann\u202e"])
def test_invisible_characters_make_no_name(name: str) -> None:
    with pytest.raises(Refusal) as e:
        display_name(name)
    assert e.value.code == "bad_name"


@pytest.mark.parametrize(
    "name", ["अनिल", "Nguyễn Văn An", "小明", "Zoë", "Ωmega", "سارا", "Ah-Kow", "Mei Ling"]
)
def test_every_scripts_letters_and_marks_are_names(name: str) -> None:
    r = room()
    r.join("M", name, 0.0)
    assert r.members["M"].name == display_name(name)


def test_a_mark_cannot_start_a_name() -> None:
    with pytest.raises(Refusal):
        display_name("\u0301Ann")


def test_different_names_stay_different() -> None:
    assert not same_name("Ann", "Anna") and not same_name("Bob", "Ben")
    r = room()
    r.join("M", "Anna", 0.0)
    r.join("N", "Ben", 0.0)
    assert {m.name for m in r.members.values()} >= {"Ann", "Anna", "Ben"}
