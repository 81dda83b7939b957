"""The links between the documentation and its highlighted source pages
(docs/_ext/anchors.py): a ``[docs]`` link ``sphinx.ext.viewcode`` writes to an anchor
that does not exist is pointed at the one that does, or dropped where the name has none,
and the check then finds every link landing."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("sphinx", reason="the docs extra (Sphinx)")

EXTENSION = Path(__file__).resolve().parent.parent / "docs" / "_ext" / "anchors.py"


@pytest.fixture(scope="module")
def anchors() -> ModuleType:
    spec = importlib.util.spec_from_file_location("scala40_docs_anchors", EXTENSION)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _back(name: str, href: str) -> str:
    return (
        f'<div class="viewcode-block" id="{name}">\n'
        f'<a class="viewcode-back" href="{href}">[docs]</a>\n'
        f'<span class="k">def</span> {name}():</div>\n'
    )


def test_back_links_are_mended_then_all_land(anchors: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "_modules" / "pkg").mkdir(parents=True)
    (tmp_path / "cli.html").write_text(
        '<dl><dt id="pkg.Command"></dt><dt id="pkg.common.parse"></dt>'
        '<dt id="pkg.common.shown"></dt><dt id="pkg.other.shown"></dt></dl>'
        '<a href="_modules/pkg/common.html#parse">[source]</a>',
        encoding="utf-8",
    )
    source = tmp_path / "_modules" / "pkg" / "common.html"
    source.write_text(
        "<pre>"
        + _back("Command", "../../cli.html#pkg.Command")  # right already
        + _back("parse", "../../cli.html#pkg.parse")  # documented as pkg.common.parse
        + _back("shown", "../../cli.html#pkg.shown")  # two candidates: its own module's
        + _back("hidden", "../../cli.html#pkg.hidden")  # documented with no anchor
        + "</pre>",
        encoding="utf-8",
    )
    assert len(anchors.broken_source_links(tmp_path)) == 3
    assert anchors.mend_back_links(tmp_path) == 3
    assert anchors.broken_source_links(tmp_path) == []
    text = source.read_text(encoding="utf-8")
    assert 'href="../../cli.html#pkg.common.parse"' in text
    assert 'href="../../cli.html#pkg.common.shown"' in text
    assert text.count("viewcode-back") == 3  # hidden's link dropped, its code kept
    assert '<div class="viewcode-block" id="hidden">' in text
    assert anchors.mend_back_links(tmp_path) == 0


def test_a_source_link_to_a_missing_anchor_is_reported(
    anchors: ModuleType, tmp_path: Path
) -> None:
    (tmp_path / "_modules").mkdir()
    (tmp_path / "_modules" / "mod.html").write_text('<div id="here"></div>', encoding="utf-8")
    (tmp_path / "page.html").write_text(
        '<a href="_modules/mod.html#here">ok</a><a href="_modules/mod.html#gone">x</a>',
        encoding="utf-8",
    )
    assert anchors.broken_source_links(tmp_path) == ["page.html -> _modules/mod.html#gone"]
