"""The README's promises: its Python examples run, and its two set-up commands are there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
TEXT = README.read_text(encoding="utf-8")
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, re.DOTALL)


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=lambda block: block.splitlines()[0])
def test_python_examples_run(block: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(block, "README.md", "exec"), {})
    assert capsys.readouterr().out


def test_the_two_setup_commands() -> None:
    commands = re.findall(r"```shell\n(.*?)\n```", TEXT, re.DOTALL)
    assert len(commands) == 2
    main_job, tests = commands
    assert main_job.startswith("python -m pip install . && ")
    # The tests of the whole repository: both distributions', in one command.
    assert tests == 'python -m pip install -e ".[dev]" -e "./server[test]" && python -m pytest'


def test_links_are_absolute() -> None:
    # The package index shows the README without the repository beside it: a relative
    # link there leads nowhere.
    targets = re.findall(r"\]\(([^)]*)\)", TEXT)
    assert all(re.match(r"https?://", target) for target in targets), targets


def test_the_opening_picture_is_a_shipped_file() -> None:
    """The README opens with a picture of the web table: a screenshot that ``nox -s web``
    writes, kept in the repository and the source distribution (docs/), and shown by its
    absolute URL on the repository's main branch, since the package index shows the README
    without the repository beside it."""
    pictures = re.findall(r'<img src="([^"]+)"', TEXT)
    assert pictures
    assert TEXT.index("<img") < TEXT.index("## Quick start")
    # The Source URL of pyproject.toml (read with a pattern: Python 3.10 has no tomllib).
    pyproject = (README.parent / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^Source = "([^"]+)"$', pyproject, re.MULTILINE)
    assert found is not None
    source = found[1]
    raw = source.replace("https://github.com/", "https://raw.githubusercontent.com/") + "/main/"
    for picture in pictures:
        assert picture.startswith(raw), picture
        assert (README.parent / picture.removeprefix(raw)).is_file(), picture


def test_the_install_section_reads_right_before_and_after_the_first_upload() -> None:
    """The README is the package index's page too, shown from the first upload on: its
    first install command installs the source, which works with or without a release
    uploaded, and the index's command is given for where the index has a release, never
    said to be missing from it, or to be there, as a fact of today."""
    first = re.search(r"```console\n(.*?)\n```", TEXT, re.DOTALL)
    assert first is not None
    assert first[1].splitlines() == [
        "git clone https://github.com/scala40/scala40",
        "cd scala40",
        "python -m pip install .",
    ]
    flat = " ".join(TEXT.split())
    assert "Where the package index has a release of it" in flat
    assert '`python -m pip install scala40` (and `"scala40[rl]"`) installs the latest' in flat
    for dated in ("not on the package index", "not uploaded", "yet:", "will install"):
        assert dated not in flat, dated
