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
