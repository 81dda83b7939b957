"""The default run judges work, never seconds (tests/hostile.py, :data:`TIMED`).

A test of the default run must pass on a busy machine, where the seconds a call takes,
of CPU or of the wall, grow with the other processes' contention: such a test judges the
work done (counts, steps, bytes, statuses). A bound stated in seconds is judged only
where the tests run alone: under ``if TIMED:`` (``nox -s soak`` runs the tests marked
``timed`` again, one at a time, with ``SCALA40_TIMED=1``; the mutant check runs each
row's tests so), or in a test marked ``slow`` or ``browser``, which the default run
leaves out.

This test reads every test module and fails on an ``assert`` that judges a clock's
reading outside those places: a reading of :mod:`time`'s clocks, of the suite's machine
measures (``machine_slowdown``), a ``.seconds`` measured (``cpu_seconds()``, a flood's
``Outcome``), or a name or a function's result made from one. Whether a value is
``None`` is not a judgement of time. It also fails on a module that judges seconds under
``TIMED`` but is not marked ``timed`` (the soak would never judge them), and checks that
the suite's own judges of seconds judge nothing unless :data:`TIMED`.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

from tests import hostile

TESTS = Path(__file__).resolve().parent
CLOCKS = frozenset(
    {
        "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns", "process_time",
        "process_time_ns", "thread_time", "thread_time_ns", "time", "time_ns",
    }
)  # fmt: skip
"""The clocks of :mod:`time`."""
MEASURES = frozenset({"machine_slowdown", "machine_wall_slowdown", "cpu_seconds_of"})
"""The suite's own readings of how fast the machine or a process runs."""
TIMED_JUDGES = frozenset({"assert_within", "library_errors_only"})
CLUES = ("time", "seconds", *MEASURES, *TIMED_JUDGES)
"""What a module that reads a clock, or calls a judge of seconds, holds somewhere in its
text (a module without any is not read further)."""
"""The suite's judges of seconds (tests/hostile.py): they judge only where ``TIMED``."""
LEFT_OUT = frozenset({"slow", "browser"})
"""The marks of tests the default run leaves out."""
JUDGES = frozenset({"hostile.py", "test_timed.py"})
"""The suite's judges of seconds (each judging only where ``TIMED``, as checked below)
and this test."""


def _modules() -> list[Path]:
    return sorted(path for path in TESTS.rglob("*.py") if path.name not in JUDGES)


def _marks(decorators: list[ast.expr]) -> set[str]:
    """The ``pytest.mark`` names a list of decorators (or of a ``pytestmark``) holds."""
    found = set()
    for node in decorators:
        for part in ast.walk(node):
            if (
                isinstance(part, ast.Attribute)
                and isinstance(part.value, ast.Attribute)
                and part.value.attr == "mark"
            ):
                found.add(part.attr)
    return found


def _module_marks(tree: ast.Module) -> set[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "pytestmark" for target in node.targets
        ):
            return _marks([node.value])
    return set()


class _Clocked:
    """What in one module reads a clock: the names bound to a clock's reading in each
    function, and the module's functions whose result holds one (each position of a
    tuple it returns, or ``-1`` for the whole)."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self._tainted: dict[int, set[str]] = {}
        self.clock_names = {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module == "time"
            for alias in node.names
            if alias.name in CLOCKS
        }
        self.functions: dict[str, set[int]] = {}
        functions = [
            node
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        ]
        for _ in range(4):  # until the functions returning a reading are all found
            for function in functions:
                tainted = self._bound_names(function)
                for node in ast.walk(function):
                    if isinstance(node, ast.Return) and node.value is not None:
                        self.functions.setdefault(function.name, set()).update(
                            self._positions(node.value, tainted)
                        )

    def _positions(self, value: ast.expr, tainted: set[str]) -> set[int]:
        if isinstance(value, ast.Tuple):
            return {index for index, item in enumerate(value.elts) if self.reads(item, tainted)}
        return {-1} if self.reads(value, tainted) else set()

    def reads(self, expression: ast.AST, tainted: set[str]) -> bool:
        """Whether ``expression`` holds a clock's reading: a clock read, a name bound to
        a reading, a ``.seconds`` (an attribute of a measured object but its seconds, its
        status say, is no reading)."""
        if isinstance(expression, ast.Attribute):
            if expression.attr == "seconds":
                return True
            if isinstance(expression.value, ast.Name) and expression.value.id in tainted:
                return False
        if isinstance(expression, ast.Name):
            return expression.id in tainted
        if isinstance(expression, ast.Call):
            called = expression.func
            if (
                isinstance(called, ast.Attribute)
                and isinstance(called.value, ast.Name)
                and called.value.id == "time"
                and called.attr in CLOCKS
            ):
                return True
            name = called.id if isinstance(called, ast.Name) else None
            if name in self.clock_names or name in MEASURES:
                return True
            if name is not None and -1 in self.functions.get(name, set()):
                return True
        return any(self.reads(child, tainted) for child in ast.iter_child_nodes(expression))

    def tainted(self, function: ast.AST) -> set[str]:
        """The names a function binds to a clock's reading (wherever it binds them), once
        the module's functions that return a reading are known."""
        found = self._tainted.get(id(function))
        if found is None:
            found = self._tainted[id(function)] = self._bound_names(function)
        return found

    def _bound_names(self, function: ast.AST) -> set[str]:
        names: set[str] = set()
        for _ in range(4):
            before = len(names)
            for node in ast.walk(function):
                if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                    value = node.value
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    if value is None:
                        continue
                    for target in targets:
                        names |= self._bound(target, value, names)
                elif (
                    isinstance(node, ast.withitem)
                    and node.optional_vars is not None
                    and (
                        self.reads(node.context_expr, names)
                        or (
                            isinstance(node.context_expr, ast.Call)
                            and isinstance(node.context_expr.func, ast.Name)
                            and node.context_expr.func.id == "cpu_seconds"
                        )
                    )
                ):
                    names |= {
                        part.id
                        for part in ast.walk(node.optional_vars)
                        if isinstance(part, ast.Name)
                    }
            if len(names) == before:
                return names
        return names

    def _bound(self, target: ast.expr, value: ast.expr, tainted: set[str]) -> set[str]:
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Call):
            name = value.func.id if isinstance(value.func, ast.Name) else None
            positions = self.functions.get(name or "", set())
            return {
                item.id
                for index, item in enumerate(target.elts)
                if isinstance(item, ast.Name) and (index in positions or -1 in positions)
            }
        if self.reads(value, tainted):
            return {part.id for part in ast.walk(target) if isinstance(part, ast.Name)}
        return set()


def _is_none_check(test: ast.expr) -> bool:
    return (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.IsNot))
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    )


def _timed_flags(function: ast.AST) -> set[str]:
    """``TIMED``, and the names a function binds to a value made from it (``judged =
    TIMED and ...``)."""
    flags = {"TIMED"}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and any(
            isinstance(part, ast.Name) and part.id in flags for part in ast.walk(node.value)
        ):
            flags |= {
                part.id
                for target in node.targets
                for part in ast.walk(target)
                if isinstance(part, ast.Name)
            }
    return flags


def _under_timed(tests: tuple[ast.expr, ...], flags: set[str]) -> bool:
    """Whether one of the ``if`` tests an assert is under names ``TIMED`` (or a flag
    made from it)."""
    return any(
        isinstance(part, ast.Name) and part.id in flags
        for test in tests
        for part in ast.walk(test)
    )


@functools.cache
def _judgements(path: Path) -> tuple[list[str], list[str]]:
    """The clock-judging asserts of a module: those the default run would judge
    (``where``), and those judged under ``TIMED``."""
    text = path.read_text(encoding="utf-8")
    if not any(word in text for word in CLUES):
        return [], []  # reads no clock, and calls no judge of seconds
    tree = ast.parse(text)
    if _module_marks(tree) & LEFT_OUT:
        return [], []
    clocked = _Clocked(tree)
    loose: list[str] = []
    guarded: list[str] = []

    def visit(
        node: ast.AST, tests: tuple[ast.expr, ...], tainted: set[str], flags: set[str]
    ) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if _marks(node.decorator_list) & LEFT_OUT:
                return
            tainted = tainted | clocked.tainted(node)
            flags = flags | _timed_flags(node)
        if isinstance(node, ast.Assert) and not _is_none_check(node.test):
            if clocked.reads(node.test, tainted):
                where = f"{name}:{node.lineno}"
                (guarded if _under_timed(tests, flags) else loose).append(where)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in TIMED_JUDGES
        ):
            guarded.append(f"{name}:{node.lineno}")  # judged by the suite's judge, if TIMED
        if isinstance(node, ast.If):
            for statement in node.body:
                visit(statement, (*tests, node.test), tainted, flags)
            for statement in node.orelse:
                visit(statement, tests, tainted, flags)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, tests, tainted, flags)

    name = str(path.relative_to(TESTS.parent))
    visit(tree, (), set(), {"TIMED"})
    return loose, guarded


@pytest.mark.parametrize("path", _modules(), ids=lambda path: str(path.relative_to(TESTS)))
def test_no_default_run_test_judges_seconds(path: Path) -> None:
    loose, guarded = _judgements(path)
    assert not loose, (
        f"asserts that judge a clock's reading in the default run: {loose}; judge the work "
        "done instead, or judge the seconds under `if TIMED:` (tests.hostile) in a module "
        "marked `timed`"
    )
    if guarded:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        marked = _module_marks(tree) | {
            mark
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            for mark in _marks(node.decorator_list)
        }
        assert "timed" in marked, (
            f"{path.name} judges seconds under TIMED ({guarded}) but none of its tests is "
            "marked `timed`: the soak would never judge them"
        )


def test_the_checker_finds_a_clock_judged() -> None:
    # Guards the reader itself: the forms of a judgement it must see.
    source = """
import time
from tests.hostile import TIMED

def _took():
    started = time.monotonic()
    return 200, time.monotonic() - started

def test_one():
    started = time.monotonic()
    assert time.monotonic() - started < 2.0
    status, seconds = _took()
    assert status == 200
    assert seconds < 1
    closed = None
    closed = time.monotonic()
    assert closed is not None
    if TIMED:
        assert closed < 3
"""
    path = TESTS / "_clock_sample.py"
    tree = ast.parse(source)
    clocked = _Clocked(tree)
    function = next(
        node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "test_one"
    )
    tainted = clocked.tainted(function)
    judged = [
        node.lineno
        for node in ast.walk(function)
        if isinstance(node, ast.Assert)
        and not _is_none_check(node.test)
        and clocked.reads(node.test, tainted)
    ]
    assert judged == [11, 14, 19], judged
    del path


def test_the_suites_judges_of_seconds_judge_nothing_unless_timed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hostile, "TIMED", False)
    hostile.assert_within(1e9, 0.25, "a call that took forever")
    assert hostile.library_errors_only(sum, [1, 2], seconds=1e-12) == 3
    monkeypatch.setattr(hostile, "TIMED", True)
    with pytest.raises(AssertionError, match="took"):
        hostile.assert_within(1e9, 0.25, "a call that took forever")
