"""Figures and outputs in the docs that can drift from the library, each held here: the
bot guide's error of a bot that plays an illegal move (its one line, as the library words
it, beside the page's doctest), the count of games with a careful bot, and
the install page's word on how long the compiled build takes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest

import scala40
from scala40.bots import bot_names, play_game
from scala40.errors import IllegalMoveError, InvalidMeldError
from scala40.game import game_names, load_game
from scala40.melds import RulesLike

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


def _meld_message_rows() -> list[tuple[str, str, str]]:
    """docs/melds.rst's table of refusals: each row's cards, the rules it names (the
    words after the cards, or none) and the message shown, its wrapped lines joined."""
    text = (DOCS / "melds.rst").read_text(encoding="utf-8")
    table = text.partition("\nError messages\n")[2].partition("\nOther games' rules")[0]
    rows = re.findall(r"\* - ``([^`]+)``(.*?)\n\s+- ``(.*?)``", table, re.DOTALL)
    return [(cards, where.strip(), " ".join(message.split())) for cards, where, message in rows]


def _chinchon_meld_rules() -> RulesLike:
    """Chinchón's default ruleset (a ruleset says how melds work through its meld_rules)."""
    return cast(RulesLike, load_game("chinchon").ruleset_type.default())


_MELD_RULES: dict[str, Callable[[], RulesLike]] = {
    "": scala40.Ruleset,
    "in any game": scala40.Ruleset,
    "under S40-V-SPLIT": lambda: scala40.Ruleset.preset("classic"),
    "under S40-V-MULTIJOKER": lambda: scala40.Ruleset(max_jokers_per_meld=None),
    "under Chinchón's ruleset": _chinchon_meld_rules,
}


def test_the_meld_pages_refusals_are_the_librarys_words() -> None:
    """Each row of the melds page's table of refusals (shown, not run as an example) is
    the message :func:`scala40.check_meld` gives those cards under the rules named."""
    rows = _meld_message_rows()
    assert len(rows) == 13
    for cards, where, shown in rows:
        with pytest.raises(InvalidMeldError) as raised:
            scala40.check_meld(cards, _MELD_RULES[where]())
        given = str(raised.value)
        if shown.startswith("... "):
            assert given.endswith(shown[4:]), (cards, shown, given)
        else:
            assert given == shown, (cards, shown, given)
