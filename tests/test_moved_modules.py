"""Every old module path of ``scala40._moved.MOVED_MODULES`` still imports for one
release: it warns, naming the new path, and gives the new module itself, in a fresh
interpreter (so that nothing imported before decides) and whether its parent is a game
package or the package itself. A path of the package found nowhere is still no module."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scala40._moved import MOVED_MODULES

_CODE = """
import importlib, sys, warnings
old, new = sys.argv[1], sys.argv[2]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    module = importlib.import_module(old)
print(module is importlib.import_module(new))
print("|".join(str(w.message) for w in caught if w.category is DeprecationWarning))
"""


@pytest.mark.parametrize(("old", "new"), sorted(MOVED_MODULES.items()))
def test_an_old_path_warns_and_gives_the_new_module(old: str, new: str) -> None:
    out = subprocess.run(
        [sys.executable, "-c", _CODE, old, new], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == ["True", f"{old} is deprecated and goes in the next release: import {new}"]


def test_a_path_found_nowhere_is_no_module() -> None:
    with pytest.raises(ModuleNotFoundError, match=r"scala40\.no_such_module"):
        __import__("scala40.no_such_module")


def test_the_card_words_that_left_the_commands_interface_warn() -> None:
    """``scala40.commands`` holds the interface of commands only: its card words of 0.5
    warn, naming their new place, and still write the same words."""
    import scala40.commands as commands
    from scala40 import texts
    from scala40.cards import parse_cards
    from scala40.game import load_game

    cards = parse_cards("AS 10H")
    with pytest.warns(DeprecationWarning, match=r"use scala40\.cards\.format_card\("):
        assert commands.card_name(cards[1], True) == "10♥"  # type: ignore[operator]
    with pytest.warns(DeprecationWarning, match=r"use scala40\.cards\.format_cards\("):
        assert commands.card_names(cards, False) == "AS 10H"  # type: ignore[operator]
    rules = load_game("chinchon").ruleset_type.default()
    with pytest.warns(DeprecationWarning, match=r"use scala40\.texts\.shown_cards"):
        shown = commands.shown_cards
    assert shown is texts.shown_cards
    assert shown(cards[:1], True, rules) == "AS (as de espadas)"
    with pytest.raises(AttributeError, match="has no attribute 'no_words'"):
        commands.no_words  # noqa: B018


ANALYSIS_NAMES = {
    "scala40": ("best_opening", "can_close", "closing_moves", "hand_melds", "min_deadwood"),
    "skarney": (
        "Contract",
        "best_contract",
        "can_make_contract",
        "contracts",
        "hand_melds",
        "least_penalty",
    ),
}
"""The hand analysis's names each game's package offered until 0.6."""


@pytest.mark.parametrize("game", sorted(ANALYSIS_NAMES))
def test_the_analysis_names_a_game_s_package_offered_warn_and_give_the_analysis_ones(
    game: str,
) -> None:
    """A game's hand analysis is a tool beside its rules, imported by its own name: the
    names the game's package offered until 0.6 answer there for one release, warning,
    and are the analysis's own (Scala 40's stay at the front door, silent)."""
    import importlib

    import scala40

    package = importlib.import_module(f"scala40.games.{game}")
    analysis = importlib.import_module(f"scala40.games.{game}.analysis")
    for name in ANALYSIS_NAMES[game]:
        new = rf"use scala40\.games\.{game}\.analysis\.{name}"
        with pytest.warns(DeprecationWarning, match=new):
            assert getattr(package, name) is getattr(analysis, name)
        assert name not in package.__all__
        if game == "scala40":
            assert getattr(scala40, name) is getattr(analysis, name)
