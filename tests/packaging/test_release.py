"""The release's dry run (``nox -s release``): what keeps a tree from being released is
named before anything is built."""

from __future__ import annotations

import functools
import importlib.util
import re
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

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


def _tree(
    tmp_path: Path, version: str, changelog: str, readme: str, server: str | None = None
) -> Path:
    """A tree of the two distributions at ``version`` (the server's at ``server``, if
    given), with its changelog and READMEs."""
    (tmp_path / "src" / "scala40").mkdir(parents=True)
    (tmp_path / "src" / "scala40" / "__init__.py").write_text(f'__version__ = "{version}"\n')
    package = tmp_path / "server" / "src" / "scala40_server"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(f'__version__ = "{server or version}"\n')
    (tmp_path / "server" / "pyproject.toml").write_text(
        f'dependencies = [\n    "scala40=={server or version}",\n]\n'
    )
    (tmp_path / "server" / "README.md").write_text("# scala40-server\n")
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


def test_a_server_out_of_lockstep_keeps_the_release_back(tmp_path: Path) -> None:
    """The two distributions are released together: a server of another version than the
    rules, or pinning another, is named."""
    noxfile = _noxfile()
    if noxfile is None:
        return
    problems = noxfile.release_problems(_tree(tmp_path, "1.2.0", RELEASED, PICTURE, "1.1.0"))
    assert any("the server is 1.1.0, the rules 1.2.0: not in lockstep" in p for p in problems)
    assert any("does not pin scala40==1.2.0" in p for p in problems)


def test_the_tree_as_it_is_is_releasable_or_says_why() -> None:
    """The two distributions of this tree are in lockstep, whatever else keeps it back."""
    noxfile = _noxfile()
    if noxfile is None:
        return
    problems = noxfile.release_problems(ROOT)
    assert not [problem for problem in problems if "server" in problem], problems


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
    later version; every dated section names its release commit."""
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
        named = re.search(
            r'Released from commit `([0-9a-f]{7,40})` \("Release ([^"]+)"\); check it out '
            r"with `git checkout ([0-9a-f]{7,40})`\.",
            section,
        )
        if named is None and release == dated[0] == version:
            continue  # the release commit itself: the commit after it names it
        assert named is not None, release
        assert named[1] == named[3], release
        assert named[2] == release, release


def test_a_releases_notes_name_no_development_version() -> None:
    """A release's notes say what was true at the release: the version ``main`` carries
    between releases (``0.3.0.dev0``, say) was true before or after it, never at it, and
    each dated section is read long after (the 0.3.0 notes once said main carried
    0.3.0.dev0)."""
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    dated = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", changelog, re.MULTILINE)
    for release in dated:
        section = changelog.split(f"## [{release}]", 1)[1].split("\n## [", 1)[0]
        assert not re.search(r"\d+\.\d+\.\d+\.dev\d+", section), release


def _git(*arguments: str) -> str | None:
    """What git prints in the source tree, or None where there is no history (an sdist)."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        return None
    done = subprocess.run(
        ["git", "-C", str(ROOT), *arguments], capture_output=True, text=True, check=False
    )
    return done.stdout if done.returncode == 0 else None


def test_each_release_is_the_commit_the_changelog_names() -> None:
    """A release is named by its commit, never by a tag (tags do not travel with main):
    in a clone, each named commit exists and holds its release's version; the links at the
    end of the changelog name the same commits."""
    if _git("rev-parse", "HEAD") is None:
        pytest.skip("no git history here (an unpacked sdist)")
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    named = re.findall(r'Released from commit `([0-9a-f]{7,40})` \("Release ([^"]+)"\)', changelog)
    assert named
    for commit, release in named:
        init = _git("show", f"{commit}:src/scala40/__init__.py")
        if init is None and _git("rev-parse", "--is-shallow-repository") == "true\n":
            pytest.skip("a shallow clone: the release commits are not here")
        assert init is not None, f"{release}: commit {commit} is not in the history"
        assert f'__version__ = "{release}"' in init, (release, commit)
        assert f"{commit}" in changelog.split(f"[{release}]: ", 1)[1].split("\n", 1)[0]
    assert "tag" not in changelog.rsplit("[Unreleased]: ", 1)[1]
