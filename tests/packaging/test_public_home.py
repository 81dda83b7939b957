"""The project's public home: the package's URLs, the documentation's hosting
configuration, and install lines that are true for a reader today."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_package_names_its_documentation_and_source() -> None:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    urls = project["urls"]
    assert urls["Documentation"].startswith("https://")
    assert urls["Source"].startswith("https://")


def test_the_hosted_build_is_the_documented_build() -> None:
    """Read the Docs builds with warnings as errors, the extras `nox -s docs` installs and
    the server beside them."""
    config = (ROOT / ".readthedocs.yaml").read_text("utf-8")
    assert re.search(r"^version: 2$", config, re.MULTILINE)
    assert "configuration: docs/conf.py" in config
    assert "fail_on_warning: true" in config
    extras = set(re.findall(r"^\s+- (\w+)$", config, re.MULTILINE))
    noxfile = (ROOT / "noxfile.py").read_text("utf-8")
    installed = re.search(
        r'def docs\(.*?session\.install\("\.\[([\w,]+)\]", SERVER\)', noxfile, re.S
    )
    assert installed is not None
    assert extras == set(installed.group(1).split(","))
    # The server's pages are a section of the one site: both build it with the server.
    assert re.search(r"^\s+- method: pip\n\s+path: server$", config, re.MULTILINE)


def test_the_install_lines_are_true_today() -> None:
    """The pages that install the package install the source, which works on any machine
    with Python and pip, and name the package index only where it has a release (the
    README's install lines are checked in tests/test_readme.py, the one sentence of the
    package index in tests/test_newcomer_pages.py)."""
    for page in ("index.rst", "getting-started.rst"):
        text = (ROOT / "docs" / page).read_text("utf-8")
        assert "python -m pip install ." in text, page
        assert "Where the package index has a release of it" in text, page
        assert "not on the package index yet" not in text, page
