"""The functions written as source from the declarations (the fast copies, and each
record's dictionary writer, reader and checks) can be read, quoted and stepped through:
their source is where Python's tools look for it, and each field's line names the field
and the line of its spec."""

from __future__ import annotations

import bdb
import contextlib
import inspect
import io
import linecache
import pdb
import re
import traceback
from pathlib import Path

import attrs
import pytest

import scala40
from scala40._format.generated import compile_source, source_of
from scala40._format.specs import record_format
from scala40.game import game_names, load_game

PACKAGE_ROOT = Path(scala40.__file__).resolve().parent.parent
STATES = {
    name: load_game(name).new_game(None, load_game(name).default_players, 1)
    for name in game_names()
}


@pytest.mark.parametrize("name", list(STATES))
def test_a_record_s_code_is_its_source_and_names_each_spec(name: str) -> None:
    state_type = type(STATES[name])
    layout = record_format(state_type)
    source = layout.source()
    for function in (layout.write, layout._read, layout._fields_pass):
        assert inspect.getsource(function) in source
        assert function.__code__.co_filename.startswith("<scala40 generated ")
    assert "changes.get('rules', value.rules)" in inspect.getsource(state_type.copy_with)
    for entry in layout.entries:
        named = [line for line in source.splitlines() if f"# {entry.name}: spec at " in line]
        assert len(named) >= 3, entry.name  # written, read, checked
        where = re.search(r"spec at (scala40/[\w/]+\.py):(\d+)", named[0])
        assert where is not None, named[0]
        path, line = where.group(1), int(where.group(2))
        # The line named is the field's declaration, or the spec it shares (a constant).
        declared = linecache.getline(str(PACKAGE_ROOT / path), line)
        assert "spec(" in declared or "_SPEC" in declared, (entry.name, path, line, declared)


def test_the_source_survives_a_check_of_the_line_cache() -> None:
    layout = record_format(type(STATES["scala40"]))
    before = layout.source()
    linecache.checkcache()
    assert layout.source() == before


def test_a_failing_field_s_traceback_names_its_spec() -> None:
    """A codec that fails unexpectedly (a bug) shows, in the traceback, the line written
    for its field, which names the field and its spec's line."""
    state = STATES["chinchon"]
    layout = record_format(type(state))

    class Broken:
        @property
        def gins(self) -> object:
            raise RuntimeError("a bug")

        def __getattr__(self, name: str) -> object:
            return getattr(state, name)

    with pytest.raises(RuntimeError) as caught:
        layout.write(Broken())
    text = "".join(traceback.format_exception(caught.value))
    assert re.search(r"'gins': .*# gins: spec at scala40/games/_knock/state_record\.py:\d+", text)


def test_a_debugger_steps_into_the_written_source() -> None:
    """pdb shows the generated lines as it goes through them: the writer's, each field's
    naming its spec."""
    state = STATES["scala40"]
    layout = record_format(type(state))
    out = io.StringIO()
    debugger = pdb.Pdb(stdin=io.StringIO("next\n" * 6 + "continue\n"), stdout=out)
    debugger.use_rawinput = False
    with contextlib.suppress(bdb.BdbQuit):  # (the commands ran out)
        debugger.runcall(layout.write, state)
    shown = out.getvalue()
    assert "<scala40 generated " in shown
    assert "-> return {" in shown
    assert "# rules: spec at scala40/_base/state_record.py:" in shown
    assert "# dealer: spec at scala40/_base/state_record.py:" in shown


def test_compile_source_keeps_two_classes_of_one_name_apart() -> None:
    first = compile_source("f", ["def f():", "    return 1"], {}, "Twice")
    second = compile_source("f", ["def f():", "    return 2"], {}, "Twice")
    assert (first(), second()) == (1, 2)
    assert source_of(first) != source_of(second)
    assert first.__qualname__ == "Twice.f"


def test_source_of_refuses_a_function_it_did_not_write() -> None:
    with pytest.raises(LookupError):
        source_of(test_source_of_refuses_a_function_it_did_not_write)


def test_a_made_class_copies_through_its_written_source() -> None:
    @attrs.frozen
    class Point:
        x: int
        y: int

    from scala40._format.fields import make_evolver

    evolve = make_evolver(Point)
    assert evolve(Point(1, 2), y=5) == Point(1, 5)
    assert "changes.get('y', value.y)" in inspect.getsource(evolve)
