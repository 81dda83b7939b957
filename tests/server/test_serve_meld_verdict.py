"""One meld, one verdict: the ``check`` operation of ``scala40 serve`` agrees with
:func:`scala40.check_meld` (and so with ``scala40 check --jsonl``,
tests/protocol/test_meld_verdict.py) on every meld text, in every game and preset.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.game import Game, game_names, load_game
from scala40_server.commands.serve import Referee
from tests.hostile import fuzz_settings
from tests.protocol.tally import TALLY
from tests.protocol.test_meld_verdict import Verdict, _agree, _api, _meld_texts, _reported

_REFEREE = Referee()


def _serve(game: Game, preset: str, text: str) -> Verdict:
    """The referee's verdict (``scala40 serve``'s ``check`` of one meld)."""
    answer = _REFEREE.answer({"op": "check", "game": game.name, "rules": preset, "melds": [text]})
    if not answer["ok"]:
        return ("unreadable",) if answer["error"]["type"] == "InvalidCardError" else ("?", answer)
    report: dict[str, Any] = answer["melds"][0]
    return _reported(report)


@pytest.mark.parametrize("name", game_names())
@fuzz_settings(40)
@given(data=st.data())
def test_check_meld_and_the_referee_give_one_verdict(name: str, data: st.DataObject) -> None:
    """C-IDENTITY, C-WILD, C-DECK: the referee gives the library's verdict on a meld's
    text: the same meld, value and points, the same readings when several fit, the same
    reason when it is no meld (the deck's copies counted alike)."""
    game = load_game(name)
    preset = data.draw(st.sampled_from(game.ruleset_type.preset_names()))
    rules = game.ruleset_type.preset(preset)
    text = data.draw(_meld_texts(game, rules))
    api = _api(game, rules, text)
    _agree(api, _serve(game, preset, text), f"{name} {preset} {text!r} (serve)")
    TALLY[f"meld verdicts agreed by the referee ({api[0]})"] += 1
