"""Figures and outputs in the docs that can drift from the library, each held here: the
bot guide's error of a bot that plays an illegal move (which Sphinx's doctest does not
compare: it ignores an exception's details), the count of games with a careful bot, and
the install page's word on how long the compiled build takes."""

from __future__ import annotations

from pathlib import Path

import pytest

import scala40
from scala40.bots import bot_names, play_game
from scala40.errors import IllegalMoveError
from scala40.game import game_names

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _text(page: str) -> str:
    """The page's text, its lines joined (a sentence may wrap anywhere)."""
    return " ".join((DOCS / page).read_text(encoding="utf-8").split())


class _StubbornBot:
    name = "stubborn"

    def choose(self, view: object, legal: object, rng: object) -> scala40.DrawStock:
        return scala40.DrawStock()


def test_the_bot_guide_shows_the_error_the_library_raises() -> None:
    """docs/bots.rst's stubborn bot: the error's whole line, as the library words it
    (the seat it names included)."""
    rules = scala40.Ruleset(match_format="single")
    state = scala40.new_game(rules, players=2, seed=3)
    with pytest.raises(IllegalMoveError) as raised:
        play_game(state, [_StubbornBot(), _StubbornBot()])
    line = f"scala40.errors.IllegalMoveError: {raised.value}"
    shown = [
        item.strip()
        for item in (DOCS / "bots.rst").read_text(encoding="utf-8").splitlines()
        if "IllegalMoveError: bot 'stubborn'" in item
    ]
    assert shown == [line]


def test_the_bot_guide_says_every_game_has_a_careful_bot() -> None:
    careful = [name for name in game_names() if "careful" in bot_names(name)]
    assert careful == list(game_names())
    assert "every game of the library has a careful one" in _text("guides/write-a-bot.rst")


def test_the_install_page_says_the_compiled_build_takes_minutes() -> None:
    text = _text("installing.rst")
    assert "It takes minutes, not seconds" in text
    assert '"Preparing metadata (pyproject.toml) ..." can stand alone for minutes' in text
