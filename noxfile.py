"""Development sessions for scala40.

Run ``nox`` for the default sessions (tests, typecheck, lint) or ``nox -s NAME`` for one
session. ``nox --list`` shows them all.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tarfile
from pathlib import Path

import nox

nox.needs_version = ">=2024.4.15"
nox.options.default_venv_backend = "venv"
nox.options.sessions = ["tests", "coverage", "typecheck", "lint"]
# The Python matrix runs on whichever of its interpreters the machine has.
nox.options.error_on_missing_interpreters = False

ROOT = Path(__file__).resolve().parent
SERVER = "./server"
"""The server's distribution (scala40-server), in the same repository: every session that
runs its tests or reads its modules installs it beside the rules."""
PYTHONS = ["3.10", "3.11", "3.12", "3.13"]
"""The Python versions the package supports (its classifiers list the same)."""


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the test suite of both distributions (with doctests) on every supported Python."""
    # Editable, so that the doctests collected from src/scala40 and the package that the
    # tests import are the same files.
    session.install("-e", ".[test]", "-e", f"{SERVER}[test]")
    session.run("pytest", *session.posargs)


@nox.session
def coverage(session: nox.Session) -> None:
    """Run the test suite under branch coverage, with the learning-agent extras so that the
    adapters are measured too; fail below the floor of pyproject.toml (fail_under)."""
    session.install("-e", ".[test,rl]", "-e", f"{SERVER}[test]")
    session.run(
        "pytest", "--cov=scala40", "--cov=scala40_server", "--cov-report=term-missing",
        *session.posargs,
    )  # fmt: skip


@nox.session
def typecheck(session: nox.Session) -> None:
    """Type-check both packages, the tests, scripts and this file with mypy --strict."""
    session.install("-e", ".[dev]", "-e", SERVER)
    session.run("mypy", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """Check linting and formatting with ruff."""
    session.install("ruff")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML documentation and run the documentation's doctests. The learning
    adapters' extras too (``rl``): their reference pages are read from the modules, which
    import the frameworks, and their examples run."""
    session.install(".[docs,rl]", SERVER)
    session.run(
        "sphinx-build", "-W", "-n", "--keep-going", "-b", "html", "docs", "docs/_build/html"
    )
    session.run("sphinx-build", "-W", "-n", "-b", "doctest", "docs", "docs/_build/doctest")


BROWSERS = ("chromium", "chromium-browser", "google-chrome")
"""The names headless Chromium goes by, tried in this order."""
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""Headless Chromium's flags: none of its own network use (on a machine with no network
it would wait on refused connections), started with a fresh profile each time."""
SCREENSHOTS = (
    ("index.html", "index-desktop", 1280, 1600),
    ("games/scala40.html", "scala40-desktop", 1280, 4000),
    ("games/chinchon.html", "chinchon-phone", 412, 3000),
    ("guides/drive-a-game.html", "guide-desktop", 1280, 1600),
)
"""The pages rendered by the browser session: page, screenshot name, window size."""


@nox.session
def browser(session: nox.Session) -> None:
    """Build the HTML documentation and render the index, a game page (on a desktop and a
    phone's width) and a guide with headless Chromium, saving screenshots in
    docs/_build/screenshots; skipped where no Chromium is installed."""
    found = [path for path in map(shutil.which, BROWSERS) if path]
    if not found:
        session.skip(f"no headless Chromium here (looked for {', '.join(BROWSERS)})")
    session.install(".[docs]", SERVER)
    html = ROOT / "docs" / "_build" / "html"
    session.run("sphinx-build", "-W", "-n", "--keep-going", "-b", "html", "docs", str(html))
    shots = ROOT / "docs" / "_build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    profile = Path(session.create_tmp()).resolve() / "chromium-profile"
    shutil.rmtree(profile, ignore_errors=True)
    for page, name, width, height in SCREENSHOTS:
        session.run(
            found[0],
            *CHROMIUM_FLAGS,
            f"--user-data-dir={profile}",
            "--hide-scrollbars",
            f"--window-size={width},{height}",
            f"--screenshot={shots / name}.png",
            (html / page).as_uri(),
            external=True,
        )
    session.log(f"screenshots in {shots}")


WEB_BROWSER = (Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver"))
"""Debian's ``chromium`` and ``chromium-driver``: the browser the web table's test drives
(never one a tool downloads)."""


@nox.session
def web(session: nox.Session) -> None:
    """Drive the web table in headless Chromium (Debian's chromium and chromium-driver,
    through Selenium: the ``browser`` extra) through a whole hand of each game against
    greedy, checking the page against the library's view, and write the screenshots the
    docs show (docs/_static/web); then load the built documentation's pictured pages at a
    desktop's and a phone's width (tests/server/test_docs_pages.py, screenshots in
    docs/_build/screenshots); skipped where Chromium or its driver is missing."""
    missing = [str(path) for path in WEB_BROWSER if not path.exists()]
    if missing:
        session.skip(
            f"not installed: {', '.join(missing)} (apt-get install chromium chromium-driver)"
        )
    session.install("-e", ".[test,browser,docs]", "-e", f"{SERVER}[test]")
    session.run(
        "pytest", "-m", "browser", "server/tests/browser", "tests/server/test_docs_pages.py",
        "-n", "0", "-p", "no:cacheprovider", *session.posargs,
        env={"SCALA40_WEB_SHOTS": str(ROOT / "docs" / "_static" / "web")},
    )  # fmt: skip


def _build(session: nox.Session, env: dict[str, str] | None = None) -> Path:
    """Build both distributions, each its sdist, then its wheel from the unpacked sdist
    (so that a compiled build leaves nothing in the source tree): the rules' (compiled
    when ``env`` asks for it) and the server's (pure Python, always); check all four with
    twine."""
    session.install("build", "twine")
    outdir = Path(session.create_tmp()).resolve() / "dist"
    shutil.rmtree(outdir, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", str(outdir), env=env)
    session.run("python", "-m", "build", "--outdir", str(outdir), SERVER)
    dists = sorted(str(path) for path in outdir.iterdir())
    session.run("twine", "check", "--strict", *dists)
    return outdir


@nox.session
def build(session: nox.Session) -> None:
    """Build both distributions' sdists and wheels, then check their metadata with twine."""
    _build(session)


@nox.session
def package(session: nox.Session) -> None:
    """Build both distributions, install the rules' wheel alone and run the smoke script
    outside the source tree, then the server's wheel beside it and its smoke script, then
    run the unpacked sdist's tests (both distributions') against the installed wheels."""
    outdir = _build(session)
    (wheel,) = outdir.glob("scala40-[0-9]*.whl")
    _test_installed(session, wheel, outdir)


def _version_of(init: Path) -> str:
    """The ``__version__`` a package's ``__init__.py`` writes (``?`` where it writes none)."""
    found = re.search(r'^__version__ = "([^"]+)"$', init.read_text(encoding="utf-8"), re.MULTILINE)
    return found[1] if found else "?"


def release_problems(root: Path = ROOT) -> list[str]:
    """What keeps the tree from being released as it is: the package's version must be
    the newest dated section of CHANGELOG.md (``## [X.Y.Z] - YYYY-MM-DD``, with its link
    at the end of the file), the Unreleased section above it short, and the README (the
    package index's page) must show its pictures by absolute URLs; the server's version
    must be the rules' (the two are released in lockstep), its dependency on the rules
    must pin that version, and its README must show its pictures by absolute URLs too."""
    problems = []
    version = _version_of(root / "src" / "scala40" / "__init__.py")
    server_version = _version_of(root / "server" / "src" / "scala40_server" / "__init__.py")
    if server_version != version:
        problems.append(f"the server is {server_version}, the rules {version}: not in lockstep")
    server_project = (root / "server" / "pyproject.toml").read_text(encoding="utf-8")
    if f'"scala40=={version}"' not in server_project:
        problems.append(f"the server's pyproject.toml does not pin scala40=={version}")
    changelog = (root / "CHANGELOG.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", changelog, re.MULTILINE)
    dated = [(name, date) for name, date in sections if date]
    if not dated or dated[0][0] != version:
        newest = dated[0][0] if dated else "none"
        problems.append(f"the package is {version}, the newest dated changelog section {newest}")
    if f"[{version}]: " not in changelog:
        problems.append(f"CHANGELOG.md has no link for [{version}] at its end")
    unreleased = changelog.split("## [Unreleased]", 1)[-1].split("\n## [", 1)[0]
    if unreleased.count("\n") > 60:
        problems.append("the Unreleased section is long: release notes go in the dated section")
    for readme_path in ("README.md", "server/README.md"):
        readme = (root / readme_path).read_text(encoding="utf-8")
        for path in re.findall(r'(?:src="|\]\()(?!https?://|#)([^")]+\.(?:png|svg|jpg))', readme):
            problems.append(
                f"{readme_path} shows {path} by a relative path, broken on the package index"
            )
    return problems


@nox.session
def release(session: nox.Session) -> None:
    """A dry run of a release of both distributions in lockstep: the versions, the
    changelog and the READMEs checked (:func:`release_problems`), each distribution's
    sdist and wheel built and checked with ``twine check --strict``, the wheels installed
    and smoke-tested outside the source tree, and the unpacked sdist's tests run against
    them. Nothing is uploaded: the command that would is printed."""
    problems = release_problems()
    if problems:
        session.error("not releasable: " + "; ".join(problems))
    outdir = _build(session)
    (wheel,) = outdir.glob("scala40-[0-9]*.whl")
    _test_installed(session, wheel, outdir)
    dists = " ".join(sorted(path.name for path in outdir.iterdir()))
    session.log(f"ready to upload (not done): twine upload {dists}")


COMPILED_BUILD = {"HATCH_BUILD_HOOK_ENABLE_MYPYC": "1"}
"""The environment that asks for the compiled build (pyproject.toml's mypyc build hook,
which lists what it compiles): without it, a build from the source is pure Python."""

EXPECTED_BUILD = "SCALA40_TEST_BUILD"
"""The variable that tells the tests which build they must import (``compiled`` or
``pure``; tests/packaging/test_build.py): a run meant for the compiled wheel fails on a
pure one instead of passing unnoticed."""

_CHECK_COMPILED = """
import scala40
from scala40._compiled import compiled_modules
if not scala40.__compiled__:
    raise SystemExit(f"scala40 is not compiled: {scala40.__file__}")
print(f"scala40 compiled: {len(compiled_modules())} modules")
"""
"""Exits with an error unless the scala40 imported is the compiled build."""


@nox.session
def compiled(session: nox.Session) -> None:
    """Build the compiled wheel for this interpreter and platform, as the release's wheels
    are built (pyproject.toml's mypyc build hook, asked for by
    ``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``; it needs a C compiler), check that it imports
    compiled, then test it as ``package`` tests the pure one: the smoke script, then the
    unpacked sdist's whole test suite (the digests of every game's play among it). The
    wheel is left in the session's tmp/dist; measure it beside the pure package with
    ``benchmarks/bench_peers.py --compiled PYTHON``, where PYTHON is an interpreter that
    has it installed (this session's)."""
    outdir = _build(session, env=COMPILED_BUILD)
    (wheel,) = outdir.glob("scala40-[0-9]*.whl")
    if wheel.name.endswith("-none-any.whl"):
        session.error(f"the build made a pure wheel: {wheel.name}")
    _install_wheel(session, wheel)
    session.run("python", "-I", "-c", _CHECK_COMPILED)
    _test_installed(session, wheel, outdir, expected_build="compiled")
    session.log(f"compiled wheel: {wheel}")


def _install_wheel(session: nox.Session, wheel: Path, extras: str = "") -> None:
    """Install ``wheel`` (with ``extras``' dependencies) in place of any scala40 (and any
    scala40-server) the environment holds: a reused environment keeps the wheels of an
    earlier run, and pip would leave a package of the same version in place."""
    session.run(
        "python", "-m", "pip", "uninstall", "--yes", "--quiet", "scala40", "scala40-server"
    )
    session.install(f"{wheel}[{extras}]" if extras else str(wheel))


def _test_installed(
    session: nox.Session, wheel: Path, outdir: Path, expected_build: str = "pure"
) -> None:
    """Install ``wheel`` alone, run the smoke script outside the source tree, then the
    server's wheel (from ``outdir``) beside it and its smoke script, then the unpacked
    sdist's tests (both distributions') against the installed wheels, the rules' being
    the ``expected_build`` (``pure`` or ``compiled``)."""
    (sdist,) = outdir.glob("scala40-[0-9]*.tar.gz")
    (server_wheel,) = outdir.glob("scala40_server-*.whl")
    _install_wheel(session, wheel)
    work = Path(session.create_tmp()).resolve()
    session.chdir(work)
    session.run("python", "-I", str(ROOT / "tests" / "packaging" / "smoke.py"))
    session.install("--no-deps", str(server_wheel))
    session.run("python", "-I", str(ROOT / "tests" / "packaging" / "server_smoke.py"))
    unpacked = work / "sdist"
    shutil.rmtree(unpacked, ignore_errors=True)
    unpacked.mkdir()
    with tarfile.open(sdist) as archive:
        archive.extractall(unpacked, filter="data")
    (source,) = unpacked.iterdir()
    # The test extra's tools (pytest-xdist: the configuration runs the tests on every
    # core, jsonschema: the protocol's schemas checked against real answers), without
    # installing scala40 again from the sdist; the server's wheel beside it, with its
    # dependencies (cryptography).
    _install_wheel(session, wheel, extras="test")
    session.install(str(server_wheel))
    session.chdir(source)
    session.run(
        "python", "-m", "pytest", "-q", "-p", "no:cacheprovider", *session.posargs,
        env={EXPECTED_BUILD: expected_build},
    )  # fmt: skip


def _scripts(directory: str, pattern: str) -> list[str]:
    return sorted(str(path.relative_to(ROOT)) for path in (ROOT / directory).glob(pattern))


RECIPES_TORCH = "torch==2.13.0"
"""The PyTorch the recipes session installs first: a CPU wheel where one lies beside pip
(the plain requirement would bring the default build and its GPU libraries)."""


@nox.session
def recipes(session: nox.Session) -> None:
    """Run the learning page's recipes as written, at a few hundred steps (tests/recipes):
    MaskablePPO on the Gymnasium seat environment with vectorised copies, PettingZoo's
    SB3 tutorial wrapper, OpenSpiel's PyTorch DQN and ISMCTS in evaluate_bots."""
    session.install(RECIPES_TORCH)
    session.install("-e", ".[recipes,test]")
    session.run("pytest", "tests/recipes", "-p", "no:cacheprovider", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """Run every benchmarks/bench_*.py script."""
    scripts = _scripts("benchmarks", "bench_*.py")
    if not scripts:
        session.skip("no benchmarks/bench_*.py scripts")
    # The test tools too: bench_worst_inputs.py times the worst inputs the tests keep; the
    # server, whose referee bench_serve.py measures.
    session.install(".[test]", SERVER)
    for script in scripts:
        session.run("python", script, *session.posargs)


LADDER_JOURNAL = "ladder-deals.jsonl"
"""Where ``nox -s ladder`` keeps the duels' deals (ignored by git): a run goes on where
the last stopped."""


@nox.session
def ladder(session: nox.Session) -> None:
    """The duels of benchmarks/bench_ladder.py, each game in its own unit (whole matches
    under every game's default rules), with a journal, so that a long run may be stopped
    and started again, or left in the background (``nohup nox -s ladder &``): each run
    plays only the games the journal lacks and prints the figures of all those played.
    The careful bot against greedy and noisy greedy, 1,000 paired deals each (a few
    minutes of one core a game), then the search bot against greedy, careful and noisy
    greedy, 200 paired deals each (hours). Arguments go to the benchmark instead
    (``-- chinchon --deals 400 --only search-greedy``)."""
    session.install(".")
    runs = (
        [session.posargs]
        if session.posargs
        else [
            ["--deals", "1000", "--only", "careful-greedy,careful-noisy"],
            ["--deals", "200", "--only", "search-greedy,search-careful,search-noisy"],
        ]
    )
    for arguments in runs:
        session.run(
            "python", "benchmarks/bench_ladder.py", "--duels", "--journal", LADDER_JOURNAL,
            *arguments,
        )  # fmt: skip


GUARD_BASELINE = ROOT / "benchmarks" / "guard_baseline.json"
"""The instruction guard's committed counts, with the versions they were counted with."""


@nox.session
def guard(session: nox.Session) -> None:
    """The instruction guard: a fixed workload per game counted in instructions under
    cachegrind (valgrind), failing when a row rose more than 2% above the committed
    baseline. The runtime dependencies are installed at the versions the baseline was
    counted with, and the package as a wheel would install it. ``-- --record`` writes a new
    baseline (a commit of its own, which the changelog explains)."""
    if shutil.which("valgrind") is None:
        session.error("the guard needs valgrind on the path (Debian: apt-get install valgrind)")
    counted_with = json.loads(GUARD_BASELINE.read_text())["counted_with"]
    session.install(
        f"attrs=={counted_with['attrs']}",
        f"typing-extensions=={counted_with['typing-extensions']}",
    )
    session.install("--no-deps", ".")
    session.run("python", "benchmarks/guard.py", *session.posargs)


@nox.session
def bench_rl(session: nox.Session) -> None:
    """Run benchmarks/bench_rl.py in its own environment: the library with its `rl` extra,
    and RLCard, whose gin rummy the benchmark measures beside OpenSpiel's (RLCard is
    never a dependency of the library)."""
    session.install(".[rl]", "rlcard")
    session.run("python", "benchmarks/bench_rl.py", *session.posargs)


@nox.session
def bench_peers(session: nox.Session) -> None:
    """Run benchmarks/bench_peers.py in its own environment: the library, OpenSpiel and
    RLCard, whose gin rummy engines the benchmark plays beside every game in the same run
    (neither is ever a dependency of the library)."""
    session.install(".", "open_spiel", "rlcard")
    session.run("python", "benchmarks/bench_peers.py", *session.posargs)


@nox.session
def examples(session: nox.Session) -> None:
    """Run every examples/*.py script."""
    scripts = _scripts("examples", "*.py")
    if not scripts:
        session.skip("no examples/*.py scripts")
    # The server too: game_server.py builds a server of its own on the web table's modules.
    session.install(".", SERVER)
    for script in scripts:
        session.run("python", script)


@nox.session
def mutants(session: nox.Session) -> None:
    """Check that every row of the threat model (docs/security.rst) has a test that fails
    without its defence: each defence's mutant (tests/security_mutants.py) applied in turn
    to a copy of the project, and the row's tests run alone against the copy, each run
    bounded in time (tests/test_security_mutants.py; the soak runs it too). One row at a
    time by default, so that a test of time is not failed by the others' load;
    ``nox -s mutants -- -k referee`` checks one surface's rows."""
    session.install("-e", ".[test]", "-e", f"{SERVER}[test]")
    session.run(
        "pytest", "-p", "no:cacheprovider", "-m", "slow", "-n", "0", "-rs",
        "tests/test_security_mutants.py", *session.posargs,
    )  # fmt: skip


@nox.session
def soak(session: nox.Session) -> None:
    """Run the slow tests: every preset of every game, every game of the tests whose work
    is costly (a referee in its own process, whole matches over sockets), every case of
    the tests that repeat the same work case after case (tests/repeats.py), the long
    property runs and fuzzing, the guard under cachegrind and the built wheel alone, with
    the ``soak`` profile's examples (CI runs this). ``HYPOTHESIS_PROFILE=long nox -s soak``
    is the long run: the promise suite with many more games, states and examples besides.
    The run ends by printing how many states, samples, moves and hands were checked."""
    session.install("-e", ".[test]", "-e", f"{SERVER}[test]")
    profile = os.environ.get("HYPOTHESIS_PROFILE", "soak")
    # The soak judges the bounds stated in seconds too (tests/hostile.py: TIMED), which
    # the default run leaves to it.
    env = {"HYPOTHESIS_PROFILE": profile, "SCALA40_TIMED": "1"}
    if profile == "long":
        session.run(
            "pytest", "-p", "no:cacheprovider", "tests/protocol", *session.posargs, env=env
        )
    # Given paths, one of the two runs may find none of its tests there (pytest's exit 5).
    collected = [0, 5] if session.posargs else [0]
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        "-m",
        "slow and not alone",
        *session.posargs,
        env=env,
        success_codes=collected,
    )
    # The floods judge how soon the server answers a new client: on a machine whose every
    # core also runs another test they measure that test (45 of 48 new clients answered
    # within 1 s beside one, where the promise is 95%), so they run one at a time, alone;
    # and so do the default run's tests that judge seconds (marked timed), which the
    # default run judges by their work alone.
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        "-m",
        "(slow and alone) or (timed and not slow and not browser)",
        "-n",
        "0",
        *session.posargs,
        env=env,
        success_codes=collected,
    )
