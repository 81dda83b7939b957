"""Every ruleset option is on its game's page: a player reads the options there, and a new
option whose row is missing fails here (the API reference's table of Scala 40's options is
made from the declarations, ``docs/rulesets.rst``, so it cannot miss one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scala40.game import BUILTIN_GAMES, load_game
from scala40.rulesets import option_kinds

GAME_PAGES = Path(__file__).resolve().parent.parent / "docs" / "games"
SHARED_WITH = {"laconga": ("chinchon",)}
"""Pages whose options table lists only what differs, and the page with the rest
("every option of Chinchón, plus:")."""


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_every_option_is_named_on_its_game_page(game: str) -> None:
    pages = (game, *SHARED_WITH.get(game, ()))
    text = "\n".join((GAME_PAGES / f"{page}.rst").read_text(encoding="utf-8") for page in pages)
    ruleset = load_game(game).ruleset_type
    missing = [
        kind.name for kind in option_kinds(ruleset) if not re.search(rf"``{kind.name}(``|=)", text)
    ]
    assert missing == [], f"options of {game} missing from docs/games/{game}.rst: {missing}"
