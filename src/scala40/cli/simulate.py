"""``scala40 simulate``: a tournament between bots of any game, with each bot's win rate
and its confidence interval, or every game as JSON, JSON lines or CSV
(:func:`scala40.tournament.run_tournament`)."""

from __future__ import annotations

import argparse
import csv
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, InvalidStateError
from contextlib import contextmanager
from typing import Any, TextIO

import attrs

from scala40.bots import make_bot
from scala40.cli.common import (
    add_game_options,
    add_number_option,
    check_match,
    check_players,
    default_players,
    game_rules,
)
from scala40.commands import EXIT_INTERRUPTED, EXIT_OK, Command, UsageError, chosen_game
from scala40.errors import InvalidBotSpecError
from scala40.tournament import (
    DEFAULT_MAX_ACTIONS,
    MAX_GAMES,
    MAX_SEED_DIGITS,
    MAX_WORKERS,
    GameResult,
    TournamentResult,
    run_tournament,
)

__all__ = ["COMMAND", "CSV_COLUMNS"]


def _configure(parser: argparse.ArgumentParser) -> None:
    add_game_options(parser, players_default=None)
    add_number_option(parser, "--games", 9, "games to play (default: 100)", 100)
    parser.add_argument(
        "--bots",
        nargs="+",
        default=["greedy", "random"],
        metavar="BOT",
        help="the bots (random, greedy, careful in the knock games, montecarlo, playout, ismcts, "
        "belief, search, best; options as in "
        "montecarlo:playouts=50; default: greedy random)",
    )
    add_number_option(parser, "--seed", MAX_SEED_DIGITS, "the tournament's seed (default: 0)", 0)
    add_number_option(
        parser,
        "--workers",
        9,
        "processes to play in (default: one per CPU; 1 plays in this process)",
    )
    add_number_option(
        parser,
        "--max-actions",
        9,
        f"stop a game unfinished after N moves (default: {DEFAULT_MAX_ACTIONS})",
        DEFAULT_MAX_ACTIONS,
    )
    parser.add_argument(
        "--progress",
        action="store_true",
        help="show a progress bar on standard error even when it is not a terminal",
    )
    output = parser.add_mutually_exclusive_group()
    for form, help_text in (
        (
            "json",
            "print the whole result as JSON (format scala40.tournament: every game and "
            "each bot's stats) instead of the table",
        ),
        ("jsonl", "print one JSON object a line for each game, with the bot of each seat"),
        (
            "csv",
            "print one CSV row for each game, with a column of each seat's bot, score and result",
        ),
    ):
        output.add_argument(
            f"--{form}", dest="output", action="store_const", const=form, help=help_text
        )


def _duration(seconds: float) -> str:
    """A duration for the progress bar: ``<1s``, ``42s``, ``3m05s``, ``1h02m``."""
    whole = int(seconds + 0.5)
    if whole < 1:
        return "<1s"
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole % 3600 // 60:02d}m"


def _rate(rate: float) -> str:
    """Games a second for the progress bar, with two or three significant digits."""
    if rate >= 100:
        return f"{rate:.0f}"
    if rate >= 1:
        return f"{rate:.1f}"
    return f"{rate:.2g}"


def _progress_bar(
    stream: TextIO, width: int = 30, clock: Callable[[], float] = time.perf_counter
) -> Callable[[int, int], None]:
    """A progress callback drawing a text bar on ``stream``: the games done, the rate in
    games a second, and the time left at that rate (the time taken, at the end)."""
    started = clock()

    def show(done: int, total: int) -> None:
        filled = width * done // total if total else width
        elapsed = max(clock() - started, 1e-9)
        rate = done / elapsed
        bar = "#" * filled + "-" * (width - filled)
        if done >= total:
            when = f"done in {_duration(elapsed)}"
        elif done:
            when = f"{_duration((total - done) / rate)} left"
        else:
            when = "starting"
        stream.write(f"\r[{bar}] {done}/{total} games, {_rate(rate)} games/s, {when}  ")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


CSV_COLUMNS = ("index", "seed", "finished", "actions", "hands")
"""The first columns of ``simulate --csv``; then, for each seat ``N``: ``bot_N``,
``score_N``, ``won_N`` (1 or 0), ``decisions_N`` and ``seconds_N``."""


def _write_csv(result: TournamentResult, stream: TextIO) -> None:
    seats = range(result.players)
    header = [*CSV_COLUMNS]
    for seat in seats:
        header += [f"bot_{seat}", f"score_{seat}", f"won_{seat}", f"decisions_{seat}",
                   f"seconds_{seat}"]  # fmt: skip
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(header)
    for game in result.games:
        row: list[object] = [game.index, game.seed, int(game.finished), game.actions, game.hands]
        for seat in seats:
            row += [
                result.bots[game.seats[seat]],
                game.scores[seat],
                int(seat in game.winners),
                game.decisions[seat] if game.decisions else "",
                f"{game.decision_seconds[seat]:.6f}" if game.decision_seconds else "",
            ]
        writer.writerow(row)


def _game_line(result: TournamentResult, game: GameResult) -> str:
    line = {**game.to_dict(), "bots": [result.bots[bot] for bot in game.seats]}
    return json.dumps(line, separators=(",", ":"))


def _run(args: argparse.Namespace) -> int:
    game = chosen_game(args)
    rules = game_rules(args, game)
    specs: list[str] = args.bots
    for spec in specs:
        try:
            make_bot(spec, game)
        except InvalidBotSpecError as error:
            raise UsageError(str(error)) from None
    players: int = args.players if args.players is not None else len(specs)
    if args.players is None and not rules.min_players <= players <= rules.max_players:
        # The bots take the seats in turn: a game for 4 gets 4 players from 2 bots.
        players = default_players(game, rules)
    check_players(players, rules, game)
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES}, got {args.games}")
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        raise UsageError(f"--workers must be from 1 to {MAX_WORKERS}, got {args.workers}")
    if args.max_actions < 1:
        raise UsageError(f"--max-actions must be at least 1, got {args.max_actions}")
    show = args.progress or sys.stderr.isatty()
    progress = _progress_bar(sys.stderr) if show else None
    if progress is not None:
        progress(0, args.games)  # the bar shows at once, not when the first game ends
    workers: int = args.workers or min(os.cpu_count() or 1, MAX_WORKERS)
    collector: _Collector | None = None
    try:
        with _interrupts_held():
            # The pool starts with Ctrl-C held back, so that it is either whole or not
            # made when an interrupt comes, and its workers start ignoring Ctrl-C (the
            # terminal sends it to them too); an interrupt held back comes as this block
            # ends, with the collector made and stopped below.
            collector = _Collector(min(workers, args.games), progress, args.games)
        result = collector.run(
            lambda: run_tournament(
                args.games,
                specs,
                rules=rules,
                players=players,
                seed=args.seed,
                game=game,
                executor=collector,
                progress=progress if collector.pool is not None else None,
                max_actions=args.max_actions,
            )
        )
        interrupted = False
    except KeyboardInterrupt:
        # Ctrl-C: stop the workers at once, and report the games that were played.
        played: tuple[GameResult, ...] = ()
        if collector is not None:
            collector.stop()
            played = collector.finished()
        empty = run_tournament(0, specs, rules=rules, players=players, seed=args.seed, game=game)
        result = attrs.evolve(empty, games=played)
        interrupted = True
    finally:
        if collector is not None:
            collector.close()
    if interrupted:
        print(file=sys.stderr)
        print(f"Interrupted after {len(result.games)} of {args.games} games.", file=sys.stderr)
    if args.output == "json":
        print(json.dumps(result.to_dict(), indent=2))
    elif args.output == "jsonl":
        for game_result in result.games:
            print(_game_line(result, game_result))
    elif args.output == "csv":
        _write_csv(result, sys.stdout)
    elif result.games or not interrupted:
        print(result.summary())
    return EXIT_INTERRUPTED if interrupted else EXIT_OK


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back in this thread (and in the threads and processes it starts)
    while the block runs; one that came meanwhile is raised as the block ends."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _ignore_interrupts() -> None:
    """In each worker: leave Ctrl-C to the main process, which stops the workers itself
    (else every worker prints its own traceback). The worker starts with Ctrl-C held
    back (:func:`_interrupts_held`): one that came as it started is dropped here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


_STOP_SECONDS = 10.0
"""How long :meth:`_Collector.stop` waits for the tournament's thread to see its games
cancelled (it ends within milliseconds: the wait is a bound, never reached)."""


class _Collector(Executor):
    """The executor of a tournament of ``simulate``: the games run in a pool of
    ``workers`` processes, or here one by one for a single worker (with ``progress``
    called after each game), and the games that finished can be gathered when Ctrl-C
    stops the tournament, its workers ended at once (``multiprocessing.Pool.terminate``:
    ``concurrent.futures``' own pool waits for the games under way).

    With a pool, the tournament runs in a thread of its own (:meth:`run`) while this one
    only waits for it. Ctrl-C interrupts the main thread wherever it is, and the pool's
    result thread settles each game's future under locks that the tournament's waiting
    takes too (the futures', ``as_completed``'s): an interrupt that came between taking
    such a lock and the block that releases it would leave it held for good, the result
    thread would wait for it for ever, and so would the pool's shutdown. A thread that
    only waits for another holds no such lock.
    """

    def __init__(
        self, workers: int, progress: Callable[[int, int], None] | None, total: int
    ) -> None:
        self.total = total
        self.pool = (
            multiprocessing.get_context().Pool(workers, initializer=_ignore_interrupts)
            if workers > 1
            else None
        )
        self.progress = progress
        self.futures: list[Future[Any]] = []
        self.thread: threading.Thread | None = None

    def run(self, play: Callable[[], TournamentResult]) -> TournamentResult:
        """``play()``: here for a single worker; with a pool, in a thread of its own,
        waited for (see the class)."""
        if self.pool is None:
            return play()
        outcome: list[TournamentResult | BaseException] = []

        def play_and_keep() -> None:
            try:
                outcome.append(play())
            except BaseException as error:  # given to the main thread, raised there
                outcome.append(error)

        self.thread = threading.Thread(target=play_and_keep, name="scala40 simulate", daemon=True)
        with _interrupts_held():
            # Starting a thread waits on a lock the new thread takes as it starts.
            self.thread.start()
        self.thread.join()  # the one place Ctrl-C reaches this thread while games run
        if isinstance(outcome[0], BaseException):
            raise outcome[0]
        return outcome[0]

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.futures.append(future)
        if self.pool is not None:
            self.pool.apply_async(
                fn,
                args,
                kwargs,
                callback=lambda value: _settle(future, value, None),
                error_callback=lambda error: _settle(future, None, error),
            )
        else:
            future.set_result(fn(*args, **kwargs))
            if self.progress is not None:
                self.progress(len(self.futures), self.total)
        return future

    def finished(self) -> tuple[GameResult, ...]:
        """The games played to the end so far, in the tournament's order."""
        done = [
            future.result()
            for future in self.futures
            if future.done() and not future.cancelled() and future.exception() is None
        ]
        return tuple(sorted(done, key=lambda game: game.index))

    def stop(self) -> None:
        """End the workers now: the games under way are dropped, and the tournament's
        thread, told that the games left are cancelled, ends."""
        if self.pool is None:
            return
        self.pool.terminate()
        for future in list(self.futures):
            if future.cancel():
                future.set_running_or_notify_cancel()  # wakes the tournament's wait
        if self.thread is not None:
            self.thread.join(_STOP_SECONDS)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()


def _settle(future: Future[Any], value: Any, error: BaseException | None) -> None:
    """Give a game's result to its future, unless the tournament cancelled it."""
    try:
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)
    except InvalidStateError:
        pass  # cancelled when another game failed or Ctrl-C came


COMMAND = Command(
    name="simulate",
    summary="play a tournament between bots and print the win rates",
    description="Play seeded games between bots, the seats rotating, in parallel "
    "processes, and print each bot's win rate with its 95% confidence interval, mean "
    "score and time per decision; or, for scripts, the whole result as JSON, or one "
    "JSON line or CSV row a game.",
    configure=_configure,
    run=_run,
    check_arguments=check_match,
    epilog="examples:\n  scala40 simulate --games 200 --bots greedy random --match single\n"
    "  scala40 simulate --games 20 --bots montecarlo:playouts=50 greedy --workers 4\n"
    "  scala40 simulate --game chinchon --games 100 --csv > games.csv",
)
"""The ``simulate`` command."""
