"""Time the batch mode of the command line: ``scala40 check --jsonl`` and ``scala40 hand
--jsonl``, melds and hands a second in one process.

Run it from the repository root, scala40 installed::

    python benchmarks/bench_batch.py            # 40,000 lines a command, three rounds
    python benchmarks/bench_batch.py --quick    # 5,000 lines, one round

The input is what a meld validator sends: random lines drawn from a seeded
:class:`random.Random`, each a different meld or hand (no verdict comes from a cache of
an earlier line): sequences and sets of 3 to 6 cards, a joker in a third of them,
random cards that make no meld, a few lines that are no cards at all; three lines in
four are the cards' text under the command's game, one in four a JSON object naming
the game (every game in turn), the rules and an ``id``. Every verdict is checked to be a
line of JSON, in order.

Each round runs the command as a user does, in a new process (``python -m scala40
check --jsonl``), and times it from start to end, start-up included; the start-up alone
(an empty input) is timed too, and the rate without it is reported beside. The figure
the library promises is at least 5,000 melds a second, start-up included.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time

from scala40.cards import CARD_NAMES, JOKER
from scala40.game import game_names

TARGET = 5_000
"""The rate ``check --jsonl`` must reach, start-up included (melds a second)."""


def _meld_cards(rng: random.Random) -> list[int]:
    kind = rng.random()
    if kind < 0.45:
        suit, start, size = rng.randrange(4), rng.randrange(1, 10), rng.randrange(3, 7)
        cards = [suit * 13 + (start + step - 1) % 13 for step in range(size)]
    elif kind < 0.8:
        rank = rng.randrange(13)
        cards = [suit * 13 + rank for suit in rng.sample(range(4), rng.choice((3, 4)))]
    else:
        cards = [rng.randrange(52) for _ in range(rng.randrange(2, 7))]
    if rng.random() < 0.33:
        cards[rng.randrange(len(cards))] = JOKER
    rng.shuffle(cards) if rng.random() < 0.2 else None
    return cards


def make_lines(count: int, seed: int, *, hands: bool) -> bytes:
    """``count`` request lines (melds, or hands when ``hands``), each distinct."""
    rng = random.Random(seed)
    games = list(game_names())
    seen: set[str] = set()
    lines: list[str] = []
    while len(lines) < count:
        if hands:
            cards = [rng.randrange(53) for _ in range(rng.randrange(1, 11))]
        else:
            cards = _meld_cards(rng)
        text = " ".join(CARD_NAMES[card] for card in cards)
        if rng.random() < 0.01:
            text = "not cards"
        if text in seen and text != "not cards":
            continue
        seen.add(text)
        if rng.random() < 0.25:
            game = games[len(lines) % len(games)]
            lines.append(json.dumps({"id": len(lines), "game": game, "cards": text}))
        else:
            lines.append(text)
    return ("\n".join(lines) + "\n").encode()


def _run(command: str, data: bytes) -> tuple[float, bytes]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "scala40", command, "--jsonl"],
        input=data,
        capture_output=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode not in (0,):
        raise SystemExit(f"scala40 {command} --jsonl exited {done.returncode}: {done.stderr!r}")
    return elapsed, done.stdout


def _check_answers(data: bytes, answers: bytes) -> None:
    asked = data.decode().splitlines()
    lines = answers.decode().splitlines()
    assert len(lines) == len(asked), (len(lines), len(asked))
    for number, line in enumerate(lines, 1):
        verdict = json.loads(line)
        assert verdict["line"] == number, verdict


def bench(command: str, count: int, rounds: int, seed: int) -> dict[str, float]:
    """Rounds of ``scala40 COMMAND --jsonl`` on ``count`` lines, and its start-up."""
    data = make_lines(count, seed, hands=command == "hand")
    whole: list[float] = []
    startup: list[float] = []
    for _ in range(rounds):
        empty, _ = _run(command, b"")
        startup.append(empty)
        elapsed, answers = _run(command, data)
        _check_answers(data, answers)
        whole.append(elapsed)
    total = statistics.median(whole)
    start = statistics.median(startup)
    return {
        "lines": count,
        "seconds": total,
        "startup": start,
        "rate": count / total,
        "rate_without_startup": count / max(total - start, 1e-9),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="5,000 lines, one round")
    parser.add_argument("--lines", type=int, default=None, help="lines a command")
    parser.add_argument("--rounds", type=int, default=None, help="rounds a command")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    count = args.lines or (5_000 if args.quick else 40_000)
    rounds = args.rounds or (1 if args.quick else 3)
    print(f"Python {platform.python_version()} on {platform.machine()}; {count:,} lines, "
          f"{rounds} round(s), median")  # fmt: skip
    for command, what in (("check", "melds"), ("hand", "hands")):
        found = bench(command, count, rounds, args.seed)
        print(
            f"  {command} --jsonl: {found['rate']:,.0f} {what}/s in "
            f"{found['seconds']:.2f} s, start-up included ({found['startup']:.2f} s); "
            f"{found['rate_without_startup']:,.0f} {what}/s without it"
        )
        if command == "check":
            verdict = "meets" if found["rate"] >= TARGET else "MISSES"
            print(f"  target: at least {TARGET:,} melds/s, start-up included: {verdict} it")


if __name__ == "__main__":
    main()
