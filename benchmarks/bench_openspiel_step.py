"""What an observed OpenSpiel step costs where a learner plays it, part by part, in every
game of the library.

An agent trained through OpenSpiel asks, at every decision, for the observation tensor
and the legal actions, then applies one action; chance nodes draw their outcomes. A
learning loop plays *new* episodes: the library's memo caches hold what recurs across
games (suit shapes, meld tables), never the very positions it meets next. So every rung
runs in a process forked from a set-up that has imported and warmed the game on other
episodes, and has never met the episodes measured (they are recorded in a child of their
own, which passes their actions back and ends):

* ``live``: the learner's loop, the default figure: seeded random episodes played fresh,
  ``observation_tensor``, ``legal_actions``, ``apply_action`` (with ``is_terminal``,
  ``is_chance_node``, ``current_player`` and the chance outcomes) at every step;
* ``observed``: the recorded actions replayed with that whole step (``live`` less the
  choosing; the top of the ablation, which checks that the replay stays in the recorded
  game);
* ``no tensor``: the same without ``observation_tensor``;
* ``no legal``: without ``legal_actions`` and ``chance_outcomes`` either;
* ``nodes``: the adapter's tree alone (``node.after`` for each action, in Python, without
  OpenSpiel's ``apply_action``, whose C++ keeps the history and calls back into Python);
* ``engine``: the library alone: each state's legal moves listed and the recorded move
  applied, as the adapter makes the moves (chance steps included); the states are made
  beforehand and the caches put back as they were, so that this rung starts as cold as
  the others;
* ``replayed``: the observed replay once more after one pass: every memo cache holds the
  very positions replayed (what this benchmark measured before it played live, and what
  no learner meets);
* ``emptied``: ``live`` after every cache of the library is emptied
  (``scala40.clear_caches``): what the caches of the set-up save a new episode.

So ``observed - no tensor`` is the tensor, ``no tensor - no legal`` the legal actions,
``no legal - nodes`` OpenSpiel's own ``apply_action`` around the node, ``nodes - engine``
the adapter's bookkeeping (decisions token by token, histories, chance draws), and
``engine`` the game; ``observed - replayed`` is what caching the very positions would
save, and ``emptied - live`` what the caches that recur across games save. Figures are per
*move* (a whole move of the game, which takes one or a few decisions; the unit OpenSpiel's
gin rummy counts, whose actions are whole moves).

Run ``python benchmarks/bench_openspiel_step.py`` (with the ``rl`` extra: ``pip install
-e ".[dev,rl]"``) for microseconds of process time per move, the best of ``--repeat``
forks of each rung (each fork starts from the same set-up, so each is as cold as the
first); ``--instructions`` counts instructions per move instead, under ``valgrind
--tool=cachegrind`` (each rung's count less that of a fork that does nothing).
``--game NAME`` (repeated) measures some games only; ``--decisions N`` sets the workload
(6,000 decisions by default). ``--peer`` adds OpenSpiel's C++ gin rummy, played live and
observed at every decision the same way (per move: each of its actions is a whole move,
its deal's chance nodes counted, as the library's are), and prints each game's live step
in moves a second over gin rummy's, of the build that runs (compiled or pure): by
instructions (the live rung counted alone, or every rung with ``--instructions``), which
the machine's load does not change, and timed (each fork of the game followed by one of gin
rummy's, the best of ``--repeat`` of each kept), with the highest load read while timing
(``machine_load.py``). ``--long N`` also plays ``N`` decisions live first (30,000 by
default) and then measures the next ``--decisions`` live: the rate of a learner's
long-running process, whose caches have met ``N`` decisions of other games.
``--loop R`` is the learner's loop beside gin rummy's the way a learner runs it: each
engine in a process of its own, kept for the whole run (its caches meet every episode it
played before), playing random episodes with the observation tensor at every decision;
``R`` rounds, each playing ``--decisions`` decisions of the game then as many of gin
rummy's, and the median of the rounds' ratios printed, with the lowest and the highest,
in moves a second and in decisions a second, with the load (``--players N`` sets the
table's size; the game's default otherwise).
Counts of instructions weigh alike what the processor runs at different speeds (a C++
engine's loops, the interpreter's, the copy of an observation's bytes), so such a ratio
estimates a time ratio; read a timed one at rest to know it.
"""

from __future__ import annotations

import argparse
import gc
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

RUNGS = ("live", "observed", "no tensor", "no legal", "nodes", "engine", "replayed", "emptied")
"""The rungs, each measured in a fork of a set-up that never met its episodes."""
PARTS = (
    ("tensor", "observed", "no tensor"),
    ("legal actions", "no tensor", "no legal"),  # and the chance outcomes
    ("apply_action", "no legal", "nodes"),
    ("adapter", "nodes", "engine"),
)
"""Each part's price: the difference between two rungs."""
CACHES = (
    ("the very positions", "observed", "replayed"),
    ("what recurs across games", "emptied", "live"),
)
"""What the memo caches save (a rung less another): a position met before, and the
set-up's tables."""
RECORD_SEED = 1
"""The seed of the measured episodes' choices (the set-up warms on other seeds)."""
WARM_SEED = 1_000_003
"""The seed of the set-up's own episodes: imports, tables built once per ruleset and the
caches of what recurs across games are paid there."""
WARM_DECISIONS = 600
"""Decisions the set-up plays before anything is measured."""
PEER = "gin_rummy"
"""OpenSpiel's C++ gin rummy, measured the same way with ``--peer``: its live step (the
one rung a peer has: it has no adapter to take apart, and no cache)."""


def play(game: Any, decisions: int, seed: int, observe: bool = True) -> list[list[int]]:
    """A learner's loop: random legal actions from ``seed`` until ``decisions`` were
    made, the observation tensor asked at every decision; each episode's actions."""
    chooser = random.Random(seed)
    made = 0
    episodes: list[list[int]] = []
    while made < decisions:
        state = game.new_initial_state()
        actions: list[int] = []
        while not state.is_terminal() and made < decisions:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[chooser.randrange(len(outcomes))][0]
            else:
                if observe:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                action = legal[chooser.randrange(len(legal))]
                made += 1
            state.apply_action(action)
            actions.append(action)
        episodes.append(actions)
    return episodes


def in_fork(work: Callable[[], Any]) -> Any:
    """What ``work`` returns (JSON-ready), computed in a forked child that then ends, so
    that nothing it met stays in this process's caches."""
    reading, writing = os.pipe()
    sys.stdout.flush()
    child = os.fork()
    if child == 0:
        os.close(reading)
        with os.fdopen(writing, "w") as pipe:
            json.dump(work(), pipe)
        os._exit(0)
    os.close(writing)
    with os.fdopen(reading) as pipe:
        found = json.load(pipe)
    os.waitpid(child, 0)
    return found


class Workload:
    """One game's OpenSpiel game, warmed on other episodes, and the actions of the
    measured episodes, recorded in a child of their own."""

    def __init__(self, name: str, decisions: int) -> None:
        import pyspiel  # noqa: F401 - the adapter's dependency, imported in the set-up

        from scala40.adapters import openspiel
        from scala40.game import load_game

        record = load_game(name)
        self.decisions = decisions
        self.game = openspiel.load_game(record, players=record.default_players)
        play(self.game, WARM_DECISIONS, WARM_SEED)
        self.episodes: list[list[int]] = in_fork(lambda: play(self.game, decisions, RECORD_SEED))
        self.move_count: int = in_fork(self._count_moves)

    def _count_moves(self) -> int:
        """The players' whole moves of the episodes (a move takes one or a few decisions)."""
        return sum(
            1
            for state, _ in self._library_moves()
            if state.current_player is not None  # chance steps are no player's moves
        )

    def _library_moves(self) -> list[tuple[Any, Any]]:
        """The episodes' library states and the moves made from them, in order."""
        made: list[tuple[Any, Any]] = []
        for actions in self.episodes:
            state = self.game.new_initial_state()
            for action in actions:
                before = state.node.state
                state.apply_action(action)
                if state.node.state is not before:
                    made.append((before, state.node.history.move))
        return made

    def prepare(self, rung: str) -> Callable[[], None]:
        """What a fork measures for ``rung``, its preparation done (unmeasured)."""
        if rung == "live":
            return self._live
        if rung == "emptied":
            from scala40 import clear_caches

            clear_caches()
            return self._live
        if rung == "replayed":
            self._replay("observed")
            return lambda: self._replay("observed")
        if rung == "engine":
            held = _cache_contents()
            pairs = self._library_moves()
            _restore_caches(held)

            def engine() -> None:
                for state, move in pairs:
                    fresh = state.copy_with()  # its legal moves not kept: listed again
                    fresh.legal_moves().count()
                    fresh.apply(move)

            return engine
        return lambda: self._replay(rung)

    def _live(self) -> None:
        if play(self.game, self.decisions, RECORD_SEED) != self.episodes:
            raise AssertionError("the live episodes are not the recorded ones")

    def _replay(self, rung: str) -> None:
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


class LongWorkload(Workload):
    """A learner's long-running process: ``before`` decisions of other episodes played
    live in the set-up, then the measured episodes live (the one rung it has)."""

    def __init__(self, name: str, decisions: int, before: int) -> None:
        super().__init__(name, decisions)
        play(self.game, before, WARM_SEED + 1)


class PeerWorkload:
    """OpenSpiel's C++ gin rummy, played live and observed at every decision."""

    def __init__(self, decisions: int) -> None:
        import pyspiel

        self.decisions = decisions
        self.game = pyspiel.load_game(PEER)
        play(self.game, WARM_DECISIONS, WARM_SEED)
        self.move_count = decisions  # each of its actions is a whole move

    def prepare(self, rung: str) -> Callable[[], None]:
        def live() -> None:
            play(self.game, self.decisions, RECORD_SEED)

        return live


def _cache_contents() -> list[tuple[Any, dict[Any, Any], int | None]]:
    """A copy of every memo cache of the library, to put back after a rung's preparation."""
    from scala40._cache import _ALL

    return [(cache, dict(cache), getattr(cache, "held", None)) for cache in list(_ALL)]


def _restore_caches(held: list[tuple[Any, dict[Any, Any], int | None]]) -> None:
    from scala40._cache import clear_caches

    clear_caches()
    for cache, contents, size in held:
        cache.update(contents)
        if size is not None:
            cache.held = size


Measured = Workload | PeerWorkload


def fork_rung(workload: Measured, rung: str, timed: bool) -> dict[str, Any]:
    """One rung in a fork of the set-up: its preparation, then (counted) a grandchild that
    does nothing and one that runs the rung, or (timed) the rung's process time."""

    def measure() -> dict[str, Any]:
        run = workload.prepare(rung)
        gc.collect()
        if timed:
            start = time.process_time()
            run()
            return {"seconds": time.process_time() - start}

        def nothing() -> None:
            pass

        pids = []
        work: Callable[[], None]
        for work in (nothing, run):
            sys.stdout.flush()
            child = os.fork()
            if child == 0:
                work()
                os._exit(0)
            os.waitpid(child, 0)
            pids.append(child)
        return {"empty": pids[0], "run": pids[1]}

    return dict(in_fork(measure))


def run_children(name: str, decisions: int, rungs: list[str], long: int) -> None:
    """The process counted under cachegrind: the set-up, then each rung's fork, printing
    the process numbers to subtract and the moves to divide by."""
    workload: Measured
    if name == PEER:
        workload = PeerWorkload(decisions)
    elif long:
        workload = LongWorkload(name, decisions, long)
    else:
        workload = Workload(name, decisions)
    gc.collect()
    gc.freeze()
    for rung in rungs:
        forked = fork_rung(workload, rung, timed=False)
        print(json.dumps({"rung": rung, "moves": workload.move_count, **forked}), flush=True)


_REFS = re.compile(r"==(\d+)==\s+I\s+refs:\s+([\d,]+)")


def count_rungs(
    name: str, decisions: int, rungs: tuple[str, ...], long: int = 0
) -> dict[str, float]:
    """Instructions per move of each rung (its run's count less its empty fork's)."""
    command = [sys.executable, __file__, "--children", name, "--decisions", str(decisions)]
    command += ["--rungs", ",".join(rungs), "--long", str(long)]
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
        raise RuntimeError(f"the workload of {name} failed:\n{done.stdout}{done.stderr}")
    counts = {int(pid): int(refs.replace(",", "")) for pid, refs in _REFS.findall(done.stderr)}
    children = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return {
        child["rung"]: (counts[child["run"]] - counts[child["empty"]]) / child["moves"]
        for child in children
    }


def count_live(name: str, args: argparse.Namespace) -> float:
    """Instructions per move of ``name``'s live step alone (:func:`count_rungs`)."""
    return count_rungs(name, args.decisions, ("live",))["live"]


def _loop_child(make: Callable[[], Any], commands: Any, answers: Any) -> None:
    """A learner's process: plays on, ``decisions`` at a time, as each command asks,
    answering the process time it took, the whole moves and the decisions it made."""
    game = make()
    chooser = random.Random(RECORD_SEED)
    state = game.new_initial_state()
    moves_of = getattr(state, "node", None) is not None  # a library game: count its moves
    for line in commands:
        wanted = int(line)
        made = moves = 0
        started = time.process_time()
        while made < wanted:
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[chooser.randrange(len(outcomes))][0])
                continue
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            before = state.node.state if moves_of else None
            state.apply_action(legal[chooser.randrange(len(legal))])
            made += 1
            if not moves_of or state.node.state is not before:
                moves += 1
        seconds = time.process_time() - started
        answers.write(json.dumps([seconds, moves, made]) + "\n")
        answers.flush()


def _loop_process(make: Callable[[], Any]) -> tuple[Any, Any]:
    """A forked learner's process (:func:`_loop_child`): its command and answer pipes."""
    command_read, command_write = os.pipe()
    answer_read, answer_write = os.pipe()
    sys.stdout.flush()
    child = os.fork()
    if child == 0:
        os.close(command_write)
        os.close(answer_read)
        with os.fdopen(command_read) as commands, os.fdopen(answer_write, "w") as answers:
            _loop_child(make, commands, answers)
        os._exit(0)
    os.close(command_read)
    os.close(answer_write)
    return os.fdopen(command_write, "w"), os.fdopen(answer_read)


def loop_beside_peer(
    name: str, players: int | None, decisions: int, rounds: int, watch: LoadWatch
) -> None:
    """The learner's loop of ``name`` beside gin rummy's, ``rounds`` rounds in turn (see
    the module): the median of the rounds' ratios, with the lowest and the highest."""
    import pyspiel

    from scala40.adapters import openspiel
    from scala40.game import load_game

    record = load_game(name)
    seats = players or record.default_players

    def ours() -> Any:
        game = openspiel.load_game(record, players=seats)
        play(game, WARM_DECISIONS, WARM_SEED)
        return game

    def theirs() -> Any:
        game = pyspiel.load_game(PEER)
        play(game, WARM_DECISIONS, WARM_SEED)
        return game

    processes = [_loop_process(ours), _loop_process(theirs)]
    by_move: list[float] = []
    by_decision: list[float] = []
    for _ in range(rounds):
        figures = []
        for commands, answers in processes:
            watch.read(("loop", name))
            commands.write(f"{decisions}\n")
            commands.flush()
            figures.append(json.loads(answers.readline()))
            watch.read(("loop", name))
        (our_seconds, our_moves, our_made), (peer_seconds, peer_moves, _) = figures
        by_move.append((our_moves / our_seconds) / (peer_moves / peer_seconds))
        by_decision.append((our_made / our_seconds) / (peer_moves / peer_seconds))
    for commands, answers in processes:
        commands.close()
        answers.close()
    os.waitpid(-1, 0)
    os.waitpid(-1, 0)
    for unit, ratios in (("moves", by_move), ("decisions", by_decision)):
        ratios.sort()
        print(
            f"  loop beside {PEER} ({build()}, {seats} players), {unit} a second: "
            f"{ratios[len(ratios) // 2]:.2f} (lowest {ratios[0]:.2f}, highest "
            f"{ratios[-1]:.2f}, {rounds} rounds) {watch.note(('loop', name))}"
        )


def build() -> str:
    """Which build of the library runs: compiled or pure."""
    import scala40

    return "compiled" if scala40.__compiled__ else "pure"


def time_rungs(workload: Measured, rungs: tuple[str, ...], repeat: int) -> dict[str, float]:
    """Microseconds of process time per move of each rung, the best of ``repeat`` forks."""
    best = dict.fromkeys(rungs, float("inf"))
    for _ in range(repeat):
        for rung in rungs:
            best[rung] = min(best[rung], fork_rung(workload, rung, timed=True)["seconds"])
    return {rung: seconds / workload.move_count * 1e6 for rung, seconds in best.items()}


def time_beside_peer(
    ours: Measured, theirs: PeerWorkload, repeat: int, watch: LoadWatch, key: str
) -> float:
    """The game's live step in moves a second over the peer's, timed in turn (a fork of
    the game, then one of the peer, ``repeat`` times; the best of each kept), with the
    load read around every fork into ``watch`` under ``key``."""
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for index, workload in enumerate((ours, theirs)):
            watch.read(key)
            seconds = fork_rung(workload, "live", timed=True)["seconds"]
            best[index] = min(best[index], seconds)
            watch.read(key)
    return (best[1] / theirs.move_count) / (best[0] / ours.move_count)


def report(name: str, figures: dict[str, float], unit: str, fmt: Callable[[float], str]) -> None:
    print(f"{name}: {unit} per move")
    for rung in RUNGS:
        print(f"  {rung:<12} {fmt(figures[rung]):>10}")
    print("  parts (of observed):")
    for part, upper, lower in PARTS:
        share = (figures[upper] - figures[lower]) / figures["observed"]
        print(f"  {part:<14} {fmt(figures[upper] - figures[lower]):>10} {share:6.1%}")
    outside = figures["observed"] - figures["engine"]
    print(f"  {'all but engine':<14} {fmt(outside):>10} {outside / figures['observed']:6.1%}")
    print("  what the caches save a move:")
    for what, upper, lower in CACHES:
        print(f"  {what:<26} {fmt(figures[upper] - figures[lower]):>10}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game to measure (repeatable)")
    parser.add_argument("--decisions", type=int, default=6000, help="decisions measured")
    parser.add_argument("--repeat", type=int, default=3, help="forks timed, the best kept")
    parser.add_argument("--instructions", action="store_true", help="count instructions")
    parser.add_argument(
        "--peer",
        action="store_true",
        help=f"print each game's live step in moves a second over OpenSpiel's C++ {PEER}",
    )
    parser.add_argument(
        "--long",
        type=int,
        nargs="?",
        const=30_000,
        default=0,
        help="also measure live after this many decisions of other episodes (30,000)",
    )
    parser.add_argument(
        "--loop",
        type=int,
        default=0,
        metavar="ROUNDS",
        help=f"the learner's loop beside {PEER}'s, in this many interleaved rounds",
    )
    parser.add_argument("--players", type=int, help="the table's size for --loop")
    parser.add_argument("--children", help=argparse.SUPPRESS)
    parser.add_argument("--rungs", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.children:
        run_children(args.children, args.decisions, args.rungs.split(","), args.long)
        return
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("skipped: OpenSpiel is not installed (pip install 'scala40[rl]')")
        return
    from scala40.game import game_names

    watch = LoadWatch()
    peer_count = 0.0
    peer = PeerWorkload(args.decisions) if args.peer else None
    if peer is not None and args.instructions:
        peer_count = count_rungs(PEER, args.decisions, ("live",))["live"]
        print(f"{PEER} (OpenSpiel, C++), live: {peer_count:,.0f} instructions per move")
    if args.loop:
        for name in args.game or game_names():
            print(f"{name}:")
            loop_beside_peer(name, args.players, args.decisions, args.loop, watch)
        return
    for name in args.game or game_names():
        if args.instructions:
            figures = count_rungs(name, args.decisions, RUNGS)
            report(name, figures, "instructions", "{:,.0f}".format)
        else:
            workload = Workload(name, args.decisions)
            figures = time_rungs(workload, RUNGS, args.repeat)
            report(name, figures, "microseconds (process time)", "{:.1f}".format)
        if peer is not None:
            if not peer_count:
                peer_count = count_rungs(PEER, args.decisions, ("live",))["live"]
            # By instructions (which the load does not change) beside the timed ratio, with
            # the load read while timing: the same build's live step, both ways.
            live_count = figures["live"] if args.instructions else count_live(name, args)
            print(
                f"  live beside {PEER} ({build()}), by instructions: "
                f"{peer_count / live_count:.2f} ({live_count:,.0f} a move, "
                f"{PEER} {peer_count:,.0f})"
            )
            timed = time_beside_peer(
                Workload(name, args.decisions), peer, args.repeat, watch, name
            )
            print(f"  live beside {PEER} ({build()}), timed: {timed:.2f} {watch.note(name)}")
        if args.long:
            key = f"{name} long"
            print(f"  after {args.long:,} decisions of other episodes, live:")
            if args.instructions:
                long_count = count_rungs(name, args.decisions, ("live",), args.long)["live"]
                beside = f" ({peer_count / long_count:.2f} of {PEER})" if peer else ""
                print(f"    {long_count:,.0f} instructions per move{beside}")
            long_workload = LongWorkload(name, args.decisions, args.long)
            if peer is not None:
                timed = time_beside_peer(long_workload, peer, args.repeat, watch, key)
                print(f"    beside {PEER}, timed: {timed:.2f} {watch.note(key)}")
            else:
                rate = time_rungs(long_workload, ("live",), args.repeat)["live"]
                print(f"    {1e6 / rate:,.0f} moves a second")


if __name__ == "__main__":
    main()
