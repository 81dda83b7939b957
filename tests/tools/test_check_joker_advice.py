"""``scala40 check --jsonl`` on cards that make a meld in several ways, as the joker's card
decides: the library calls them a meld (:func:`scala40.is_meld`), the verdict is not valid
until the joker's card is named, and its reason tells a validator's author how: each
meld it spells, sent back, is valid."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import scala40

AMBIGUOUS = ("9C 9D JK", "7S 7H JK", "JK 5H 5S", "QD KD JK 2C JK")


def _verdicts(lines: list[str]) -> list[dict[str, object]]:
    result = subprocess.run(
        [sys.executable, "-m", "scala40", "check", "--jsonl"],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_an_ambiguous_meld_s_verdict_says_how_to_name_the_joker_s_card() -> None:
    melds = [cards for cards in AMBIGUOUS if scala40.is_meld(cards)]
    assert len(melds) >= 3
    verdicts = _verdicts(melds)
    spelled: list[str] = []
    assert len(verdicts) == len(melds)
    for verdict in verdicts:
        assert verdict["valid"] is False
        reason = str(verdict["reason"])
        assert "it is a meld, but which one depends on the card the joker stands for" in reason
        named = re.findall(r'"([^"]+)"', reason)
        assert named, reason
        assert all("JK=" in text for text in named), reason
        spelled += named
    assert all(verdict["valid"] is True for verdict in _verdicts(spelled))
