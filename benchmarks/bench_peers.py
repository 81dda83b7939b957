"""scala40 beside other rummy engines, measured in the same run: random-playout actions
per second of every game of the package (Scala 40 with 4 and 2 players, Skarney, Rumino,
Chinchón, La Conga, each with its default ruleset) and, where they are installed, of
OpenSpiel's ``gin_rummy`` (C++, played through ``pyspiel``) and RLCard's gin rummy
(pure Python, its raw game loop), with the ratios between them. A floor row plays a
minimal immutable-state card game in pure Python (a tuple per state, the legal moves a
list of cards): what any pure-Python engine pays at least for each action.

With ``--instructions`` (and ``valgrind`` on the path), each engine also plays a fixed
workload of seeded games under callgrind: the instructions per action (the run of the
first game subtracted, so imports and warm-up do not count) do not move with the
machine's load as times do.

Run with ``python benchmarks/bench_peers.py`` (``--quick`` for a short run,
``--repeats N`` for more rounds). ``nox -s bench_peers`` makes an environment with
both peers installed; without them the script measures scala40 alone and says so. With
``--compiled PYTHON`` every game is also played from the compiled build (the release's
wheels; ``nox -s compiled`` builds one here; PYTHON is an interpreter that has it
installed), in rows of its own beside the pure package's, in the same rounds.

Every engine plays whole games of uniformly random legal moves from seeded choices (a
Scala 40 game is cut off after :data:`MAX_ACTIONS` actions: some never end).
An action is a decision of a player: chance steps (deals, the card drawn from the
stock) are part of the time but not counted. First a warm-up round plays every engine
unmeasured: the package keeps the melds of the hands and tables it met, as any long run
does after its first seconds (the ratios of that cold round are reported apart). Then a
round plays each game of the package for about the same time right before each peer in
turn, so that a ratio compares two runs a few seconds apart, which the machine's
changing speed touches alike; a ratio reported is the median of the rounds' ratios,
with the lowest and the highest, and beside it the highest load average read while it was
measured, flagged when above one per core (``machine_load.py``: a ratio read on a busy
machine measures the crowd). Each engine plays in a process of its own, kept for the
whole run, as a program playing one game does: it holds only that engine's caches, and
the garbage collector walks only what that engine keeps alive (``--one-process`` plays
them all in this one, where every full collection walks the caches of every game). The
CPU time of the engine's process is measured, and the part of it the collector's passes
took.

Then it times ``legal_moves()`` (the full list) for a player of Scala 40 who has not
opened, in every such state met in random playouts of official 4-player games, the first
time each state is asked (as a playout asks it), in the play phase (where the opening is
searched) and in both phases: the median, the 99th percentile and the
worst, with the worst state as JSON (``GameState.from_dict`` reads it back). These are
absolute times, so they move with the machine's speed.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from machine_load import LoadWatch

from scala40 import new_game
from scala40.cards import format_cards
from scala40.game import load_game
from scala40.games.scala40 import GameState, Phase

Engine = Callable[[int], int]
"""Plays one whole game from a seed and returns its number of actions."""


MAX_ACTIONS = 5_000
"""Where a Scala 40 game is cut off: random players can play a game that never ends (two
players left with one card each, no meld on the table to extend: they draw and discard
for ever, the stock rebuilt from the discard pile each time)."""


def game_engine(name: str, players: int | None = None) -> Engine:
    """A game of the package with its default ruleset (``players`` or its default)."""
    game = load_game(name)
    seats = game.default_players if players is None else players

    def play(seed: int) -> int:
        chooser = random.Random(seed)
        state = game.new_game(None, seats, seed)
        actions = 0
        while not state.is_over and actions < MAX_ACTIONS:
            legal = state.legal_moves()
            state = state.apply(legal[chooser.randrange(len(legal))])
            actions += 1
        return actions

    return play


FLOOR_HAND = 10
"""Cards in each hand of the floor game."""


def floor_engine() -> Engine:
    """The floor loop: two players draw from a shuffled 52-card stock and discard, a state
    being an immutable tuple (hands, stock, discard pile, player to move) rebuilt at each
    action, until the stock runs out. Each action lists the legal discards and builds the
    next state, as the engines do, with no rules beyond that."""

    def play(seed: int) -> int:
        chooser = random.Random(seed)
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        hands = (
            tuple(sorted(deck[:FLOOR_HAND])),
            tuple(sorted(deck[FLOOR_HAND : 2 * FLOOR_HAND])),
        )
        pile: tuple[int, ...] = ()
        state = (hands, tuple(deck[2 * FLOOR_HAND :]), pile, 0)
        actions = 0
        while state[1]:
            hands, stock, pile, player = state
            hand = tuple(sorted((*hands[player], stock[0])))
            legal = list(hand)
            card = legal[chooser.randrange(len(legal))]
            kept = tuple(c for c in hand if c != card)
            hands = (kept, hands[1]) if player == 0 else (hands[0], kept)
            state = (hands, stock[1:], (*pile, card), 1 - player)
            actions += 1
        return actions

    return play


def open_spiel_engine() -> Engine | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")

    def play(seed: int) -> int:
        chooser = random.Random(seed)
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[chooser.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[chooser.randrange(len(legal))])
                actions += 1
        return actions

    return play


def rlcard_engine() -> Engine | None:
    try:
        from rlcard.games.gin_rummy.game import GinRummyGame
    except ImportError:
        return None

    def play(seed: int) -> int:
        chooser = random.Random(seed)
        game: Any = GinRummyGame()
        game.np_random.seed(seed)
        game.init_game()
        actions = 0
        while not game.is_over():
            legal = game.judge.get_legal_actions()
            game.step(legal[chooser.randrange(len(legal))])
            actions += 1
        return actions

    return play


class _CollectorClock:
    """CPU time spent in the garbage collector's passes while it is installed."""

    def __init__(self) -> None:
        self.spent = 0.0
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.process_time()
        else:
            self.spent += time.process_time() - self._started


def measure(engine: Engine, seconds: float, first_seed: int) -> tuple[float, int, float]:
    """Actions per second over whole games played for about ``seconds``, the games, and
    the share of the time the garbage collector took."""
    actions = games = 0
    clock = time.process_time
    collector = _CollectorClock()
    gc.callbacks.append(collector)
    try:
        start = clock()
        while True:
            actions += engine(first_seed + games)
            games += 1
            elapsed = clock() - start
            if elapsed >= seconds:
                return actions / elapsed, games, collector.spent / elapsed
    finally:
        gc.callbacks.remove(collector)


def unopened_legal_times(
    games: int, first_seed: int
) -> tuple[list[int], list[int], GameState | None]:
    """The time in ns of each first ``legal_moves()`` of a player who has not opened, in
    random playouts of official 4-player games: in the play phase (where the opening is
    searched), in the draw phase, and the slowest state."""
    play: list[int] = []
    draw: list[int] = []
    worst: GameState | None = None
    worst_time = -1
    clock = time.thread_time_ns
    for seed in range(first_seed, first_seed + games):
        chooser = random.Random(seed)
        state = new_game("official", players=4, seed=seed)
        actions = 0
        while not state.is_over and actions < MAX_ACTIONS:
            actions += 1
            player = state.current_player
            timed = player is not None and not state.opened[player]
            if timed:
                gc.disable()
            start = clock()
            legal = state.legal_moves()
            count = len(legal)
            if timed:
                spent = clock() - start
                gc.enable()
                (play if state.phase is Phase.PLAY else draw).append(spent)
                if spent > worst_time:
                    worst_time, worst = spent, state
            state = state.apply(legal[chooser.randrange(count)])
    return play, draw, worst


def _summary(times: list[int]) -> str:
    times = sorted(times)
    median = statistics.median(times) / 1000
    p99 = times[min(len(times) - 1, len(times) * 99 // 100)] / 1000
    return (
        f"median {median:,.1f} us, p99 {p99:,.1f} us, worst {times[-1] / 1000:,.1f} us "
        f"({len(times):,} states)"
    )


def report_legal_times(games: int) -> None:
    unopened_legal_times(3, 800_000)  # warm-up
    play, draw, worst = unopened_legal_times(games, 0)
    print(
        "legal_moves() of a player who has not opened, official rules, 4 players, "
        f"{games} random playouts (CPU time, collector paused):"
    )
    print(f"  play phase:  {_summary(play)}")
    print(f"  both phases: {_summary(play + draw)}")
    if worst is not None:
        player = worst.current_player
        assert player is not None
        print(f"  worst: {worst.phase.name} phase, hand {format_cards(worst.hands[player])}")
        print("  worst state: " + json.dumps(worst.to_dict(), separators=(",", ":")))


PEERS = ("OpenSpiel gin_rummy (C++)", "RLCard gin rummy (Python)")
FLOOR = "floor: immutable tuples (Python)"


def engine_makers() -> dict[str, Callable[[], Engine | None]]:
    """Every engine measured, by name: the package's games, the peers, the floor."""
    return {
        "scala40, 4 players": lambda: game_engine("scala40", 4),
        "scala40, 2 players": lambda: game_engine("scala40", 2),
        "skarney": lambda: game_engine("skarney"),
        "rumino": lambda: game_engine("rumino"),
        "chinchon": lambda: game_engine("chinchon"),
        "laconga": lambda: game_engine("laconga"),
        PEERS[0]: open_spiel_engine,
        PEERS[1]: rlcard_engine,
        FLOOR: floor_engine,
    }


WORKLOAD_GAMES = 2
"""Seeded games each engine plays for its instruction count (after a first one)."""


def play_workload(name: str, games: int) -> None:
    """Play ``games`` seeded games of one engine and print the actions (run under
    callgrind by :func:`instructions_per_action`)."""
    engine = engine_makers()[name]()
    assert engine is not None
    print(sum(engine(seed) for seed in range(1, 1 + games)))


def instructions_per_action(name: str, python: str = sys.executable) -> float | None:
    """Instructions per action of one engine over the fixed workload: the difference
    between runs of 1 and ``1 + WORKLOAD_GAMES`` games, so start-up does not count."""
    counts = []
    for games in (1, 1 + WORKLOAD_GAMES):
        command = [python, __file__, "--workload", name, "--games", str(games)]
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
            capture_output=True,
            text=True,
            check=True,
        )
        collected = [line for line in done.stderr.splitlines() if "Collected" in line]
        counts.append((int(done.stdout.split()[-1]), int(collected[-1].split()[-1])))
    (actions_1, instructions_1), (actions_n, instructions_n) = counts
    if actions_n == actions_1:
        return None
    return (instructions_n - instructions_1) / (actions_n - actions_1)


class InProcess:
    """One engine played in this process (``--one-process``)."""

    def __init__(self, name: str) -> None:
        self.engine = engine_makers()[name]()
        self.present = self.engine is not None

    def measure(self, seconds: float, first_seed: int) -> tuple[float, int, float]:
        """:func:`measure` of the engine."""
        assert self.engine is not None
        return measure(self.engine, seconds, first_seed)

    def close(self) -> None:
        """Nothing to release."""


class Worker:
    """One engine in a process of its own, kept for the whole run: it holds only what
    that engine keeps (as an app or a training run playing one game does), so neither
    the caches nor the collector's passes of the other engines touch its times, and its
    own caches stay warm from round to round."""

    def __init__(self, name: str, python: str = sys.executable) -> None:
        self.process = subprocess.Popen(
            [python, __file__, "--worker", name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.present = self._ask("ready") == "yes"

    def _ask(self, line: str) -> str:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def measure(self, seconds: float, first_seed: int) -> tuple[float, int, float]:
        """:func:`measure` run in the worker."""
        rate, games, share = self._ask(f"measure {seconds!r} {first_seed}").split()
        return float(rate), int(games), float(share)

    def close(self) -> None:
        """End the worker: it stops when its input closes."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


GAME_ROWS = (
    "scala40, 4 players",
    "scala40, 2 players",
    "skarney",
    "rumino",
    "chinchon",
    "laconga",
)
"""The package's engines: with ``--compiled``, each is played from the compiled build too."""

_IS_COMPILED = "import scala40; print(scala40.__compiled__)"


def check_compiled(python: str) -> None:
    """Stop unless ``python`` imports the compiled build of scala40."""
    done = subprocess.run([python, "-c", _IS_COMPILED], capture_output=True, text=True)
    if done.stdout.strip() != "True":
        sys.exit(f"--compiled {python}: no compiled scala40 there (nox -s compiled builds it)")


def serve(name: str) -> None:
    """The worker's side of :class:`Worker`: answer requests on stdin until it closes."""
    engine = InProcess(name)
    for line in sys.stdin:
        words = line.split()
        if words[0] == "ready":
            answer = "yes" if engine.present else "no"
        else:
            rate, games, share = engine.measure(float(words[1]), int(words[2]))
            answer = f"{rate!r} {games} {share!r}"
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--repeats", type=int, default=None, help="rounds (default 5)")
    parser.add_argument(
        "--legal-games", type=int, default=None, help="playouts timed for legal_moves()"
    )
    parser.add_argument(
        "--instructions", action="store_true", help="instructions per action (valgrind)"
    )
    parser.add_argument(
        "--one-process",
        action="store_true",
        help="play every engine in this process (their caches and collector passes shared)",
    )
    parser.add_argument(
        "--compiled",
        metavar="PYTHON",
        help="also play every game in PYTHON, an interpreter with the compiled build installed",
    )
    parser.add_argument("--workload", help=argparse.SUPPRESS)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--games", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.workload:
        play_workload(args.workload, args.games)
        return
    if args.worker:
        serve(args.worker)
        return
    repeats = args.repeats or (3 if args.quick else 5)
    seconds = 0.5 if args.quick else 2.0
    # Each row: the engine and the interpreter that plays it.
    sources = {name: (name, sys.executable) for name in engine_makers()}
    if args.compiled:
        check_compiled(args.compiled)
        rows: list[tuple[str, tuple[str, str]]] = []
        for name, played in sources.items():
            rows.append((name, played))
            if name in GAME_ROWS:  # each game's compiled row right after its pure one
                rows.append((f"{name}, compiled", (name, args.compiled)))
        sources = dict(rows)
    engines: dict[str, InProcess | Worker] = {}
    missing = []
    for name, (source, python) in sources.items():
        if args.one_process and python == sys.executable:
            engine: InProcess | Worker = InProcess(source)
        else:
            engine = Worker(source, python)
        if engine.present:
            engines[name] = engine
        else:
            engine.close()
            missing.append(name)
    if missing:
        print("not installed, not measured: " + ", ".join(missing))
    peers = [name for name in engines if name in PEERS or name == FLOOR]
    ours = [name for name in engines if name not in peers]
    rates: dict[str, list[float]] = {name: [] for name in engines}
    collected: dict[str, list[float]] = {name: [] for name in engines}
    games: dict[str, int] = dict.fromkeys(engines, 0)
    ratios: dict[tuple[str, str], list[float]] = {(o, p): [] for o in ours for p in peers}

    def play(name: str) -> float:
        rate, played, share = engines[name].measure(seconds, games[name])
        games[name] += played
        rates[name].append(rate)
        collected[name].append(share)
        return rate

    # Each round plays a game of the package, then each peer right after it.
    watch = LoadWatch()  # the load beside every ratio (see machine_load)
    cold_watch = LoadWatch()
    for round_number in range(repeats + 1):  # the first round is the warm-up
        round_watch = cold_watch if round_number == 0 else watch
        for name in ours:
            for peer in peers:
                round_watch.read((name, peer))
            mine = play(name)
            for peer in peers:
                ratios[name, peer].append(mine / play(peer))
                round_watch.read((name, peer))
        if not ours:
            for peer in peers:
                play(peer)
        if round_number == 0:
            cold = {pair: paired.pop() for pair, paired in ratios.items()}
            for kept in (*rates.values(), *collected.values()):
                kept.clear()
    for engine in engines.values():
        engine.close()
    instructions: dict[str, float | None] = {}
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("valgrind not found: no instruction counts")
        else:
            instructions = {name: instructions_per_action(*sources[name]) for name in engines}
    print(f"random playouts, whole games, after a warm-up round, {repeats} rounds of about "
          f"{seconds:g} s per engine and peer; "
          "actions/s: median (lowest-highest), and the garbage collector's median share")  # fmt: skip
    medians = {name: statistics.median(times) for name, times in rates.items()}
    for name, times in rates.items():
        share = statistics.median(collected[name])
        counted = instructions.get(name)
        count = "" if counted is None else f"; {counted:,.0f} instructions/action"
        print(f"  {name:<34} {medians[name]:>9,.0f}  ({min(times):,.0f}-{max(times):,.0f}, "
              f"{games[name]} games; collector {share:.1%}{count})")  # fmt: skip
    if ratios:
        print("ratios (game / peer, actions/s: median of the per-round ratios, lowest-highest):")
        for (name, peer), paired in ratios.items():
            print(f"  {name} / {peer}: {statistics.median(paired):.2f}x "
                  f"({min(paired):.2f}-{max(paired):.2f}) {watch.note((name, peer))}")  # fmt: skip
        print("the same in the warm-up round (cold: nothing kept yet):")
        for (name, peer), first in cold.items():
            print(f"  {name} / {peer}: {first:.2f}x {cold_watch.note((name, peer))}")
    report_legal_times(args.legal_games or (30 if args.quick else 200))


if __name__ == "__main__":
    main()
