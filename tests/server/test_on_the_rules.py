"""What the server says of the rules is what the rules say: the referee's views and
positions are the library's, the page's links to a rule land on its game's page, and the
changelog's defaults of the web table's limits are the server's own. Each test here is
the server's half of one of the rules' tests (tests/games/scala40/test_view_facts.py,
tests/tools/test_cli_positions.py, tests/test_docs_sources.py,
tests/packaging/test_release.py).
"""

from __future__ import annotations

import re

import pytest

from scala40.game import BUILTIN_GAMES, load_game
from scala40_server.commands.serve import Referee
from scala40_server.web.limits import ServerLimits
from scala40_server.web.lobby import GAME_PAGES, rule_pages
from tests.packaging.test_release import ROOT
from tests.test_docs_sources import _RULE_ID, DOCS
from tests.tools.test_cli_positions import _state


def test_serve_s_view_carries_the_opening_facts() -> None:
    referee = Referee()
    handle = referee.answer({"op": "new", "game": "scala40", "seed": 3})["handle"]
    seat = referee.answer({"op": "legal", "handle": handle})["summary"]["current_player"]
    answer = referee.answer({"op": "view", "handle": handle, "seat": seat})
    opening = answer["view"]["own"]["opening"]
    assert {"best", "missing", "held"} <= set(opening)
    assert opening["missing"] == max(
        0, 40 - (0 if opening["best"] is None else opening["best"]["points"])
    )


def test_serve_loads_and_gives_positions_as_text() -> None:
    referee = Referee()
    state = _state("skarney", players=4, moves=30)
    loaded = referee.answer({"op": "load", "position": state.to_text()})
    assert loaded["ok"], loaded
    handle = loaded["handle"]
    saved = referee.answer({"op": "save", "handle": handle})
    assert saved["position"] == state.to_text()
    assert load_game("skarney").state_from_dict(saved["state"]) == state
    view = referee.answer({"op": "view", "handle": handle, "seat": 2})
    # The state loaded from a text has no moves of the hand (a state's text leaves them
    # out, as FEN does): its view's text keeps none either, only what they showed.
    loaded_state = load_game("skarney").state_from_text(state.to_text())
    assert view["position"] == loaded_state.view(2).to_text()
    assert load_game("skarney").view_from_text(view["position"]) == state.view(2)
    refused = referee.answer({"op": "load", "position": state.view(2).to_text()})
    assert refused["error"]["type"] == "InvalidArgumentError"
    broken = referee.answer({"op": "load", "position": state.to_text().replace(" ", "  x ", 1)})
    assert broken["error"]["type"] == "InvalidPositionError"
    both = referee.answer({"op": "load", "position": state.to_text(), "state": saved["state"]})
    assert both["error"]["type"] == "InvalidArgumentError"


def test_every_rule_the_library_cites_is_anchored_on_its_game_page() -> None:
    """The web table's page links each rule ID a reason cites to its game's page at the
    ID's anchor (``rule_pages``, from the prefix each game's record names; ``#s40-open``:
    Sphinx's id for the label ``.. _S40-OPEN:``): no two games name one prefix (a
    variant citing its parent's rules names none), every game rule the code cites has its
    label on the page of the game whose prefix it has, and the pages' address is the
    project's documentation."""
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((DOCS.parent / "pyproject.toml").read_text("utf-8"))["project"]
    assert GAME_PAGES.startswith(project["urls"]["Documentation"])
    named = {name: load_game(name).rule_prefix for name in BUILTIN_GAMES}
    pages = {prefix: name for name, prefix in named.items() if prefix is not None}
    assert len(pages) == len([prefix for prefix in named.values() if prefix]), named
    assert {"S40", "SK", "RU", "CH", "LC"} <= set(pages), named
    assert rule_pages() == {prefix: f"{GAME_PAGES}{name}.html" for prefix, name in pages.items()}
    cites = re.compile(_RULE_ID.format(prefixes="|".join(pages)))
    cited = {
        rule
        for path in (DOCS.parent / "src" / "scala40").rglob("*.py")
        for rule in cites.findall(path.read_text(encoding="utf-8"))
    }
    assert len(cited) > 50
    missing = sorted(
        rule
        for rule in cited
        if f".. _{rule}:\n"
        not in (DOCS / "games" / f"{pages[rule.split('-')[0]]}.rst").read_text(encoding="utf-8")
    )
    assert missing == []


def test_the_changelogs_web_limits_are_the_defaults() -> None:
    """The newest notes' defaults of the web table's limits (the newest section that
    lists them, and what the Unreleased section and the newest release's state) are
    ``ServerLimits``' own."""
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    sections = changelog.split("## [Unreleased]", 1)[1].split("\n## [")
    stated = [re.findall(r"`(\w+)` \((\d+)\)", section) for section in sections]
    # The newest notes that list the limits (a release need not list them again), and
    # whatever the Unreleased section and the newest release state besides.
    listing = next(found for found in stated if len(found) >= 10)
    defaults = ServerLimits()
    for name, value in [*listing, *stated[0], *stated[1]]:
        assert getattr(defaults, name) == int(value), name
