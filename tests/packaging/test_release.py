"""The release's dry run (``nox -s release``): what keeps a tree from being released is
named before anything is built."""

from __future__ import annotations

import functools
import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


@functools.cache  # nox refuses a session registered twice
def _noxfile() -> ModuleType | None:
    if importlib.util.find_spec("nox") is None:  # the test extra alone has no nox
        return None
    spec = importlib.util.spec_from_file_location("noxfile", ROOT / "noxfile.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tree(tmp_path: Path, version: str, changelog: str, readme: str) -> Path:
    (tmp_path / "src" / "scala40").mkdir(parents=True)
    (tmp_path / "src" / "scala40" / "__init__.py").write_text(f'__version__ = "{version}"\n')
    (tmp_path / "CHANGELOG.md").write_text(changelog)
    (tmp_path / "README.md").write_text(readme)
    return tmp_path


RELEASED = """# Changelog

## [Unreleased]

## [1.2.0] - 2026-11-25

### Added

- Something.

[Unreleased]: https://example.org/compare/v1.2.0...HEAD
[1.2.0]: https://example.org/releases/v1.2.0
"""
PICTURE = '<img src="https://raw.githubusercontent.com/scala40/scala40/main/docs/a.png">\n'


def test_a_released_tree_passes(tmp_path: Path) -> None:
    noxfile = _noxfile()
    if noxfile is None:
        return
    assert noxfile.release_problems(_tree(tmp_path, "1.2.0", RELEASED, PICTURE)) == []


def test_each_thing_that_keeps_a_release_back_is_named(tmp_path: Path) -> None:
    noxfile = _noxfile()
    if noxfile is None:
        return
    long_unreleased = RELEASED.replace("## [Unreleased]\n", "## [Unreleased]\n" + "- a\n" * 80)
    tree = _tree(
        tmp_path,
        "1.3.0",
        long_unreleased.replace("[1.2.0]: ", "[0.9]: "),
        '<img src="docs/a.png">',
    )
    problems = noxfile.release_problems(tree)
    assert any(
        "the package is 1.3.0, the newest dated changelog section 1.2.0" in p for p in problems
    )
    assert any("no link for [1.3.0]" in p for p in problems)
    assert any("Unreleased section is long" in p for p in problems)
    assert any("docs/a.png by a relative path" in p for p in problems)


def test_the_readme_as_it_is_shows_no_picture_by_a_relative_path() -> None:
    """The README's opening picture is shown by its absolute URL (tests/test_readme.py
    checks it is the shipped screenshot): the release check agrees."""
    noxfile = _noxfile()
    if noxfile is None:
        return
    problems = noxfile.release_problems(ROOT)
    assert not [problem for problem in problems if "README" in problem], problems


def test_between_releases_the_version_is_the_next_development_release() -> None:
    """``main`` never claims to be a release it has moved past: its version is the newest
    dated changelog section (the release commit itself), or a development release of a
    later version; every dated section names its release commit and tag."""
    init = (ROOT / "src" / "scala40" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', init, re.MULTILINE)
    assert found is not None
    version = found[1]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    dated = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", changelog, re.MULTILINE)
    assert dated
    newest = tuple(int(part) for part in dated[0].split("."))
    development = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)\.dev\d+", version)
    if development is None:
        assert version == dated[0]
    else:
        assert tuple(int(part) for part in development.groups()) > newest
    for release in dated:
        section = changelog.split(f"## [{release}]", 1)[1].split("\n## [", 1)[0]
        assert re.search(
            rf'Released from commit `[0-9a-f]{{7,40}}` \("Release {re.escape(release)}"\), '
            rf"tagged `v{re.escape(release)}`\.",
            section,
        ), release
