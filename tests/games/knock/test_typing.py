"""What a type checker sees of the knock games is what runs: a knock state's ``apply``
takes the game's moves (a kind the game lacks, a Scala 40 move and a Skarney move are
refused, as the state refuses them at run time; another knock game's move of a kind the
game has is the same move), and its ``rules`` are the game's ruleset, each option of it
declared once and read as its declaration types it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

import scala40
from scala40.games._knock.profile import KnockRules
from tests.protocol.cases import knock_packages

api = pytest.importorskip("mypy.api", reason="mypy (the dev extra) checks the snippet")

SNIPPET = """\
from scala40.games import chinchon, laconga, rumino, scala40, skarney
from scala40.games.chinchon import Ruleset

state = chinchon.new_game(players=2, seed=1)
state.apply(rumino.Knock())
state.apply(scala40.DrawStock())
state.apply(skarney.Accept())
typo: str = state.rules.close_limt
mistyped: str = state.rules.close_limit
after: chinchon.GameState = state.apply(laconga.DrawStock())
again: chinchon.GameState = after.apply("discard 7H").apply(chinchon.parse_move("draw"))
knock: rumino.Move = rumino.parse_move("knock")
moves: list[chinchon.Move] = list(state.legal_moves())
limit: int = state.rules.close_limit
rules: Ruleset = state.rules
view_rules: Ruleset = state.view(0).rules
view_moves: list[chinchon.Move] = list(state.view(0).legal_moves())
misread: str = state.view(0).rules
never: int = chinchon.Discard("7H").to_dict()
"""


def test_mypy_refuses_at_apply_what_the_state_refuses_and_a_misspelt_or_mistyped_option(
    tmp_path: Path,
) -> None:
    """One mypy --strict run over a user's snippet: six errors, on the lines that fail at
    run time or would hold the wrong type (a Rumino knock, a Scala 40 draw and a Skarney
    acceptance given to a Chinchón state's ``apply``; an option misspelt, an option
    read as another type, a view's ruleset read as another type: the view is typed as
    the game's), and none on the lines that are right (a knock move's ``to_dict()``
    returns nothing: it always raises, so its value may be held as anything)."""
    snippet = tmp_path / "snippet.py"
    snippet.write_text(SNIPPET, encoding="utf-8")
    source = Path(scala40.__file__).parent.parent
    out, err, status = _run(snippet, source, tmp_path)
    lines = sorted(
        (line for line in out.splitlines() if ": error:" in line),
        key=lambda line: int(line.split(":")[1]),
    )
    assert status == 1, (out, err)
    assert [line.split(":")[1] for line in lines] == ["5", "6", "7", "8", "9", "18"], out
    for line, given in zip(lines, ("Knock", "scala40.moves.DrawStock", "Accept")):
        assert 'Argument 1 to "apply"' in line, line
        assert f'"{given}"' in line or given in line, line
    assert '"close_limt"' in lines[3], lines[3]
    assert 'expression has type "int"' in lines[4], lines[4]
    assert 'expression has type "Ruleset"' in lines[5], lines[5]


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


@pytest.mark.parametrize("package", knock_packages(), ids=lambda package: package.__name__)
def test_each_option_is_declared_once_on_the_family_s_ruleset(package: Any) -> None:
    """A knock option is one declaration, a field of the family's ruleset the game's
    derives from (Rumino's on ``KnockingRules``, Chinchón's on ``SpanishRules``, La
    Conga's on ``CongaRules``), which its rule reads: the profile, what the engine works
    out from the options, declares none of them again."""
    ruleset = package.Ruleset
    options = set(ruleset.option_names())
    assert not options & set(attrs.fields_dict(KnockRules)), "an option declared twice"
    own = {field.name for field in attrs.fields(ruleset) if field.name in vars(ruleset)}
    assert not own & options, f"{ruleset.__qualname__} declares options of its own"
    assert ruleset.__mro__[1].__module__.startswith("scala40.games._knock.")
