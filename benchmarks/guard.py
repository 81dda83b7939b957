"""The instruction guard: a fixed workload per game, counted in instructions under
cachegrind, against a committed baseline.

Seconds move with the machine's load (by up to 1.7 times between runs here); the
instructions a fixed workload executes do not. Each *row* is one kind of work in one game,
with the same seeds every time:

* ``playout``: seeded random playouts of whole hands, a few thousand actions (per action:
  ``legal_moves()`` and ``apply``);
* ``cold``: the same playouts after every cache of the library is emptied
  (``scala40.clear_caches``), so that no change passes for faster by warming the caches
  alone (the set-up warms them, as a long-running process has);
* ``legal``: ``list(state.legal_moves())`` on states from the middle of such games, each
  asked for the first time;
* ``view``: every seat's ``state.view(seat)`` of fresh states;
* ``sample``: ``view.sample(seed)`` of those views;
* ``to_dict`` and ``from_dict``: a state written as JSON-ready data, and read back with
  every check of untrusted input;
* ``games``: seeded random whole games from seed 0, :data:`GAME_ACTIONS` actions, in a
  process that has only imported the package and loaded the game: every cache empty and
  every table still to build, as a program's first games find them. The other rows count
  after a set-up that warms the caches; a cost paid when a hand is first met (a memo's
  miss, a table built on first use) shows here.

Each game's set-up (imports, the inputs, one warm-up call of every row) runs under
``valgrind --tool=cachegrind``; each row then runs in a child process forked from it, and
a first child that does nothing counts the set-up: a row's count is its child's less that
one, divided by its units (actions, calls). The ``games`` row has a process of its own,
whose set-up is the imports and the game's record only.

A process's count repeats to the instruction, but it depends on where the interpreter's
objects land in memory: CPython finds a class's attributes through a cache indexed by the
attribute name's address, so a set-up that allocates a little more or less moves which
lookups collide there. Two processes a few allocations apart counted the ``view`` row of
Chinchón 70,703 and 74,319 instructions (+5%), more than the tolerance; ten paddings gave
Scala 40's (four players) 75,941 to 77,702, three of them 1% or more above the lowest. So
each game is counted in several processes, each with its own :data:`LAYOUTS` padding
allocated before the package is imported, and a row's figure is its lowest count:
collisions only add instructions, and the lowest count is the one that fewest of them
inflated.

Run ``python benchmarks/guard.py`` (``nox -s guard`` installs the pinned dependencies
first): it prints every row beside the baseline (``guard_baseline.json``) and a reference
column, an earlier commit's counts named by that commit, and exits with status 1 if a row
rose more than :data:`TOLERANCE` above the baseline. ``--record`` writes the counts as the
new baseline: raising it is a commit of its own, which names the feature that pays for it
and the figure in the changelog. ``--reference COMMIT --python PYTHON`` records the
reference column from an interpreter that has that commit installed (the commit named as
``git log`` abbreviates it, never a version: a column named ``0.1.0`` was counted at
094c256, 447 commits after the release). ``--rows GLOB`` counts some rows only.
"""

from __future__ import annotations

import argparse
import fnmatch
import gc
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

BASELINE = Path(__file__).with_name("guard_baseline.json")
"""The committed baseline: the counts, the interpreter and the pinned dependencies."""
TOLERANCE = 0.02
"""How far above its baseline a row may rise before the guard fails."""
PINNED = ("attrs", "typing-extensions")
"""The runtime dependencies whose versions the baseline records (their code runs in the
rows, so another version counts other instructions)."""

CONFIGS: dict[str, tuple[str, int | None]] = {
    "scala40-4": ("scala40", 4),
    "scala40-2": ("scala40", 2),
    "skarney": ("skarney", None),
    "rumino": ("rumino", None),
    "chinchon": ("chinchon", None),
    "laconga": ("laconga", None),
}
"""Each game measured: its registered name and players (``None``: its default)."""
ROWS = ("playout", "cold", "legal", "view", "sample", "to_dict", "from_dict", "games")
"""The kinds of work counted in each game."""
FRESH = frozenset({"games"})
"""The kinds counted in a process of their own, whose set-up warms nothing
(:class:`FreshGames`)."""
GAME_ACTIONS = 6000
"""Actions of the ``games`` row: whole games from seed 0, the last one cut off."""
PLAYOUT_ACTIONS = {"scala40-4": 2500, "scala40-2": 2500, "skarney": 2500}
"""Actions of the ``playout`` and ``cold`` rows, per game (:data:`DEFAULT_PLAYOUT_ACTIONS` otherwise)."""
DEFAULT_PLAYOUT_ACTIONS = 4000
STATES = 120
"""The states from the middle of games that the other rows work on."""
STATES_PER_GAME = 4
"""How many of those states one random game gives, at most."""
PASSES = {"view": 4, "to_dict": 2}
"""How many times a row goes over its states (1 where not named): each row should count
a few hundred million instructions, so that the set-up's small differences from process to
process stay far below the tolerance."""
LAYOUTS = (0, 97, 1009, 3001, 5003)
"""The paddings of the processes that count each game: how many small objects each
allocates before the package is imported, so that each lays the interpreter's memory out
differently (a row's figure is its lowest count over them)."""
MAX_ACTIONS = 5_000
"""Where a random game is cut off (random Scala 40 players may never end a game)."""
EXTRA_WORK = "SCALA40_GUARD_EXTRA_WORK"
"""An environment variable that makes every row redo this share of its work (``0.05``:
5% more), a deliberate regression for the guard's own test."""


def row_names() -> list[str]:
    """Every row, as ``game:kind``."""
    return [f"{config}:{kind}" for config in CONFIGS for kind in ROWS]


# ---------------------------------------------------------------- the workload


class Workload:
    """The inputs of one game's rows, built the same way in every process."""

    def __init__(self, config: str, scale: float = 1.0) -> None:
        from scala40.game import load_game

        name, players = CONFIGS[config]
        self.states = max(1, round(STATES * scale))
        self.actions = max(1, round(PLAYOUT_ACTIONS.get(config, DEFAULT_PLAYOUT_ACTIONS) * scale))
        self.game = load_game(name)
        self.players = self.game.default_players if players is None else players
        self.config = config
        states = self._middle_states(self.states, first_seed=1000)
        self.dicts = [json.loads(json.dumps(state.to_dict())) for state in states]
        # Each row gets states of its own: a state keeps its legal moves once asked (and
        # a state read from a dictionary has asked them, to check that it can go on), so
        # the legal row works on copies, which leave that cache out (``copy_with``, the
        # engines' own copy, which shares every field): two sets, the second for a
        # deliberate regression's extra work.
        self.for_legal = [_fresh(state) for state in states]
        self.for_legal_again = [_fresh(state) for state in states]
        self.for_view = [_fresh(state) for state in states]
        self.for_to_dict = [_fresh(state) for state in states]
        self.views = [state.view(seat) for state in states for seat in range(self.players)]
        # One call of every row on other inputs: lazy imports and tables built once per
        # ruleset are paid here, in the set-up, not by the first row that needs them.
        self.playout(200, first_seed=9000)
        for state in self._middle_states(3, first_seed=9000):
            self.game.state_from_dict(json.loads(json.dumps(state.to_dict())))
            list(_fresh(state).legal_moves())
            state.to_dict()
            for seat in range(self.players):
                state.view(seat).sample(1)

    def _middle_states(self, count: int, first_seed: int) -> list[Any]:
        """``count`` states from the middle of seeded random games, where a seat decides:
        up to :data:`STATES_PER_GAME` from each game, at moves drawn from 10 to 149 (the
        games are most of the set-up's work, which every layout's process repeats)."""
        states: list[Any] = []
        seed = first_seed
        while len(states) < count:
            chooser = random.Random(seed)
            stops = sorted(chooser.sample(range(10, 150), STATES_PER_GAME))
            state = self.game.new_game(None, self.players, seed)
            played = 0
            for stop in stops:
                while played < stop and not state.is_over:
                    legal = state.legal_moves()
                    state = state.apply(legal[chooser.randrange(len(legal))])
                    played += 1
                if state.is_over or len(states) == count:
                    break
                if state.current_player is not None:
                    states.append(state)
            seed += 1
        return states

    def playout(self, actions: int, first_seed: int = 1) -> int:
        """Random legal moves from seeded new games until ``actions`` were played."""
        return playout(self.game, self.players, actions, first_seed)

    def run(self, kind: str, share: float = 1.0) -> int:
        """Do ``share`` of one row's work; returns its units."""
        count = max(1, round(self.states * share))
        if kind == "playout":
            return self.playout(max(1, round(self.actions * share)))
        if kind == "cold":
            from scala40 import clear_caches

            clear_caches()
            return self.playout(max(1, round(self.actions * share)))
        if kind == "legal":
            # A deliberate regression's extra work must not find the moves kept.
            states, self.for_legal = self.for_legal, self.for_legal_again
            for state in states[:count]:
                list(state.legal_moves())
            return count
        passes = PASSES.get(kind, 1)
        if kind == "view":
            for _ in range(passes):
                for state in self.for_view[:count]:
                    for seat in range(self.players):
                        state.view(seat)
            return passes * count * self.players
        if kind == "sample":
            views = self.views[: count * self.players]
            for index, view in enumerate(views):
                view.sample(index)
            return len(views)
        if kind == "to_dict":
            for _ in range(passes):
                for state in self.for_to_dict[:count]:
                    state.to_dict()
            return passes * count
        if kind == "from_dict":
            for d in self.dicts[:count]:
                self.game.state_from_dict(d)
            return count
        raise ValueError(f"unknown row kind {kind!r}")


class FreshGames:
    """The ``games`` row's workload: the game's record loaded, nothing else done, so that
    the games find every cache empty, as a program's first games do."""

    def __init__(self, config: str, scale: float = 1.0) -> None:
        from scala40.game import load_game

        name, players = CONFIGS[config]
        self.game = load_game(name)
        self.players = self.game.default_players if players is None else players
        self.actions = max(1, round(GAME_ACTIONS * scale))

    def run(self, kind: str, share: float = 1.0) -> int:
        """Do ``share`` of the row's work (a deliberate regression's share plays from seed
        0 again, on warm caches); returns its actions."""
        if kind != "games":
            raise ValueError(f"unknown row kind {kind!r}")
        actions = max(1, round(self.actions * share))
        # Whole games: none cut off but the last (Chinchón's first takes 5,708 actions).
        return playout(self.game, self.players, actions, 0, cut=actions)


def playout(game: Any, players: int, actions: int, first_seed: int, cut: int = MAX_ACTIONS) -> int:
    """Random legal moves from seeded new games of ``game`` (from ``first_seed`` on, each
    cut off at ``cut`` actions) until ``actions`` were played."""
    played = 0
    seed = first_seed
    while played < actions:
        chooser = random.Random(seed)
        state = game.new_game(None, players, seed)
        game_actions = 0
        while not state.is_over and game_actions < cut and played < actions:
            legal = state.legal_moves()
            state = state.apply(legal[chooser.randrange(len(legal))])
            game_actions += 1
            played += 1
        seed += 1
    return played


def _fresh(state: Any) -> Any:
    """A copy of ``state`` that shares its fields and leaves its caches out: the engines'
    ``copy_with``, or ``attrs.evolve`` in an earlier commit that has none (whose caches are
    fields that ``__init__`` leaves empty), so that a reference column counts the same
    work."""
    if hasattr(state, "copy_with"):
        return state.copy_with()
    import attrs

    return attrs.evolve(state)


def run_workload(config: str, kinds: Sequence[str], scale: float, layout: int = 0) -> None:
    """The process counted under cachegrind: ``layout`` small objects of assorted sizes
    kept alive (see :data:`LAYOUTS`), the set-up of ``config``, then each row in a child
    process forked from it (``None`` first: a child that does nothing, whose count is the
    set-up's). Each child prints its process number, its row and its units. The kinds of
    :data:`FRESH` come alone, with a set-up that only loads the game."""
    padding = [bytes(index % 256) for index in range(layout)]
    workload: Workload | FreshGames
    if FRESH.issuperset(kinds):
        # As in a program's own process: nothing frozen, the collector walking all.
        workload = FreshGames(config, scale)
    else:
        workload = Workload(config, scale)
        # What the set-up made is frozen out of the collector's reach: a full collection
        # during a row then walks only what the row made, so a row's count does not jump
        # with where the collector happens to run.
        gc.collect()
        gc.freeze()
    extra = float(os.environ.get(EXTRA_WORK, "0") or 0)
    for kind in (None, *kinds):
        sys.stdout.flush()
        child = os.fork()
        if child == 0:
            units = 0
            if kind is not None:
                units = workload.run(kind)
                if extra > 0:
                    workload.run(kind, extra)
            print(json.dumps({"pid": os.getpid(), "kind": kind, "units": units}), flush=True)
            os._exit(0)
        os.waitpid(child, 0)
    del padding


# ---------------------------------------------------------------- counting


_REFS = re.compile(r"==(\d+)==\s+I\s+refs:\s+([\d,]+)")


def count_config(
    python: str, config: str, kinds: Sequence[str], scale: float = 1.0, layout: int = 0
) -> dict[str, float]:
    """Instructions per unit of ``config``'s rows ``kinds`` in one process laid out by
    ``layout``: each forked row's count less the count of the child that did nothing."""
    command = [python, __file__, "--workload", config, "--kinds", ",".join(kinds)]
    command += ["--scale", str(scale), "--layout", str(layout)]
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--branch-sim=no",
            "--cachegrind-out-file=/dev/null",
            *command,
        ],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONHASHSEED="0"),
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the workload of {config} failed:\n{done.stdout}{done.stderr}")
    counts = {int(pid): int(refs.replace(",", "")) for pid, refs in _REFS.findall(done.stderr)}
    children = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    if len(children) != len(kinds) + 1 or any(child["pid"] not in counts for child in children):
        raise RuntimeError(f"cachegrind did not count every row of {config}:\n{done.stderr}")
    setup = counts[children[0]["pid"]]
    return {
        f"{config}:{child['kind']}": (counts[child["pid"]] - setup) / child["units"]
        for child in children[1:]
    }


def processes(rows: Sequence[str], layouts: Sequence[int]) -> list[tuple[str, list[str], int]]:
    """The processes that count ``rows``, as (game, kinds, layout): a game's rows in one
    process per layout, and its rows of :data:`FRESH` in another, whose set-up warms
    nothing."""
    by_config: dict[str, list[str]] = {}
    fresh: dict[str, list[str]] = {}
    for row in rows:
        config, kind = row.split(":")
        (fresh if kind in FRESH else by_config).setdefault(config, []).append(kind)
    return [
        (config, kinds, layout)
        for groups in (by_config, fresh)
        for config, kinds in groups.items()
        for layout in layouts
    ]


def count_rows(
    rows: Sequence[str],
    python: str,
    jobs: int,
    scale: float = 1.0,
    layouts: Sequence[int] = LAYOUTS,
) -> dict[str, int]:
    """Instructions per unit of each row: its lowest count over the ``layouts``, the
    processes (a game in a layout each) counted in parallel."""
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        counted = pool.map(
            lambda item: count_config(python, item[0], item[1], scale, item[2]),
            processes(rows, layouts),
        )
        figures: dict[str, float] = {}
        for part in counted:
            for row, figure in part.items():
                figures[row] = min(figure, figures.get(row, figure))
    return {row: round(figures[row]) for row in rows}


# ---------------------------------------------------------------- the verdict


def interpreter(python: str) -> dict[str, str]:
    """What the counts depend on besides the code: the interpreter and the pinned
    dependencies' versions, as ``python`` has them."""
    script = (
        "import importlib.metadata as m, json, platform, sys;"
        "print(json.dumps({'python': platform.python_implementation() + ' ' + "
        "platform.python_version(), 'machine': platform.machine(), "
        f"**{{name: m.version(name) for name in {list(PINNED)!r}}}}}))"
    )
    done = subprocess.run([python, "-c", script], capture_output=True, text=True, check=True)
    found: dict[str, str] = json.loads(done.stdout)
    return found


def compare(
    figures: Mapping[str, float], baseline: Mapping[str, float], tolerance: float = TOLERANCE
) -> list[str]:
    """The rows that rose more than ``tolerance`` above their baseline, each with its
    figures (a row missing from the baseline is not judged)."""
    risen = []
    for row, figure in figures.items():
        before = baseline.get(row)
        if before is not None and figure > before * (1 + tolerance):
            risen.append(
                f"{row}: {figure:,.0f} against {before:,.0f} ({figure / before - 1:+.2%})"
            )
    return risen


def _change(figure: float, before: float | None) -> str:
    return "" if before is None else f"{figure / before - 1:+.2%}"


def _figure(figure: float | None) -> str:
    return "" if figure is None else f"{figure:,.0f}"


def report(figures: Mapping[str, float], recorded: dict[str, Any]) -> str:
    """A table of every row counted: now, the baseline, the reference commit's."""
    baseline = recorded.get("rows", {})
    reference = recorded.get("reference", {})
    lines = [
        f"{'row':<20} {'now':>12} {'baseline':>12} {'change':>8} "
        f"{reference.get('commit', 'reference'):>12} {'change':>8}"
    ]
    for row, figure in figures.items():
        before = baseline.get(row)
        then = reference.get("rows", {}).get(row)
        lines.append(
            f"{row:<20} {figure:>12,.0f} {_figure(before):>12} {_change(figure, before):>8} "
            f"{_figure(then):>12} {_change(figure, then):>8}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", default="*", help="the rows to count, a glob (game:kind)")
    parser.add_argument("--record", action="store_true", help="write the counts as the baseline")
    parser.add_argument(
        "--reference", help="record the counts as the reference column of this commit"
    )
    parser.add_argument("--python", default=sys.executable, help="the interpreter to count")
    parser.add_argument("--baseline", type=Path, default=BASELINE, help="the baseline file")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--workload", help=argparse.SUPPRESS)
    parser.add_argument("--kinds", help=argparse.SUPPRESS)
    parser.add_argument("--layout", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument(
        "--layouts",
        default=",".join(map(str, LAYOUTS)),
        help="the paddings of the processes that count each game, comma-separated",
    )
    # A smaller workload, for the guard's own test: its counts compare only with counts of
    # the same scale, which the baseline file records.
    parser.add_argument("--scale", type=float, default=1.0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.workload:
        run_workload(args.workload, args.kinds.split(","), args.scale, args.layout)
        return 0
    if shutil.which("valgrind") is None:
        print(
            "error: valgrind is not on the path (Debian: apt-get install valgrind)",
            file=sys.stderr,
        )
        return 2
    rows = [row for row in row_names() if fnmatch.fnmatch(row, args.rows)]
    if not rows:
        print(f"error: no row matches {args.rows!r}", file=sys.stderr)
        return 2
    try:
        layouts = [int(padding) for padding in args.layouts.split(",")]
    except ValueError:
        print(f"error: --layouts takes whole numbers, got {args.layouts!r}", file=sys.stderr)
        return 2
    recorded: dict[str, Any] = (
        json.loads(args.baseline.read_text()) if args.baseline.exists() else {}
    )
    conditions: dict[str, Any] = {**interpreter(args.python), "scale": args.scale}
    if args.reference:
        figures = count_rows(rows, args.python, args.jobs, args.scale, layouts)
        before = recorded.get("reference", {})
        if before.get("commit") == args.reference and before.get("counted_with") == conditions:
            # More rows of the same commit counted the same way (a row added since):
            # the rows counted before are kept beside them.
            figures = {**before["rows"], **figures}
        recorded["reference"] = {
            "commit": args.reference,
            "counted_with": conditions,
            "rows": figures,
        }
        args.baseline.write_text(json.dumps(recorded, indent=2) + "\n")
        print(report(figures, recorded))
        return 0
    expected = recorded.get("counted_with")
    if not args.record and expected is not None and expected != conditions:
        print(
            f"error: the baseline was counted with {expected}, this run would count with "
            f"{conditions}: such counts do not compare (nox -s guard installs the pinned "
            "versions; --record counts a new baseline)",
            file=sys.stderr,
        )
        return 2
    figures = count_rows(rows, args.python, args.jobs, args.scale, layouts)
    print(report(figures, recorded))
    if args.record:
        recorded["counted_with"] = conditions
        recorded["rows"] = {**recorded.get("rows", {}), **figures}
        args.baseline.write_text(json.dumps(recorded, indent=2) + "\n")
        print(f"baseline written: {args.baseline}")
        return 0
    risen = compare(figures, recorded.get("rows", {}))
    if risen:
        print(f"\nrose more than {TOLERANCE:.0%} above the baseline:")
        for line in risen:
            print(f"  {line}")
        return 1
    print(f"\nno row rose more than {TOLERANCE:.0%} above the baseline")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
