"""Checks on the documentation sources that need no build."""

from __future__ import annotations

import re
from pathlib import Path

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
    """Every public module can be linked with ``:mod:``; private ones start with ``_``."""
    assert sorted(_public_modules() - _documented_modules()) == []
