"""Skarney's endgame, decision by decision: where a better move than the careful bot's
exists (the ceiling), and how much of it the endgame search finds from the seat's view,
by kind of decision and by the cards left in the pile.

Run it from the repository root::

    python benchmarks/bench_endgame.py --games 40 --journal endgame.jsonl   # measure
    python benchmarks/bench_endgame.py --journal endgame.jsonl --report     # read back
    python benchmarks/bench_endgame.py --games 20 --first 20 --journal endgame.jsonl

Careful bots play whole games of seven hands at every seat (the default rules, four
players in two partnerships), dealt from the seed and the game's number as the duels of
``bench_ladder.py`` deal them. At each decision with a choice while the pile holds
``--pile`` cards or fewer (every ``--every``-th of them), the options the endgame search
would compare are taken (:meth:`EndgameBot.options
<scala40.bots.skarney.endgame.EndgameBot.options>`: the careful bot's best
``--candidates``, and in a turn its best way to end the turn, holding the rest of the
hand) and valued three ways, each the points by which the seat's side beats the other in
the hand (:func:`~scala40.bots.skarney.endgame.side_margin`), the rest of the hand
played by careful bots:

* on the **truth**: the true state, its pile shuffled again ``--truth`` times, the same
  shuffles after every option (common random numbers);
* on ``--worlds`` worlds dealt from the seat's view (what the search chooses on) and
  ``--confirm`` fresh ones (what it confirms a departure on), as the bot deals them
  (:meth:`EndgameBot.values <scala40.bots.skarney.endgame.EndgameBot.values>`).

A line a decision goes to the journal as soon as it is valued (a cut run keeps what it
did; a later run skips the decisions the journal holds). The report reads it back, by
the kind of the decision (:func:`~scala40.bots.skarney.endgame.decision_kind`) and the
pile:

* the **ceiling**: the option picked on half of the truth's play-outs, valued on the
  other half, less careful's (both halves in turn): what an evaluation that reads only
  the view can gain at most;
* the **search**, for each bar a departure must clear (``margin`` standard errors of the
  paired difference on the confirming worlds): how often it departs from careful, and
  what its choice gains on the truth (all the truth's play-outs), a decision and a hand.

Each play-out is bounded (``--rollout-limit`` moves); nothing reads a clock but the
report of the CPU a decision took.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_decisions import _reshuffled

from scala40.bots.skarney.careful import CarefulBot
from scala40.bots.skarney.endgame import (
    BEST_KINDS,
    BEST_PILE,
    DECISION_KINDS,
    EndgameBot,
    decision_kind,
    play_out,
)
from scala40.games.skarney import new_game
from scala40.games.skarney.state import GameState

MARGINS = (0.0, 1.0, 2.0)
"""The bars the report tries: standard errors by which a departure must beat careful's
move on the confirming worlds."""
PILES = ((0, 4), (5, 8), (9, 12), (13, 16), (17, 20), (21, 24))
"""The report's bands of the pile's size."""
MAX_GAME_MOVES = 30_000


def positions(
    seed: int, number: int, pile: int, every: int, least: int = 0
) -> Iterator[tuple[int, GameState]]:
    """The decisions with a choice of game ``number`` (careful bots at every seat) while
    the pile holds ``pile`` cards or fewer (and ``least`` or more), every ``every``-th,
    each with its index among them."""
    careful = CarefulBot()
    rng = random.Random(0)
    state = new_game(seed=seed * 100_003 + number)
    index = 0
    for _ in range(MAX_GAME_MOVES):
        if state.is_over:
            return
        legal = list(state.legal_moves())
        if state.is_chance or len(legal) == 1:
            state = state.apply(legal[0])
            continue
        seat = state.current_player
        assert seat is not None
        if least <= len(state.stock) <= pile:
            index += 1
            if index % every == 0:
                yield index, state
        state = state.apply(careful.choose(state.view(seat), legal, rng))


def value_position(
    state: GameState, bot: EndgameBot, truth: int, worlds: int, confirm: int, seed: int
) -> dict[str, Any]:
    """The journal line of one decision (see the module)."""
    start = time.process_time()
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    legal = list(state.legal_moves())
    ranked = bot.ranked(view, legal)
    options = bot.options(view, ranked)
    hand = state.hand_number
    true_values: list[list[float]] = [[] for _ in options]
    for shuffle in range(truth):
        world = _reshuffled(state, random.Random(seed * 7_919 + shuffle))
        for row, option in zip(true_values, options):
            value = play_out(world.apply(option), seat, hand, bot.rollout_limit)
            assert value is not None
            row.append(value)
    chosen = bot.values(view, options, worlds, seed)
    confirming = bot.values(view, options, confirm, seed + (1 << 40))
    return {
        "kind": decision_kind(view, ranked),
        "pile": len(state.stock),
        "hand": hand,
        "seat": seat,
        "options": [str(option) for option in options],
        "truth": true_values,
        "worlds": chosen,
        "confirm": confirming,
        "cpu_s": time.process_time() - start,
    }


def measure(args: argparse.Namespace) -> None:
    bot = EndgameBot(candidates=args.candidates, rollout_limit=args.rollout_limit)
    journal = args.journal[0]
    done = {(line["number"], line["index"]) for line in read(journal)}
    for number in range(args.first, args.first + args.games):
        for index, state in positions(args.seed, number, args.pile, args.every, args.least):
            if (number, index) in done:
                continue
            if args.kinds and _kind_of(state) not in args.kinds.split("+"):
                continue
            seed = (args.seed * 100_003 + number) * 10_007 + index
            line = value_position(state, bot, args.truth, args.worlds, args.confirm, seed)
            line.update(
                {
                    "seed": args.seed,
                    "number": number,
                    "index": index,
                    "every": args.every,
                    "first": args.first,
                    "games": args.games,
                    "least": args.least,
                    "most": args.pile,
                    "kinds": args.kinds.split("+") if args.kinds else [],
                    "command": command_of(args),
                }
            )
            with open(journal, "a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")
        print(f"game {number} done", flush=True)


def _kind_of(state: GameState) -> str:
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    return decision_kind(view, _CAREFUL.ranked(view, list(state.legal_moves())))


_CAREFUL = CarefulBot()


def command_of(args: argparse.Namespace) -> str:
    """The command that measures what ``args`` asks (its journal left out)."""
    return (
        f"python benchmarks/bench_endgame.py --seed {args.seed} --first {args.first} "
        f"--games {args.games} --least {args.least} --pile {args.pile} --every {args.every} "
        f"--candidates {args.candidates} --truth {args.truth} --worlds {args.worlds} "
        f"--confirm {args.confirm} --rollout-limit {args.rollout_limit}"
        + (f" --kinds {args.kinds}" if args.kinds else "")
    )


def read(path: str) -> list[dict[str, Any]]:
    try:
        with open(path, encoding="utf-8") as source:
            texts = source.read().splitlines()
    except FileNotFoundError:
        return []
    lines = []
    for text in texts:
        try:
            lines.append(json.loads(text))
        except json.JSONDecodeError:
            continue  # a line cut short by a stopped run
    return lines


def _mean(row: Sequence[float]) -> float:
    return sum(row) / len(row)


def ceiling(truth: Sequence[Sequence[float]]) -> float:
    """The split-sample ceiling of one decision: the option with the best mean on one half
    of the play-outs, valued on the other half less careful's (option 0), both halves in
    turn."""
    half = len(truth[0]) // 2
    gains = []
    for pick_on, value_on in ((slice(0, half), slice(half, 2 * half)),
                              (slice(half, 2 * half), slice(0, half))):  # fmt: skip
        means = [_mean(row[pick_on]) for row in truth]
        pick = max(range(len(truth)), key=lambda index: (means[index], -index))
        gains.append(_mean(truth[pick][value_on]) - _mean(truth[0][value_on]))
    return _mean(gains)


def search_pick(line: dict[str, Any], margin: float, confirmed: bool = True) -> int:
    """The option the search plays at ``margin`` (as :class:`EndgameBot` picks it), or
    the best on the choosing worlds alone (``confirmed`` false)."""
    chosen = line["worlds"]
    means = [_mean(row) for row in chosen]
    pick = max(range(len(chosen)), key=lambda index: (means[index], -index))
    if pick == 0 or means[pick] <= means[0]:
        return 0
    if not confirmed:
        return pick
    fresh = line["confirm"]
    differences = [a - b for a, b in zip(fresh[pick], fresh[0])]
    mean = _mean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    return pick if mean > 0 and mean > margin * error else 0


def _summary(values: Sequence[float]) -> str:
    if not values:
        return "-"
    mean, error = _mean_and_error(values)
    return f"{mean:+6.1f} ({error:4.1f})"


def _mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    mean = _mean(values)
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, error


def _gain(line: dict[str, Any], pick: int) -> float:
    """What playing option ``pick`` gains on the truth over careful's, a decision."""
    truth = line["truth"]
    return _mean(truth[pick]) - _mean(truth[0])


def _band(pile: int) -> str:
    return next(f"{low}-{high}" for low, high in PILES if low <= pile <= high)


def figures(
    lines: Sequence[dict[str, Any]],
    every_line: Sequence[dict[str, Any]],
    margin: float,
    confirmed: bool = True,
) -> dict[str, Any]:
    """The figures of the decisions ``lines`` (taken from the journal's ``every_line``),
    the search at ``margin``: their count, the ceiling and the search's gain a decision
    (means and standard errors), its share of departures, and its gain a hand of one seat
    (the sum of the gains of the decisions of one game over its hands and seats, each
    decision counted ``every`` times, with its standard error over the games; the runs
    that studied a kind over the same piles pooled, the kinds and piles added up)."""
    ceilings = [ceiling(line["truth"]) for line in lines]
    picks = [search_pick(line, margin, confirmed) for line in lines]
    gains = [_gain(line, pick) for line, pick in zip(lines, picks)]
    # A hand's gain, kind by kind and by the range of piles the runs studied, added up.
    hand_mean = hand_variance = 0.0
    counted = set()
    for kind, least, most in sorted(
        {(line["kind"], line["least"], line["most"]) for line in lines}
    ):
        # The games of every run that studied these piles and this kind, pooled (a game
        # may have no such decision: its hands all ended sooner).
        by_game = {
            (line["seed"], number): 0.0
            for line in every_line
            if (line["least"], line["most"]) == (least, most)
            and (not line["kinds"] or kind in line["kinds"])
            for number in range(line["first"], line["first"] + line["games"])
        }
        counted |= set(by_game)
        for line, gain in zip(lines, gains):
            if (line["kind"], line["least"], line["most"]) == (kind, least, most):
                by_game[line["seed"], line["number"]] += gain * line["every"] / SEAT_HANDS
        mean, error = _mean_and_error(list(by_game.values()))
        hand_mean += mean
        hand_variance += error**2
    ceiling_mean, ceiling_error = _mean_and_error(ceilings)
    gain_mean, gain_error = _mean_and_error(gains)
    return {
        "decisions": len(lines),
        "ceiling": ceiling_mean,
        "ceiling_se": ceiling_error,
        "gain": gain_mean,
        "gain_se": gain_error,
        "departures": sum(1 for pick in picks if pick) / len(lines),
        "hand": hand_mean,
        "hand_se": math.sqrt(hand_variance),
        "games": len(counted),
    }


SUMMARY_FILE = Path(__file__).resolve().parent / "skarney_endgame.json"
"""The study's figures as the bots page shows them (``--summary``; docs/_ext/endgame.py)."""
SEAT_HANDS = 7 * 4
"""The hands of a game times its seats: the decisions of every seat are studied, and the
gain a hand is one seat's."""


def report(lines: Sequence[dict[str, Any]]) -> list[str]:
    """The report's lines (see the module)."""
    games = {(line["seed"], line["number"]) for line in lines}
    out = [
        f"{len(lines)} decisions of {len(games)} games; each cell: the mean a decision (s.e.),"
        " then at each margin the share of decisions departing from careful and the sum a"
        " hand of one seat"
    ]
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for line in lines:
        band = _band(line["pile"])
        groups[(line["kind"], band)].append(line)
        groups[(line["kind"], "all")].append(line)
        groups[("all", band)].append(line)
    header = f"{'kind':9} {'pile':6} {'n':>5}  {'ceiling':>13}  {'best on worlds':>13}"
    header += "".join(f"  {'margin ' + str(margin):>27}" for margin in MARGINS)
    out.append(header)
    for key in sorted(groups):
        rows = groups[key]
        ceilings = [ceiling(line["truth"]) for line in rows]
        cells = [f"{key[0]:9} {key[1]:6} {len(rows):5}  {_summary(ceilings):>13}"]
        unconfirmed = [_gain(line, search_pick(line, 0, confirmed=False)) for line in rows]
        cells.append(f"{_summary(unconfirmed):>13}")
        for margin in MARGINS:
            found = figures(rows, lines, margin)
            gains = [_gain(line, search_pick(line, margin)) for line in rows]
            cells.append(f"{_summary(gains)} {found['departures']:4.0%} {found['hand']:+5.1f}")
        out.append("  ".join(cells))
    return out


def summary(lines: Sequence[dict[str, Any]], commands: Sequence[str]) -> dict[str, Any]:
    """What the bots page shows of the study (docs/_ext/endgame.py makes its tables): the
    search as :class:`EndgameBot` plays it by default (its ``margin``), by kind of decision
    where the pile holds at most :data:`~scala40.bots.skarney.endgame.BEST_PILE` cards,
    and for the kinds it searches (:data:`~scala40.bots.skarney.endgame.BEST_KINDS`) by
    the pile's band, and at each margin of :data:`MARGINS` (the pile at most ``BEST_PILE``)."""
    bot = EndgameBot()
    within = [line for line in lines if line["pile"] <= BEST_PILE]
    # A kind no decision of the study was of (the contract, so late) is listed without
    # figures.
    by_kind = [
        {"kind": kind, **figures(of_kind, lines, bot.margin)}
        if (of_kind := [line for line in within if line["kind"] == kind])
        else {"kind": kind, "decisions": 0}
        for kind in DECISION_KINDS
    ]
    searched = [line for line in within if line["kind"] in BEST_KINDS]
    by_kind.append({"kind": "searched", **figures(searched, lines, bot.margin)})
    by_band = []
    for low, high in PILES:
        band = [
            line for line in lines if line["kind"] in BEST_KINDS and low <= line["pile"] <= high
        ]
        if band:
            by_band.append({"piles": [low, high], **figures(band, lines, bot.margin)})
    # None: the best on the choosing worlds, unconfirmed.
    by_margin = [{"margin": None, **figures(searched, lines, 0.0, confirmed=False)}]
    by_margin += [
        {"margin": margin, **figures(searched, lines, margin)}
        for margin in sorted({*MARGINS, bot.margin})
    ]
    first = lines[0]
    return {
        "commands": list(commands),
        "seed": first["seed"],
        "games": len(
            {
                (line["seed"], number)
                for line in lines
                for number in range(line["first"], line["first"] + line["games"])
            }
        ),
        "truth": len(first["truth"][0]),
        "worlds": len(first["worlds"][0]),
        "confirm": len(first["confirm"][0]),
        "candidates": bot.candidates,
        "margin": bot.margin,
        "pile": BEST_PILE,
        "kinds": list(BEST_KINDS),
        "by_kind": by_kind,
        "by_pile": by_band,
        "by_margin": by_margin,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--journal",
        required=True,
        nargs="+",
        help="the JSON lines of the decisions (the first is written; all are reported)",
    )
    parser.add_argument("--report", action="store_true", help="only report the journals")
    parser.add_argument(
        "--summary",
        metavar="JSON",
        help=f"write the figures the bots page shows here (it reads {SUMMARY_FILE.name})",
    )
    parser.add_argument("--games", type=int, default=20, help="games played (20)")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (0)")
    parser.add_argument("--seed", type=int, default=3107)
    parser.add_argument("--pile", type=int, default=20, help="the largest pile studied (20)")
    parser.add_argument("--least", type=int, default=0, help="the smallest pile studied (0)")
    parser.add_argument("--every", type=int, default=1, help="value every n-th decision (1)")
    parser.add_argument("--candidates", type=int, default=4, help="careful's best moves (4)")
    parser.add_argument("--truth", type=int, default=32, help="the truth's play-outs (32)")
    parser.add_argument("--worlds", type=int, default=16, help="choosing worlds (16)")
    parser.add_argument("--confirm", type=int, default=16, help="confirming worlds (16)")
    parser.add_argument(
        "--kinds", default="", help="value only decisions of these kinds (offer+meld...; all)"
    )
    parser.add_argument("--rollout-limit", type=int, default=400, help="moves a play-out")
    args = parser.parse_args(argv)
    if not args.report:
        measure(args)
    lines = [line for path in args.journal for line in read(path)]
    print("\n".join(report(lines)))
    if args.summary:
        commands = sorted({str(line["command"]) for line in lines})
        text = json.dumps(summary(lines, commands), indent=1) + "\n"
        Path(args.summary).write_text(text, encoding="utf-8")
        print(f"wrote {args.summary}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
