"""Checks on the documentation sources that need no build."""

from __future__ import annotations

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
