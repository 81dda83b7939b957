"""The public meld judge (:mod:`scala40.verdicts`): the command line's and the referee's
verdicts come from it, and it refuses what is not a game, a preset, melds' texts or a
request with the library's errors, naming what was wrong."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from scala40.cli import main
from scala40.errors import InvalidArgumentError, InvalidValueError, UnknownPresetError
from scala40.game import load_game
from scala40.verdicts import MAX_MELDS, Context, Request, check_melds, judge_meld, meld_report

SCALA40 = load_game("scala40")
RULES = SCALA40.ruleset_type.default()
CONTEXT = Context(SCALA40, RULES, "official", RULES.deck.counts())


def test_check_json_prints_the_public_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--json", "JK 9C 8C", "7S 7H JK"]) == 1
    printed = json.loads(capsys.readouterr().out)
    assert printed == meld_report(SCALA40, "official", ["JK 9C 8C", "7S 7H JK"])
    one = judge_meld(Request(1, None, CONTEXT, "JK 9C 8C"))
    assert one == printed["melds"][0]


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: judge_meld(5), InvalidArgumentError, "expected a Request, got 5"),  # type: ignore[arg-type]
        (
            lambda: judge_meld(Request(1, None, "official", "JK")),  # type: ignore[arg-type]
            InvalidArgumentError,
            "expected a Context",
        ),
        (
            lambda: judge_meld(Request(1, None, CONTEXT, 7)),  # type: ignore[arg-type]
            InvalidArgumentError,
            "expected the cards' text, got 7",
        ),
        (
            lambda: meld_report("scala40", "official", ["JK"]),  # type: ignore[arg-type]
            InvalidArgumentError,
            "expected a game's record (Game), got 'scala40'",
        ),
        (
            lambda: meld_report(SCALA40, "official", "JK 9C 8C"),
            InvalidArgumentError,
            "meld_texts must be a list of melds' texts",
        ),
        (lambda: meld_report(SCALA40, "nope", []), UnknownPresetError, "no preset named 'nope'"),
        (
            lambda: meld_report(SCALA40, "official", ["AS"] * (MAX_MELDS + 1)),
            InvalidValueError,
            f"at most {MAX_MELDS} are checked",
        ),
        (
            lambda: check_melds(SCALA40, "official", ["AS"], unicode=1),  # type: ignore[arg-type]
            InvalidArgumentError,
            "unicode must be True or False, got 1",
        ),
    ],
)
def test_the_judge_refuses_what_it_cannot_judge(
    call: Callable[[], object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)
