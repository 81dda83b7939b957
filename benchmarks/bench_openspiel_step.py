"""What an observed OpenSpiel step costs, part by part, in every game of the library.

An agent trained through OpenSpiel asks, at every decision, for the observation tensor
and the legal actions, then applies one action; chance nodes draw their outcomes. This
benchmark plays seeded random episodes of each game's OpenSpiel game that way (OpenSpiel
with observations, as ``bench_rl.py`` plays it), records every action, then replays the
very same actions with one part of the step switched off at a time, so that the
difference between two rungs is the price of the part switched off (an ablation; the
games are the same on every rung, which the replay checks):

* ``observed``: the whole step: ``observation_tensor``, ``legal_actions``,
  ``apply_action`` (with ``is_terminal``, ``is_chance_node``, ``current_player`` and the
  chance outcomes);
* ``no tensor``: the same without ``observation_tensor``;
* ``no legal``: without ``legal_actions`` and ``chance_outcomes`` either (the recorded
  actions applied as they are);
* ``nodes``: the adapter's tree alone (``node.after`` for each action, in Python, without
  OpenSpiel's ``apply_action``, whose C++ keeps the history and calls back into Python);
* ``engine``: the library alone: each state's legal moves listed and the recorded move
  applied, as the adapter makes the moves (chance steps included).

So ``observed - no tensor`` is the tensor, ``no tensor - no legal`` the legal actions,
``no legal - nodes`` OpenSpiel's own ``apply_action`` around the node, ``nodes - engine``
the adapter's bookkeeping (decisions token by token, histories, chance draws), and
``engine`` the game. Figures are per *move* (a whole move of the game, which takes one
or a few decisions; the unit OpenSpiel's gin rummy counts, whose actions are whole
moves).

Run ``python benchmarks/bench_openspiel_step.py`` (with the ``rl`` extra: ``pip install
-e ".[dev,rl]"``) for microseconds of process time per move, the best of ``--repeat``
passes; ``--instructions`` counts instructions per move instead, each rung in a process
of its own under ``valgrind --tool=cachegrind`` (the rung less an empty run of the same
set-up). ``--game NAME`` (repeated) measures some games only; ``--decisions N`` sets the
workload. With ``--instructions --peer`` it counts OpenSpiel's C++ gin rummy too, observed
at every decision the same way (per move: each of its actions is a whole move, its deal's
chance nodes counted, as the library's are), and prints each game's observed step in
moves a second over gin rummy's: by instructions, which the machine's load does not
change, and timed beside it (each pass of the game followed by one of gin rummy's, the
best of ``--repeat`` passes of each kept), with the highest load read while timing
(``machine_load.py``); ``--peer`` alone prints the timed ratio only. Counts of
instructions weigh alike what the processor runs at different speeds (a C++ engine's
loops, the interpreter's, the copy of an observation's bytes, which ``valgrind`` counts
at about one instruction a byte), so such a ratio estimates a time ratio; read one at
rest to know it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from machine_load import LoadWatch

RUNGS = ("observed", "no tensor", "no legal", "nodes", "engine")
"""The rungs of the ablation, each with one more part switched off than the one before."""
PARTS = (
    ("tensor", "observed", "no tensor"),
    ("legal actions", "no tensor", "no legal"),  # and the chance outcomes
    ("apply_action", "no legal", "nodes"),
    ("adapter", "nodes", "engine"),
)
"""Each part's price: the difference between two rungs."""


class Workload:
    """Seeded random episodes of one game's OpenSpiel game, recorded for the replays."""

    def __init__(self, name: str, decisions: int) -> None:
        import pyspiel

        from scala40.adapters import openspiel
        from scala40.game import load_game

        record = load_game(name)
        self.game = openspiel.load_game(record, players=record.default_players)
        self.pyspiel = pyspiel
        self.episodes: list[list[int]] = []
        self.moves: list[list[Any]] = []
        self.move_count = 0
        self._record(decisions)
        # One pass of every rung on the recorded actions: lazy imports, tables and caches
        # are paid here, not by the first rung measured.
        for rung in RUNGS:
            self.run(rung)

    def _record(self, decisions: int) -> None:
        """Play random legal actions, observing every decision, until ``decisions`` were
        made; keep each episode's actions and the library moves they made."""
        chooser = random.Random(1)
        made = 0
        while made < decisions:
            state = self.game.new_initial_state()
            actions: list[int] = []
            moves: list[Any] = []
            while not state.is_terminal() and made < decisions:
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    action = outcomes[chooser.randrange(len(outcomes))][0]
                else:
                    state.observation_tensor(state.current_player())
                    legal = state.legal_actions()
                    action = legal[chooser.randrange(len(legal))]
                    made += 1
                before = state.node.state
                state.apply_action(action)
                actions.append(action)
                if state.node.state is not before:
                    moves.append((before, state.node.history.move))
            self.episodes.append(actions)
            self.moves.append(moves)
            self.move_count += sum(1 for state, _ in moves if state.current_player is not None)

    def run(self, rung: str) -> None:
        """Replay every recorded episode on one rung."""
        if rung == "engine":
            for moves in self.moves:
                for state, move in moves:
                    fresh = state.copy_with()  # its legal moves not kept: listed again
                    fresh.legal_moves().count()
                    fresh.apply(move)
            return
        if rung == "nodes":
            for actions in self.episodes:
                node = self.game.new_initial_state().node
                for action in actions:
                    node = node.after(action)
            return
        observe = rung == "observed"
        legal = rung in ("observed", "no tensor")
        for actions in self.episodes:
            state = self.game.new_initial_state()
            for action in actions:
                if state.is_terminal():
                    raise AssertionError("the replay ended before its actions")
                if state.is_chance_node():
                    if legal:
                        state.chance_outcomes()
                else:
                    player = state.current_player()
                    if observe:
                        state.observation_tensor(player)
                    if legal and action not in state.legal_actions():
                        raise AssertionError("the replay left the recorded game")
                state.apply_action(action)


PEER = "gin_rummy"
"""OpenSpiel's C++ gin rummy, counted the same way with ``--peer``: its observed step
(the rung ``observed`` alone: it has no adapter to take apart), per move (each of its
actions is a whole move; its deal's chance nodes count, as the library's do)."""


class PeerWorkload:
    """Seeded random episodes of OpenSpiel's C++ gin rummy, observed at every decision as
    ``bench_rl.py`` plays it, recorded for the replays."""

    def __init__(self, decisions: int) -> None:
        import pyspiel

        self.game = pyspiel.load_game(PEER)
        self.episodes: list[list[int]] = []
        chooser = random.Random(1)
        made = 0
        while made < decisions:
            state = self.game.new_initial_state()
            actions: list[int] = []
            while not state.is_terminal() and made < decisions:
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    action = outcomes[chooser.randrange(len(outcomes))][0]
                else:
                    state.observation_tensor(state.current_player())
                    legal = state.legal_actions()
                    action = legal[chooser.randrange(len(legal))]
                    made += 1
                state.apply_action(action)
                actions.append(action)
            self.episodes.append(actions)
        self.move_count = made
        self.run("observed")

    def run(self, rung: str) -> None:
        """Replay every recorded episode observed (the one rung a peer has)."""
        for actions in self.episodes:
            state = self.game.new_initial_state()
            for action in actions:
                if state.is_chance_node():
                    state.chance_outcomes()
                else:
                    state.observation_tensor(state.current_player())
                    if action not in state.legal_actions():
                        raise AssertionError("the replay left the recorded game")
                state.apply_action(action)


def _engine_note() -> str:
    return (
        "engine: each move's state copied (copy_with, which leaves its legal moves out), "
        "its legal moves listed and the move applied"
    )


def time_beside_peer(name: str, decisions: int, repeat: int, watch: LoadWatch) -> float:
    """The game's observed step in moves a second over the C++ peer's, timed in turn
    (the game's pass, then the peer's, ``repeat`` times; the best of each kept), with the
    load read around every pass into ``watch`` under ``name``."""
    ours, theirs = Workload(name, decisions), PeerWorkload(decisions)
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for index, run in enumerate((ours.run, theirs.run)):
            watch.read(name)
            start = time.process_time()
            run("observed")
            best[index] = min(best[index], time.process_time() - start)
            watch.read(name)
    return (best[1] / theirs.move_count) / (best[0] / ours.move_count)


def time_rungs(name: str, decisions: int, repeat: int) -> dict[str, float]:
    """Microseconds of process time per move of each rung, the best of ``repeat``."""
    workload = Workload(name, decisions)
    best = dict.fromkeys(RUNGS, float("inf"))
    for _ in range(repeat):
        for rung in RUNGS:
            start = time.process_time()
            workload.run(rung)
            best[rung] = min(best[rung], time.process_time() - start)
    return {rung: seconds / workload.move_count * 1e6 for rung, seconds in best.items()}


_REFS = re.compile(r"==(\d+)==\s+I\s+refs:\s+([\d,]+)")


def run_children(name: str, decisions: int) -> None:
    """The process counted under cachegrind: the set-up, then an empty child and one
    child per rung, each forked from it and printing its process number and rung."""
    workload: Workload | PeerWorkload
    rungs: tuple[str, ...]
    if name == PEER:
        workload, rungs = PeerWorkload(decisions), ("observed",)
    else:
        workload, rungs = Workload(name, decisions), RUNGS
    import gc

    gc.collect()
    gc.freeze()
    for rung in (None, *rungs):
        sys.stdout.flush()
        child = os.fork()
        if child == 0:
            if rung is not None:
                workload.run(rung)
            print(json.dumps({"pid": os.getpid(), "rung": rung, "moves": workload.move_count}))
            sys.stdout.flush()
            os._exit(0)
        os.waitpid(child, 0)


def count_rungs(name: str, decisions: int) -> dict[str, float]:
    """Instructions per move of each rung (its child's count less the empty child's)."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--branch-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--children",
            name,
            "--decisions",
            str(decisions),
        ],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONHASHSEED="0"),
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the workload of {name} failed:\n{done.stdout}{done.stderr}")
    counts = {int(pid): int(refs.replace(",", "")) for pid, refs in _REFS.findall(done.stderr)}
    children = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    empty = counts[children[0]["pid"]]
    return {
        child["rung"]: (counts[child["pid"]] - empty) / child["moves"] for child in children[1:]
    }


def report(name: str, figures: dict[str, float], unit: str, fmt: Callable[[float], str]) -> None:
    print(f"{name}: {unit} per move")
    for rung in RUNGS:
        print(f"  {rung:<12} {fmt(figures[rung]):>10}")
    print("  parts:")
    for part, upper, lower in PARTS:
        share = (figures[upper] - figures[lower]) / figures["observed"]
        print(f"  {part:<14} {fmt(figures[upper] - figures[lower]):>10} {share:6.1%}")
    outside = figures["observed"] - figures["engine"]
    print(f"  {'all but engine':<14} {fmt(outside):>10} {outside / figures['observed']:6.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game to measure (repeatable)")
    parser.add_argument("--decisions", type=int, default=3000, help="decisions recorded")
    parser.add_argument("--repeat", type=int, default=3, help="passes timed, the best kept")
    parser.add_argument("--instructions", action="store_true", help="count instructions")
    parser.add_argument(
        "--peer",
        action="store_true",
        help=(
            f"measure OpenSpiel's C++ {PEER} with observations too, and print each game's "
            "moves a second over its own (timed in turn, with the load; with "
            "--instructions, by instructions as well)"
        ),
    )
    parser.add_argument("--children", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.children:
        run_children(args.children, args.decisions)
        return
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("skipped: OpenSpiel is not installed (pip install 'scala40[rl]')")
        return
    from scala40.game import game_names

    print(_engine_note())
    peer = 0.0
    if args.peer and args.instructions:
        peer = count_rungs(PEER, args.decisions)["observed"]
        print(f"{PEER} (OpenSpiel, C++), observed: {peer:,.0f} instructions per move")
    watch = LoadWatch()
    for name in args.game or game_names():
        if args.instructions:
            figures = count_rungs(name, args.decisions)
            report(name, figures, "instructions", "{:,.0f}".format)
        else:
            figures = time_rungs(name, args.decisions, args.repeat)
            report(name, figures, "microseconds (process time)", "{:.1f}".format)
        if args.peer:
            # Moves a second over the peer's: by instructions (which the load does not
            # change), then timed, each pass of the game beside one of the peer's.
            if args.instructions:
                print(f"  beside {PEER}, by instructions: {peer / figures['observed']:.2f}")
            timed = time_beside_peer(name, args.decisions, args.repeat, watch)
            print(f"  beside {PEER}, timed: {timed:.2f} {watch.note(name)}")


if __name__ == "__main__":
    main()
