"""Checks on the documentation sources that need no build."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from scala40._moved import MOVED_MODULES

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_no_page_uses_the_contents_directive() -> None:
    """The theme shows each page's own contents in its sidebar and rejects the directive."""
    offenders = [
        str(path.relative_to(DOCS))
        for path in sorted(DOCS.rglob("*.rst"))
        if ".. contents::" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def _documented_modules() -> set[str]:
    pattern = re.compile(r"^\.\. (?:auto|py:)?module:: (\S+)", re.MULTILINE)
    found: set[str] = set()
    for path in DOCS.rglob("*.rst"):
        found.update(pattern.findall(path.read_text(encoding="utf-8")))
    return found


def _public_modules() -> set[str]:
    source = DOCS.parent / "src"
    names: set[str] = set()
    for path in (source / "scala40").rglob("*.py"):
        parts = list(path.relative_to(source).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if not any(part.startswith("_") for part in parts):
            names.add(".".join(parts))
    return names


def test_every_public_module_has_a_target_in_the_docs() -> None:
    """Every public module can be linked with ``:mod:``; private ones start with ``_``,
    and a deprecated path (``MOVED_MODULES``) is its new module's."""
    assert sorted(_public_modules() - _documented_modules() - set(MOVED_MODULES)) == []


def _headings(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [
        title
        for title, rule in itertools.pairwise(lines)
        if title.strip() and re.fullmatch(r"-{3,}", rule) and len(rule) >= len(title)
    ]


def section_text(path: Path, title: str) -> str:
    """The text of a page's section ``title`` (a heading underlined with ``-``), up to
    the next such heading."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(
        index + 2
        for index, (line, rule) in enumerate(itertools.pairwise(lines))
        if line == title and re.fullmatch(r"-{3,}", rule)
    )
    end = next(
        (
            index
            for index in range(start, len(lines) - 1)
            if lines[index].strip() and re.fullmatch(r"-{3,}", lines[index + 1])
        ),
        len(lines),
    )
    return "\n".join(lines[start:end])


GAME_SECTIONS = (
    "How to play in two minutes",
    "Quick start",
    "Resigning (C-RESIGN)",
    "When a player's time runs out",
    "Options and presets",
    "Positions from outside",
    "Positions as text",
    "Bots",
    "Learning agents",
)
"""The sections every game's page has, under the same names."""


def test_the_game_pages_name_their_common_sections_alike() -> None:
    from scala40.game import BUILTIN_GAMES

    pages = sorted(path for path in (DOCS / "games").glob("*.rst") if path.name != "index.rst")
    assert sorted(page.stem for page in pages) == sorted(BUILTIN_GAMES)
    for page in pages:
        assert set(GAME_SECTIONS) <= set(_headings(page)), page.name


PICTURED = ("index.rst", "getting-started.rst", "cards.rst", "melds.rst", "drawing.rst")
"""The pages where a picture teaches fastest: each shows the library's own pictures."""


def test_the_teaching_pages_have_pictures() -> None:
    """A sequence with a joker, K-A-2 refused, a set, the Spanish pack: drawn when the
    documentation is built (``.. picture::``, docs/_ext/pictures.py)."""
    text = {page: (DOCS / page).read_text(encoding="utf-8") for page in PICTURED}
    for page, source in text.items():
        assert ".. picture:: " in source, page
    melds = text["melds.rst"]
    assert ".. picture:: meld JK 7S 8S" in melds  # a sequence with a joker
    assert ".. picture:: meld KS AS 2S" in melds  # refused
    assert ".. picture:: meld 3D 3H 3S" in melds  # a set
    assert re.search(r"\.\. picture:: cards (AD|AS).*\n   :game: chinchon", text["cards.rst"])


def test_each_game_page_lists_its_move_verbs() -> None:
    """Each game's page holds the ``move-verbs`` table of its own game (made from the
    game's move set when the documentation is built, docs/_ext/grammar.py, so that the
    list cannot drift from the code)."""
    from scala40.game import game_names

    for name in game_names():
        text = (DOCS / "games" / f"{name}.rst").read_text(encoding="utf-8")
        assert f".. move-verbs:: {name}\n" in text, name


def test_the_pages_name_the_bot_hint_asks() -> None:
    """``hint`` during a game asks play's hint bot (scala40.cli.play.HINT_BOT, the
    information-set search): no page says it asks another."""
    from scala40.cli.play import HINT_BOT

    assert HINT_BOT.startswith("ismcts:")
    for path in sorted(DOCS.rglob("*.rst")):
        text = " ".join(path.read_text(encoding="utf-8").split())
        for said in re.findall(r"``hint`` (?:for|shows) [^.;(]*", text):
            assert "ismcts" in said or "information-set search" in said, (path.name, said)


_RULE_ID = r"""["'(]((?:{prefixes})-[A-Z0-9]+(?:-[A-Z0-9]+)*)\b"""
"""A rule ID of a game's as the library's code cites it (in a reason's text, a string),
its prefix one of the games'."""
