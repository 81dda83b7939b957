"""Every ruleset option is on its game's page: a player reads the options there, and a new
option whose row is missing fails here (the API reference's table of Scala 40's options is
made from the declarations, ``docs/rulesets.rst``, so it cannot miss one). A page is read
for its own game's rules too: the rule ID of each option, and, where its options table
has a column of presets (every knock game's page), each preset's value of each option it
sets, so that a page written for another game (a variant's copied from Chinchón's with the
names changed) fails."""

from __future__ import annotations

import enum
import re
from pathlib import Path

import pytest

from scala40.game import BUILTIN_GAMES, load_game
from scala40.rulesets import RulesetBase, option_kinds
from tests import knock_variant

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


def _text(game: str) -> str:
    pages = (game, *SHARED_WITH.get(game, ()))
    return "\n".join((GAME_PAGES / f"{page}.rst").read_text(encoding="utf-8") for page in pages)


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_every_option_s_rule_is_cited_on_its_game_page(game: str) -> None:
    ruleset = load_game(game).ruleset_type
    rules = {ruleset.option_rule(name) for name in ruleset.option_names()}
    text = _text(game)
    assert sorted(rule for rule in rules if rule and rule not in text) == [], game


def _option_rows(text: str) -> list[tuple[list[str], str]]:
    """The rows of a page's options tables whose last column is the presets': the options
    a row names (its first cell's ``name``), and its presets cell."""
    rows = []
    for table in re.split(r"\n\.\. list-table::", text)[1:]:
        body = re.split(r"\n\n(?=\S)", table, maxsplit=1)[0]
        records = re.split(r"\n   \* - ", body)
        header = re.split(r"\n     - ", records[1]) if len(records) > 1 else []
        if not header or header[-1].strip() != "presets":
            continue
        for record in records[2:]:
            cells = re.split(r"\n     - ", record)
            names = re.findall(r"``([a-z_0-9]+)``", cells[0])
            rows.append((names, " ".join(cells[-1].split())))
    return rows


def _written(value: object) -> str:
    """An option's value as a page's presets column writes it (``two_jokers``, 48)."""
    return str(value.value) if isinstance(value, enum.Enum) else str(value)


def _gives(cell: str, preset: str, value: object) -> bool:
    """Whether a presets cell (``spain_club, argentina_50: index; other: 2``) gives
    ``preset`` the value ``value``."""
    for part in cell.split(";"):
        names, colon, values = part.partition(":")
        if colon and preset in [name.strip() for name in names.split(",")]:
            words = re.split(r"[\s,/()]+", values.replace("``", "").replace('"', ""))
            if _written(value) in words:
                return True
    return False


def _missing_presets(page: str, ruleset: type[RulesetBase]) -> list[str]:
    """The presets of ``ruleset`` a game's page does not name, and, where the page's
    options table has a presets column, each value of a preset its row does not give."""
    rows = _option_rows(page)
    missing = []
    for preset in ruleset.preset_names():
        if f"``{preset}``" not in page:
            missing.append(preset)
            continue
        if not rows:
            continue
        for name, (value, _) in ruleset.preset(preset).differences().items():
            cells = [cell for names, cell in rows if name in names]
            if not any(_gives(cell, preset, value) for cell in cells):
                missing.append(f"{preset}: {name}={_written(value)}")
    return missing


@pytest.mark.parametrize("game", BUILTIN_GAMES)
def test_a_game_page_gives_each_of_its_presets_values(game: str) -> None:
    """Every preset is named on its game's page; where the page's options table has a
    presets column, the row of each option a preset sets gives the preset its value."""
    ruleset = load_game(game).ruleset_type
    page = (GAME_PAGES / f"{game}.rst").read_text(encoding="utf-8")
    missing = _missing_presets(page, ruleset)
    assert missing == [], f"docs/games/{game}.rst does not give {missing}"


def test_a_page_copied_from_another_game_s_is_refused() -> None:
    """Chinchón's page with its names changed to those of the recipe's variant (Chinchón to
    50, ``tests/knock_variant.py``) describes Chinchón's presets, not the variant's: the
    check finds none of the variant's presets there."""
    chinchon = (GAME_PAGES / "chinchon.rst").read_text(encoding="utf-8")
    copied = chinchon.replace("Chinchón", "Chinchón to 50").replace("chinchon", "chinchon50")
    assert _missing_presets(chinchon, load_game("chinchon").ruleset_type) == []
    missing = _missing_presets(copied, knock_variant.Ruleset)
    assert set(missing) >= set(knock_variant.Ruleset.preset_names()), missing
