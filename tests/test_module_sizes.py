"""The contributing guide's habit, held: each module of the two packages (the rules'
``scala40`` and the server's ``scala40_server``) holds one concept and stays under about
1,000 lines; the few longer ones are named here with the concept that
keeps them whole, so that a module growing past the line is a decision, not drift."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (ROOT / "src" / "scala40", ROOT / "server" / "src" / "scala40_server")
"""The rules' package and the server's."""
LIMIT = 1_000
"""The guide's line: a module longer than this is named below, or split by concept."""
LONGER = {
    "scala40/_base/state.py": "what every game's state shares: apply, legal, the log, the checks",
    "scala40/melds/__init__.py": "the meld engine: its rules, a meld, its readings, the one verdict",
    "scala40/movekinds/__init__.py": "a move kind described once: its verb and fields, text and dictionary",
    "scala40_server/commands/serve.py": "the referee's operations, each beside its handler",
}
"""Modules past :data:`LIMIT` lines, each with the one concept it holds."""


def _lengths() -> dict[str, int]:
    return {
        path.relative_to(package.parent).as_posix(): len(
            path.read_text(encoding="utf-8").splitlines()
        )
        for package in PACKAGES
        for path in package.rglob("*.py")
    }


def test_modules_past_the_line_are_the_named_ones() -> None:
    longer = {name for name, lines in _lengths().items() if lines > LIMIT}
    assert longer == set(LONGER), (
        "split a new long module by concept, or name it in LONGER with its concept; "
        f"past {LIMIT} lines: {sorted(longer)}"
    )


def test_the_contributing_guide_states_the_line() -> None:
    guide = (ROOT / "docs" / "contributing.rst").read_text(encoding="utf-8")
    assert f"under {LIMIT:,} lines" in guide
    assert "tests/test_module_sizes.py" in guide
