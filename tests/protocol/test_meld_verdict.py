"""One meld, one verdict: :func:`scala40.check_meld` and ``scala40 check --jsonl`` agree
on every meld text, in every game and preset (its meld rules and its deck); the server's
tests hold the ``check`` operation of ``scala40 serve`` to the same verdicts
(tests/server/test_serve_meld_verdict.py, with this module's texts).

The texts are the ones the library writes (a reading of a valid meld, as ``str`` and as
the game's ``check`` writes it), the same with a wild card's reading left out or changed,
and any cards of the deck or not, some said to stand for another card. ``check_meld``
told ``5D 5H 5S 5D`` valid under Chinchón's rules, where the deck holds one 5D and the
command line said so, and refused the text it writes itself (``8C 9C JK=10C``).
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40 import AmbiguousMeldError, InvalidCardError, InvalidMeldError, check_meld
from scala40.cards import CARD_NAMES, JOKER
from scala40.cli.batch import run_batch
from scala40.game import Game, game_names, load_game
from scala40.melds import meld_interpretations
from scala40.texts import text_of
from scala40.verdicts import judge_meld
from tests.hostile import fuzz_settings
from tests.protocol.tally import TALLY
from tests.strategies import valid_melds

Verdict = tuple[Any, ...]


def _api(game: Game, rules: Any, text: str) -> Verdict:
    """The library's verdict: a meld (as the game's ``check`` writes it, its value and
    its points),
    the readings of an ambiguous one, why cards are no meld, or a text of no cards."""
    try:
        meld = check_meld(text, rules)
    except AmbiguousMeldError as error:
        readings: Any = error.readings
        return ("ambiguous", sorted(text_of(game).meld(reading, False) for reading in readings))
    except InvalidMeldError as error:
        message = str(error)
        return ("invalid", message.partition(" is not a meld: ")[2] or message)
    except InvalidCardError:
        return ("unreadable",)
    # Two numbers under two names: Meld.value itself, and what the game scores.
    return ("valid", text_of(game).meld(meld, False), meld.value, text_of(game).meld_points(meld))


def _reported(report: dict[str, Any]) -> Verdict:
    """A verdict of the command line (or of the referee, whose reports are alike), as
    :func:`_api` gives it."""
    if report.get("error") == "InvalidCardError":
        return ("unreadable",)
    if report["valid"]:
        return ("valid", report["meld"], report["value"], report["points"])
    if "readings" in report:
        return ("ambiguous", sorted(reading["meld"] for reading in report["readings"]))
    return ("invalid", report["reason"])


def _batch(game: Game, preset: str, text: str) -> Verdict:
    """``scala40 check --jsonl``'s verdict on a line naming the game and the rules."""
    answers = io.StringIO()
    line = json.dumps({"game": game.name, "rules": preset, "cards": text})
    run_batch(io.StringIO(line + "\n"), answers, game, preset, judge_meld)
    return _reported(json.loads(answers.getvalue()))


def _agree(api: Verdict, other: Verdict, context: str) -> None:
    if api[0] == "invalid" and other[0] == "invalid":
        # The command line adds the presets whose pack has the cards a pack lacks.
        assert other[1].startswith(api[1]), f"{context}: {api} but {other}"
    else:
        assert other == api, f"{context}: {api} but {other}"


@st.composite
def _meld_texts(draw: st.DrawFn, game: Game, rules: Any) -> str:
    """A meld's text: one the library writes, one of its readings changed or left out,
    or cards of any kind, some said to stand for another card."""
    how = draw(st.sampled_from(["written", "changed", "any"]))
    if how != "any":
        cards = draw(valid_melds(rules.meld_rules))
        readings = meld_interpretations(cards, rules.meld_rules)
        reading = draw(st.sampled_from(readings))
        words = (
            text_of(game).meld(reading, False) if draw(st.booleans()) else str(reading)
        ).split()
        if how == "changed" and any("=" in word for word in words):
            index = draw(st.sampled_from([i for i, word in enumerate(words) if "=" in word]))
            card = words[index].split("=")[0]
            other = draw(st.sampled_from(["", *CARD_NAMES[:JOKER]]))
            words[index] = f"{card}={other}" if other else card
        return " ".join(draw(st.permutations(words)) if how == "changed" else words)
    names: list[str] = draw(st.lists(st.sampled_from(CARD_NAMES), min_size=1, max_size=6))
    said: list[str] = draw(
        st.lists(st.sampled_from(["", *CARD_NAMES]), min_size=len(names), max_size=len(names))
    )
    return " ".join(
        f"{name}={reading}" if reading and draw(st.integers(0, 3)) == 0 else name
        for name, reading in zip(names, said)
    )


@pytest.mark.parametrize("name", game_names())
@fuzz_settings(40)
@given(data=st.data())
def test_check_meld_and_the_command_line_give_one_verdict(name: str, data: st.DataObject) -> None:
    """C-IDENTITY, C-WILD, C-DECK: the two give the same verdict on a meld's text: the
    same meld, value and points, the same readings when several fit, the same reason when
    it is no meld (the deck's copies counted alike). The defect: for 572 of 707 valid
    Skarney melds the command line's ``value`` was the game's points (250) where
    ``Meld.value`` was the face value (10); ``value`` is ``Meld.value`` now, and the
    game's points are ``points``."""
    game = load_game(name)
    preset = data.draw(st.sampled_from(game.ruleset_type.preset_names()))
    rules = game.ruleset_type.preset(preset)
    text = data.draw(_meld_texts(game, rules))
    context = f"{name} {preset} {text!r}"
    api = _api(game, rules, text)
    _agree(api, _batch(game, preset, text), f"{context} (check --jsonl)")
    TALLY[f"meld verdicts agreed ({api[0]})"] += 1
