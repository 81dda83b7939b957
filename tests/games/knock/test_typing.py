"""What a type checker sees of the knock games is what runs: another game's move where a
game's is declared is refused (by the packages' stubs, as by the games' states), and the
rules profile answers only the options the engine reads, each of its ruleset's type."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

import scala40
from scala40.games._knock.profile import OPTIONS, KnockRules
from scala40.games.chinchon import Ruleset as ChinchonRules
from tests.protocol.cases import knock_packages

api = pytest.importorskip("mypy.api", reason="mypy (the dev extra) checks the snippet")

SNIPPET = """\
from scala40.games import chinchon, laconga
from scala40.games.chinchon import Ruleset

draw: chinchon.DrawStock = laconga.DrawStock()
typo: str = Ruleset().profile.close_limt
mistyped: str = Ruleset().profile.close_limit
own: chinchon.DrawStock = chinchon.DrawStock()
limit: int = Ruleset().profile.close_limit
"""


def test_mypy_refuses_another_game_s_move_and_a_misspelt_or_mistyped_option(
    tmp_path: Path,
) -> None:
    """One mypy --strict run over a user's snippet: three errors, on the lines that fail
    at run time or would hold the wrong type, and none on the lines that are right."""
    snippet = tmp_path / "snippet.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    source = Path(scala40.__file__).parent.parent
    out, err, status = _run(snippet, source, tmp_path)
    lines = sorted(line for line in out.splitlines() if ": error:" in line)
    assert status == 1, (out, err)
    assert [line.split(":")[1] for line in lines] == ["4", "5", "6"], out
    assert '"scala40.games.laconga.DrawStock"' in lines[0], lines[0]
    assert '"close_limt"' in lines[1], lines[1]
    assert 'expression has type "int"' in lines[2], lines[2]


def _run(snippet: Path, source: Path, folder: Path) -> tuple[str, str, int]:
    """mypy --strict on ``snippet``, finding scala40 in ``source`` (the tree under test)."""
    config = folder / "mypy.ini"
    config.write_text(f"[mypy]\nmypy_path = {source}\n", encoding="utf-8")
    out, err, status = api.run(
        [
            "--config-file",
            str(config),
            "--strict",
            "--cache-dir",
            str(folder / "cache"),
            "--no-error-summary",
            str(snippet),
        ]
    )
    return out, err, status


def _option_type(ruleset: type[Any], name: str) -> object:
    return attrs.fields_dict(ruleset)[name].type


@pytest.mark.parametrize("package", knock_packages(), ids=lambda package: package.__name__)
def test_the_profile_reads_each_option_as_its_ruleset_declares_it(package: Any) -> None:
    """Each option the engine reads is the profile's field of the option's name, of the
    type the game's ruleset declares it with, holding the ruleset's value; an option the
    engine reads that the game lacks is fixed by the game or left unset."""
    ruleset = package.Ruleset
    rules = ruleset()
    profile: KnockRules = rules.profile
    declared = attrs.fields_dict(KnockRules)
    options = set(ruleset.option_names())
    for name in OPTIONS:
        if name in options:
            assert declared[name].type == _option_type(ruleset, name), name
            assert getattr(profile, name) == getattr(rules, name), name
    assert not hasattr(ChinchonRules().profile, "knock_limit")
