"""The packages as users get them: one version for both distributions, wheels that work.

The wheel test builds the rules' wheel, installs it into a new virtual environment (with
only its dependencies) and runs the smoke script there from a directory outside the
source tree, so that nothing but the installed package can be imported; then the
server's wheel beside it, and its smoke script. The distributions' test reads what each
sdist and wheel holds: the rules' wheel none of the server, the server's its page.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import venv
import zipfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

import scala40

ROOT = Path(__file__).resolve().parent.parent.parent
SERVER = ROOT / "server"


def test_the_version_is_written_once() -> None:
    source = (ROOT / "src" / "scala40" / "__init__.py").read_text(encoding="utf-8")
    written = re.findall(r'^__version__ = "([^"]+)"$', source, re.MULTILINE)
    assert written == [scala40.__version__]
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in project
    assert not re.search(r"^version\s*=", project, re.MULTILINE)
    try:
        installed = version("scala40")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree not installed
        pytest.skip("scala40 is not installed")
    assert installed == scala40.__version__


def test_the_server_is_released_in_lockstep_with_the_rules() -> None:
    """scala40-server's version is the rules' (written once, in its ``__init__``), and it
    depends on the rules at exactly that version."""
    source = (SERVER / "src" / "scala40_server" / "__init__.py").read_text(encoding="utf-8")
    written = re.findall(r'^__version__ = "([^"]+)"$', source, re.MULTILINE)
    assert written == [scala40.__version__]
    project = (SERVER / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in project
    assert f'"scala40=={scala40.__version__}"' in project
    assert f'"scala40[test]=={scala40.__version__}"' in project
    assert re.search(r'^    "cryptography>=[0-9.]+",$', project, re.MULTILINE)
    assert (SERVER / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
    try:
        installed = version("scala40-server")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree not installed
        pytest.skip("scala40-server is not installed")
    assert installed == scala40.__version__


MAX_INSTALLED_BYTES = 4_000_000
"""The most the installed rules' package may hold, its bytecode left out (3,164,428 bytes
when the corpus's data left the wheel, from 11.3 MB with it)."""


def _installed_bytes(environment: Path) -> int:
    """The bytes of the files of the package ``scala40`` installed in ``environment``,
    its bytecode (``__pycache__``) left out."""
    (package,) = [
        *environment.glob("lib/python*/site-packages/scala40"),
        *environment.glob("Lib/site-packages/scala40"),
    ]
    return sum(
        path.stat().st_size
        for path in package.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    )


def _build(tmp_path: Path, project: Path) -> tuple[Path, Path]:
    """The sdist and the wheel of ``project`` (the root's or the server's directory)."""
    dist = tmp_path / project.name
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(dist), str(project)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    return sdist, wheel


@pytest.mark.slow  # four distributions built: nox -s soak, nox -s package
def test_each_distribution_holds_its_own(tmp_path: Path) -> None:
    """The rules' wheel holds none of the server (no ``scala40/web``, no
    ``scala40/serving``, no page, no schema of the referee's protocol) and names no
    command of it; the server's wheel holds its package, its page, its protocol's schemas,
    its marker, its license and its README, and registers its commands; each sdist
    carries its README and LICENSE."""
    pytest.importorskip("build")
    rules_sdist, rules_wheel = _build(tmp_path, ROOT)
    server_sdist, server_wheel = _build(tmp_path, SERVER)
    with zipfile.ZipFile(rules_wheel) as wheel:
        rules = wheel.namelist()
        points = [wheel.read(name).decode() for name in rules if name.endswith("entry_points.txt")]
    assert any(name == "scala40/py.typed" for name in rules)
    assert not [name for name in rules if name.startswith(("scala40/web/", "scala40/serving/"))]
    assert not [name for name in rules if "/static/" in name or name.startswith("scala40_server")]
    assert "scala40/schemas/hand.verdict.json" in rules
    # The corpus's manifest ships, not its data: `scala40 corpus DIR` writes that.
    assert "scala40/conformance/manifest.json" in rules
    assert not [name for name in rules if name.endswith(".jsonl")]
    assert not [name for name in rules if name.startswith("scala40/schemas/serve.")]
    assert not any("scala40_server" in text for text in points), points
    with zipfile.ZipFile(server_wheel) as server:
        names = server.namelist()
        info = next(name.split("/")[0] for name in names if name.endswith(".dist-info/METADATA"))
        metadata = server.read(f"{info}/METADATA").decode()
        points_text = server.read(f"{info}/entry_points.txt").decode()
    for name in ("__init__.py", "py.typed", "web/static/app.js", "web/static/index.html",
                 "web/static/style.css", "commands/serve.py", "serving/fair_deal.py",
                 "protocol.py", "schemas/serve.request.json", "schemas/serve.answer.json"):  # fmt: skip
        assert f"scala40_server/{name}" in names, name
    assert not [name for name in names if name.startswith("scala40/")]
    assert "Name: scala40-server" in metadata
    assert f"Requires-Dist: scala40=={scala40.__version__}" in metadata
    assert "# scala40-server" in metadata  # the README, the package index's page
    assert f"{info}/licenses/LICENSE" in names
    assert "[scala40.commands]" in points_text
    assert "serve = scala40_server.commands.serve:COMMAND" in points_text
    assert "web = scala40_server.commands.web:COMMAND" in points_text
    for sdist in (rules_sdist, server_sdist):
        with tarfile.open(sdist) as archive:
            members = archive.getnames()
        top = members[0].split("/")[0]
        assert f"{top}/README.md" in members, sdist.name
        assert f"{top}/LICENSE" in members, sdist.name
        if sdist == server_sdist:
            assert f"{top}/src/scala40_server/web/static/app.js" in members


@pytest.mark.slow  # a wheel built by pip, installed and run alone: nox -s soak, nox -s package
def test_the_built_wheel_works_alone(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(dist),
         str(ROOT)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    (wheel,) = dist.glob("scala40-*.whl")
    environment = tmp_path / "env"
    venv.create(environment, with_pip=True)
    python = environment / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         str(wheel)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    run = subprocess.run(
        [str(python), "-I", str(ROOT / "tests" / "packaging" / "smoke.py")],
        cwd=tmp_path, check=True, capture_output=True, text=True,
    )  # fmt: skip
    assert "smoke test passed" in run.stdout
    assert str(environment) in run.stdout.splitlines()[-1]
    shipped = subprocess.run(
        [str(python), "-I", "-c",
         "import importlib.resources as r; print(r.files('scala40').joinpath('py.typed').is_file())"],
        cwd=tmp_path, check=True, capture_output=True, text=True,
    )  # fmt: skip
    assert shipped.stdout.strip() == "True"
    assert _installed_bytes(environment) <= MAX_INSTALLED_BYTES
    # The server's wheel beside it, with its dependencies: its page, its commands.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(dist),
         str(SERVER)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    (server_wheel,) = dist.glob("scala40_server-*.whl")
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         str(server_wheel)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    run = subprocess.run(
        [str(python), "-I", str(ROOT / "tests" / "packaging" / "server_smoke.py")],
        cwd=tmp_path, check=True, capture_output=True, text=True,
    )  # fmt: skip
    assert "server smoke test passed" in run.stdout


@pytest.mark.slow  # the server's sdist built and its whole default run: nox -s soak
def test_the_servers_sdist_runs_its_own_tests(tmp_path: Path) -> None:
    """scala40-server's sdist, unpacked beside the installed scala40, runs its own tests:
    they import nothing of the repository (the rules' tests and helpers, the docs, the
    examples), only the rules' public API and their own helpers (server/tests/support)."""
    pytest.importorskip("build")
    server_sdist, _ = _build(tmp_path, SERVER)
    unpacked = tmp_path / "unpacked"
    with tarfile.open(server_sdist) as archive:
        archive.extractall(unpacked, filter="data")
    (source,) = unpacked.iterdir()
    assert (source / "tests" / "support" / "hostile.py").is_file()
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=source, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert re.search(r"\b\d{3,} passed\b", run.stdout), run.stdout[-2000:]


def test_the_servers_tests_import_nothing_of_the_repository() -> None:
    """The server's tests run from its sdist, where the repository's ``tests`` package,
    docs and examples are not: none of them imports the rules' tests (``tests.…``) or
    names its own package by the repository's path (``server.tests.…``), and none reads
    a file above the server's directory."""
    found = []
    for path in sorted((SERVER / "tests").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            if re.match(r"\s*(from|import) (tests|server)\b", line) or "parents[3]" in line:
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
