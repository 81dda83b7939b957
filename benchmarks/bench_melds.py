"""Time meld checks: checks per second and the median time of one check.

Run it from the repository root, scala40 installed::

    python benchmarks/bench_melds.py            # full run
    python benchmarks/bench_melds.py --quick    # a short run

The inputs are random valid melds of 3, 5 and 13 cards, drawn from a seeded
:class:`random.Random` (3 cards: sets and sequences; 5 and 13 cards: sequences, since a
set has at most 4 cards), with and without a joker. A 3-card set with a joker is checked
with ``joker_as``, as a player names the joker's suit; every other joker is placed by its
position, the cards being given in sequence order (up or down).

Two modes are timed under the official rules:

* **warm**: :func:`scala40.check_meld` answers from the per-rules caches, as in a real
  game where the same melds are checked again and again (a check with ``joker_as`` skips
  the result cache but still finds the readings cached);
* **cold**: both caches of the rules (``check_cache`` and ``readings_cache``) are emptied
  before each timed batch, and a batch never holds the same multiset of cards twice, so
  every check in it computes its readings from scratch.

:func:`scala40.meld_interpretations` is timed cold too. Each batch is timed with
:func:`time.perf_counter_ns`; the figures are medians over the batches.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence

import attrs

from scala40 import JOKER, MeldRules, check_meld, meld_interpretations
from scala40.cards import Card

SIZES = (3, 5, 13)

# A meld to check: the cards in the order given, and the joker_as argument.
MeldInput = tuple[tuple[Card, ...], Card | None]
# A candidate input and whether it is a set.
_Candidate = tuple[MeldInput, bool]


@attrs.frozen
class Pool:
    """The inputs of one size, each a distinct multiset of cards."""

    size: int
    inputs: tuple[MeldInput, ...]
    set_count: int
    joker_count: int


@attrs.frozen
class Timing:
    """The median time of one call, from batches of calls."""

    calls_per_batch: int
    median_ns: float

    @property
    def per_second(self) -> float:
        return 1e9 / self.median_ns

    @property
    def median_us(self) -> float:
        return self.median_ns / 1000


def _sequence_candidates(size: int, rng: random.Random, rules: MeldRules) -> list[_Candidate]:
    slots = rules.sequence_slots
    found: list[_Candidate] = []
    for suit in range(4):
        for start in range(len(slots) - size + 1):
            natural = [suit * 13 + rank - 1 for rank in slots[start : start + size]]
            variants = [natural] + [
                [*natural[:place], JOKER, *natural[place + 1 :]] for place in range(size)
            ]
            for cards in variants:
                # Sequence order, upwards or downwards: check_meld accepts both.
                ordered = cards if rng.random() < 0.5 else cards[::-1]
                found.append(((tuple(ordered), None), False))
    return found


def _set_candidates(rng: random.Random) -> list[_Candidate]:
    found: list[_Candidate] = []
    for rank in range(1, 14):
        for missing in range(4):
            suits = [suit for suit in range(4) if suit != missing]
            found.append(((tuple(suit * 13 + rank - 1 for suit in suits), None), True))
        for first in range(4):
            for second in range(first + 1, 4):
                others = [suit for suit in range(4) if suit not in (first, second)]
                cards = [first * 13 + rank - 1, second * 13 + rank - 1, JOKER]
                rng.shuffle(cards)
                found.append(((tuple(cards), rng.choice(others) * 13 + rank - 1), True))
    return found


def make_pool(size: int, limit: int, rng: random.Random) -> Pool:
    """Up to ``limit`` random valid melds of ``size`` cards, no multiset twice.

    Half are without a joker when there are enough such melds (there are only four
    13-card sequences without one).
    """
    rules = MeldRules()
    candidates = _sequence_candidates(size, rng, rules)
    if size <= rules.set_max:
        candidates += _set_candidates(rng)
    rng.shuffle(candidates)
    seen: set[tuple[Card, ...]] = set()
    distinct: list[_Candidate] = []
    for candidate in candidates:
        key = tuple(sorted(candidate[0][0]))
        if key not in seen:
            seen.add(key)
            distinct.append(candidate)
    plain = [candidate for candidate in distinct if JOKER not in candidate[0][0]]
    with_joker = [candidate for candidate in distinct if JOKER in candidate[0][0]]
    chosen = plain[: limit // 2]
    chosen += with_joker[: limit - len(chosen)]
    rng.shuffle(chosen)
    for (cards, joker_as), _ in chosen:
        check_meld(cards, rules, joker_as=joker_as)  # every input must be a valid meld
    set_count = sum(1 for _, is_set in chosen if is_set)
    joker_count = len(chosen) - min(len(plain), limit // 2)
    return Pool(size, tuple(meld_input for meld_input, _ in chosen), set_count, joker_count)


def _median_per_call(
    batch: Callable[[], None], before: Callable[[], None], calls: int, rounds: int
) -> Timing:
    per_call: list[float] = []
    for _ in range(rounds):
        before()
        start = time.perf_counter_ns()
        batch()
        per_call.append((time.perf_counter_ns() - start) / calls)
    return Timing(calls, statistics.median(per_call))


def _clear_caches(rules: MeldRules) -> None:
    rules.tables.checked.clear()
    rules.tables.readings.clear()


def time_checks(pool: Pool, *, warm: bool, rounds: int, repeat: int) -> Timing:
    """Median time of one :func:`check_meld` call on the pool's inputs."""
    rules = MeldRules()
    inputs = pool.inputs
    passes = repeat if warm else 1

    def batch() -> None:
        for _ in range(passes):
            for cards, joker_as in inputs:
                check_meld(cards, rules, joker_as=joker_as)

    if warm:
        batch()  # fill the caches once, untimed
        return _median_per_call(batch, lambda: None, len(inputs) * passes, rounds)
    return _median_per_call(batch, lambda: _clear_caches(rules), len(inputs), rounds)


def time_readings(pool: Pool, *, rounds: int) -> Timing:
    """Median time of one cold :func:`meld_interpretations` call on the pool's inputs."""
    rules = MeldRules()
    inputs = pool.inputs

    def batch() -> None:
        for cards, _ in inputs:
            meld_interpretations(cards, rules)

    return _median_per_call(batch, lambda: _clear_caches(rules), len(inputs), rounds)


def _row(label: str, size: int, mode: str, inputs: int, timing: Timing) -> str:
    return (
        f"{label:<21}{size:>5}  {mode:<4}  {inputs:>6}  "
        f"{timing.per_second:>12,.0f}  {timing.median_us:>10.2f}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time scala40 meld checks.")
    parser.add_argument("--quick", action="store_true", help="a short run with fewer rounds")
    parser.add_argument("--seed", type=int, default=40, help="seed of the inputs (default: 40)")
    args = parser.parse_args(argv)
    rounds = 5 if args.quick else 21
    limit = 60 if args.quick else 200
    repeat = 10 if args.quick else 50
    rng = random.Random(args.seed)
    pools = [make_pool(size, limit, rng) for size in SIZES]

    print(
        f"scala40 meld benchmark: Python {platform.python_version()}, seed {args.seed}, "
        f"{rounds} batches per figure, medians"
    )
    for pool in pools:
        print(
            f"  {pool.size:>2} cards: {len(pool.inputs)} distinct valid melds, "
            f"{pool.set_count} sets, {len(pool.inputs) - pool.set_count} sequences, "
            f"{pool.joker_count} with a joker"
        )
    print()
    print(
        f"{'':<21}{'cards':>5}  {'mode':<4}  {'inputs':>6}  {'per second':>12}  {'median us':>10}"
    )
    for pool in pools:
        for warm in (True, False):
            timing = time_checks(pool, warm=warm, rounds=rounds, repeat=repeat)
            mode = "warm" if warm else "cold"
            print(_row("check_meld", pool.size, mode, len(pool.inputs), timing))
    for pool in pools:
        timing = time_readings(pool, rounds=rounds)
        print(_row("meld_interpretations", pool.size, "cold", len(pool.inputs), timing))
    print()
    print("warm: answers from the per-rules caches; a 3-card set with a joker is checked with")
    print("joker_as, which skips the result cache (its readings still come from the cache).")
    print("cold: both caches emptied before each batch; no multiset twice in a batch.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
