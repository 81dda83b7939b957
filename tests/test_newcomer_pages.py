"""What a newcomer follows first, held to what is true: the contributing guide's set-up is
the README's test command, every page says one thing of the package index, and the
learning pages install PyTorch's CPU build."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

README_TEST_COMMAND = 'python -m pip install -e ".[dev]" -e "./server[test]" && python -m pytest'
"""The README's test command (tests/test_readme.py holds it there, .ci/run runs it)."""

CPU_TORCH = "pip install torch --index-url https://download.pytorch.org/whl/cpu"


def _flat(path: Path) -> str:
    """The file's text, its lines joined (a sentence may wrap anywhere)."""
    return " ".join(path.read_text(encoding="utf-8").split())


def _newcomer_texts() -> list[Path]:
    pages = sorted(path for path in DOCS.rglob("*.rst") if "_build" not in path.parts)
    return [ROOT / "README.md", ROOT / "server" / "README.md", *pages]


def test_the_contributing_set_up_is_the_readme_test_command() -> None:
    """docs/contributing.rst's set-up installs the server beside the rules, as the README
    does: without it the server's tests, which the default run collects, cannot import
    scala40_server."""
    assert README_TEST_COMMAND in (ROOT / "README.md").read_text(encoding="utf-8")
    guide = (DOCS / "contributing.rst").read_text(encoding="utf-8")
    set_up = guide.partition("Setting up\n----------\n")[2].partition("\n\n    ")[2]
    assert set_up.splitlines()[0] == README_TEST_COMMAND
    assert 'pip install -e ".[dev]"  ' not in guide  # the rules alone, then pytest


# Words that date a page: true before the first upload, false after it (or the reverse).
_DATED = (
    "not on the package index",
    "until its first upload",
    "once it is uploaded",
    "once scala40 is on pypi",
    "until then",
    "will install it from the package index",
)


@pytest.mark.parametrize("path", _newcomer_texts(), ids=lambda path: str(path.relative_to(ROOT)))
def test_no_page_dates_the_package_index(path: Path) -> None:
    flat = _flat(path).lower()
    for dated in _DATED:
        assert dated not in flat, (path.name, dated)


def test_the_install_pages_say_one_thing_of_the_package_index() -> None:
    """The pages that install the library say, in the README's words, where the package
    index serves it: where it has a release, naming the page that lists them."""
    sentence = (
        "Where the package index has a release of it (https://pypi.org/project/scala40/ lists "
        "every release uploaded), ``python -m pip install scala40``"
    )
    for page in ("index.rst", "getting-started.rst", "installing.rst"):
        assert sentence in _flat(DOCS / page), page
    assert "Where the package index has a release of it (https://pypi.org/project/scala40/" in (
        _flat(DOCS / "learning.rst")
    )
    assert "Where the package index has a release of it (https://pypi.org/project/scala40/" in (
        _flat(ROOT / "README.md")
    )


def test_the_learning_pages_install_pytorchs_cpu_build() -> None:
    """Every page or example that installs PyTorch for the recipes installs the CPU build
    first (the default build brings gigabytes of GPU libraries)."""
    texts = [
        DOCS / "learning.rst",
        ROOT / "examples" / "train_masked_ppo.py",
        *sorted((ROOT / "examples" / "recipes").glob("*.py")),
    ]
    for path in texts:
        text = path.read_text(encoding="utf-8")
        if "torch" not in text or "pip install" not in text:
            continue
        assert CPU_TORCH in " ".join(text.split()), path.name
        assert not re.search(r"pip install torch==", text), path.name


def test_the_test_run_shows_where_it_is(pytestconfig: pytest.Config) -> None:
    """A default run ends each line of dots with the tests done of all, and its header
    says what to expect: a run a busy machine stretches shows how far it has come."""
    assert pytestconfig.getini("console_output_style") == "count"
    said = pytestconfig.hook.pytest_report_header(
        config=pytestconfig, start_path=pytestconfig.rootpath
    )
    lines = [line for lines in said for line in ([lines] if isinstance(lines, str) else lines)]
    if pytestconfig.getoption("markexpr") == "not slow and not browser":
        assert any("[done/total]" in line for line in lines), lines
