"""Every row's test fails without its defence.

Each row of the threat model (docs/security.rst) names its defence's code; its mutants
(tests/security_mutants.py) remove it, or weaken it as a regression would. The slow
check here applies each mutant in turn to a copy of the project (never to the source tree: nothing in the
package or the tests' configuration can switch a mutant on) and runs the row's tests
alone against the copy, in a process of their own with a time bound, their own processes
(a referee, ``scala40 web``) importing the copy too; a row whose tests all pass with its
defence so weakened fails the check, as a row that names no test fails
tests/test_docs_security.py. ``nox -s mutants`` runs it (and the soak, with the slow
tests); ``nox -s mutants -- -k referee`` a surface's rows. The fast checks of the default
run keep each mutant a change of its defence's own code.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from tests.security_mutants import MUTANTS, NO_REGRESSION, REGRESSIONS, mutants_of, mutated_copy
from tests.threat_model import Row, defence_code, rows

ROOT = Path(__file__).resolve().parent.parent
"""The project's root, where the rows' test paths start."""

MUTANT_SECONDS = 900
"""The most a row's tests may run under a mutant: past it, they are stopped, and a test
that hangs without its defence has not passed (it is counted caught, and said so)."""


def _mutants() -> list[tuple[str, int]]:
    return [
        (defence, index)
        for defence in sorted(MUTANTS)
        for index in range(len(mutants_of(defence)))
    ]


@pytest.mark.parametrize(("defence", "index"), _mutants())
def test_each_mutant_changes_its_defences_own_code(defence: str, index: int) -> None:
    mutant = mutants_of(defence)[index]
    path, first, last = defence_code(defence)
    text = path.read_text(encoding="utf-8")
    assert text.count(mutant.old) == 1, (
        f"{defence}: its mutant's text is found {text.count(mutant.old)} times in {path.name}, "
        f"not once: {mutant.old!r}"
    )
    assert mutant.old != mutant.new
    start = text[: text.index(mutant.old)].count("\n") + 1
    end = start + mutant.old.rstrip("\n").count("\n")
    assert first <= start <= end <= last, (
        f"{defence}: its mutant changes lines {start}-{end} of {path.name}, outside the "
        f"defence (lines {first}-{last})"
    )


def test_every_mutant_is_of_a_rows_defence() -> None:
    named = {defence for row in rows() for defence in row.defences}
    mutated = set(MUTANTS) | set(REGRESSIONS) | set(NO_REGRESSION)
    assert mutated <= named, f"mutants of no row's defence: {sorted(mutated - named)}"


def test_every_defence_has_its_regressions_or_says_why_none() -> None:
    """Each defence's tests must catch the plausible regressions of it, not only its
    removal: a defence has its regressions' mutants (``REGRESSIONS``), or says why its
    removal is the one regression it has (``NO_REGRESSION``), never both."""
    missing = sorted(set(MUTANTS) - set(REGRESSIONS) - set(NO_REGRESSION))
    assert not missing, (
        f"defences with no regression's mutant and no word why: {missing}; add the plausible "
        "regressions of each to REGRESSIONS in tests/security_mutants.py (a compare of a "
        "prefix, a class of characters skipped, a bound removed, a condition dropped), or "
        "say in NO_REGRESSION why its removal is the only one"
    )
    both = sorted(set(REGRESSIONS) & set(NO_REGRESSION))
    assert not both, f"defences with regressions that also say they have none: {both}"
    assert all(REGRESSIONS.values()), "a defence in REGRESSIONS with no mutant"


def _cases() -> list[tuple[Row, str, int]]:
    return [
        (row, defence, index)
        for row in rows()
        for defence in row.defences
        for index in range(len(mutants_of(defence)))
    ]


def _runs_alone(row: Row) -> bool:
    """Whether one of ``row``'s tests is marked ``alone`` (a flood, judged only where the
    machine does not starve the server): its mutants then run in the soak's phase of tests
    run one at a time, where a regression that answers a seated person busy is seen,
    rather than beside other tests, where the flood's promise is not judged. Read from the
    test's source (its decorators, the module's ``pytestmark``), since a module of tests
    may need an extra to import."""
    for test_id in row.test_ids:
        path, _, name = test_id.partition("::")
        lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
        if any(line.startswith("pytestmark") and "mark.alone" in line for line in lines):
            return True
        header = f"def {name.partition('[')[0]}("
        for number, line in enumerate(lines):
            if line.startswith(header):
                above = number - 1
                while above >= 0 and lines[above].startswith(("@", " ", ")")):
                    if lines[above].strip() == "@pytest.mark.alone":
                        return True
                    above -= 1
    return False


def _params() -> list[object]:
    return [
        pytest.param(
            *case,
            id=_case_id(*case),
            marks=[pytest.mark.alone] if _runs_alone(case[0]) else [],
        )
        for case in _cases()
    ]


def _case_id(row: Row, defence: str, index: int) -> str:
    return f"{row.label[:70]} <- {defence}" + (f" (regression {index})" if index else "")


def _run_under(defence: str, index: int, row: Row, work: Path) -> tuple[str, str]:
    """Run ``row``'s tests against a copy of the package with ``defence``'s mutant number
    ``index``: an outcome (``caught``, ``hung``, ``survived`` or ``skipped``) and what
    pytest said."""
    work.mkdir(parents=True)
    copy = mutated_copy(defence, work / "project", index)
    source = copy / "src"
    server_source = copy / "server" / "src"
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")
    }
    environment["PYTHONPATH"] = os.pathsep.join([str(source), str(server_source), str(copy)])
    environment["HYPOTHESIS_STORAGE_DIRECTORY"] = str(work / "hypothesis")
    # A failure is all the check needs to know: not shrunk (conftest.py).
    environment["HYPOTHESIS_PROFILE"] = "mutants"
    # The row's tests run alone: their bounds in seconds are judged too (tests/hostile.py).
    environment["SCALA40_TIMED"] = "1"
    imported = subprocess.run(
        [
            sys.executable,
            "-c",
            "import scala40, scala40_server; print(scala40.__file__); print(scala40_server.__file__)",
        ],
        env=environment,
        cwd=copy,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.split()
    assert Path(imported[0]).is_relative_to(source), (
        f"the copy is not what is imported: {imported}"
    )
    assert Path(imported[1]).is_relative_to(server_source), (
        f"the copy's server is not what is imported: {imported}"
    )
    report = work / "report.xml"
    command = [
        sys.executable, "-m", "pytest", *row.test_ids, "-n", "0", "-x", "-q", "-m", "",
        "-p", "no:cacheprovider", "--junitxml", str(report),
    ]  # fmt: skip
    try:
        done = subprocess.run(
            command,
            env=environment,
            cwd=copy,
            capture_output=True,
            text=True,
            check=False,
            timeout=MUTANT_SECONDS,
        )
    except subprocess.TimeoutExpired:
        return "hung", f"stopped after {MUTANT_SECONDS} s"
    said = (done.stdout + done.stderr)[-3000:]
    if not report.exists():
        return "survived", said
    suite = ElementTree.parse(report).getroot()
    suite = suite if suite.tag == "testsuite" else suite[0]
    count = {
        name: int(suite.get(name, "0")) for name in ("tests", "failures", "errors", "skipped")
    }
    if count["failures"] + count["errors"]:
        return "caught", said
    if count["tests"] and count["skipped"] == count["tests"]:
        return "skipped", said
    return "survived", said


ATTEMPTS = 3
"""Runs of a row's tests under its mutant before it counts as survived: a test that draws
its cases at random (Hypothesis), or floods a server for some seconds, may miss a mutant
in one run and catch it in the next; each run is a new draw."""


def _outcome(defence: str, index: int, row: Row, work: Path) -> tuple[str, str]:
    """The row's tests under ``defence``'s mutant number ``index``, run up to
    :data:`ATTEMPTS` times until they fail: the last outcome, and what pytest said."""
    outcome, said = "survived", ""
    for attempt in range(ATTEMPTS):
        outcome, said = _run_under(defence, index, row, work / f"attempt-{attempt}")
        if outcome != "survived":
            break
    return outcome, said


@pytest.mark.slow
@pytest.mark.parametrize(("row", "defence", "index"), _params())
def test_each_rows_test_fails_without_its_defence(
    row: Row, defence: str, index: int, tmp_path: Path
) -> None:
    outcome, said = _outcome(defence, index, row, tmp_path)
    if outcome == "skipped":
        pytest.skip(f"the row's tests do not run here: {said[-300:]}")
    assert outcome in ("caught", "hung"), (
        f"docs/security.rst, {row.surface}: the row's tests {', '.join(row.test_ids)} pass "
        f"{ATTEMPTS} times with {defence} weakened ({mutants_of(defence)[index].why}):\n{said}"
    )
