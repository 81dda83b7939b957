"""What a hostile caller sends, as Hypothesis strategies, and the checks that go with it.

Every public entry point must answer any value with a result or an error of the library
(:class:`scala40.Scala40Error`): never ``ValueError``, ``TypeError``, ``IndexError``,
``OverflowError``, ``RecursionError``... :func:`library_errors_only` calls a function
and fails the test on anything else, or, where the tests run alone (:data:`TIMED`), on a
call that takes too long.

**Seconds are judged alone.** The default run must pass on a busy machine, where the CPU
seconds of a call grow with the other processes' contention: its tests judge the work
done (counts, steps, bytes), never seconds. A bound stated in seconds (the library's
0.25 s of CPU a call, a server's answer within 1 s) is judged where :data:`TIMED` is
set: ``nox -s soak`` runs the tests marked ``timed`` again, one at a time, with
``SCALA40_TIMED=1``, and the mutant check runs each row's tests so
(tests/test_timed.py holds the rule).
"""

from __future__ import annotations

import contextlib
import copy
import gc
import inspect
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from scala40 import clear_caches
from scala40.errors import Scala40Error

__all__ = [
    "BOUND_SECONDS",
    "HUGE",
    "REFERENCE_SECONDS",
    "SOAK",
    "TIMED",
    "FailingRepr",
    "assert_within",
    "check_mutated_state",
    "check_playable",
    "cpu_seconds",
    "fuzz_settings",
    "hostile_texts",
    "hostile_values",
    "library_errors_only",
    "machine_slowdown",
    "move_card",
    "position_arguments",
]

TIMED = os.environ.get("SCALA40_TIMED") == "1"
"""Whether the tests judge their bounds in seconds (see the module): set by ``nox -s
soak`` for the tests marked ``timed``, run one at a time, and by the mutant check, never
in the default run."""
SOAK = os.environ.get("HYPOTHESIS_PROFILE") == "long"
"""Whether the long run is on (``HYPOTHESIS_PROFILE=long nox -s soak``)."""
QUICK = os.environ.get("HYPOTHESIS_PROFILE") == "dev"
"""The quick profile (CI's runs on other Pythons): a quarter of a fuzz test's examples."""
WHOLE = os.environ.get("HYPOTHESIS_PROFILE") in ("soak", "mutants")
"""The profiles that draw a fuzz test's examples in full: the soak's (``nox -s soak``,
which CI runs) and the mutant check's, which must catch what the examples catch; the
default run draws half of them."""

HUGE = 10**5000
"""An integer Python refuses to turn into text (``str`` and ``repr`` raise ValueError)."""


class FailingRepr:
    """An object whose ``repr`` and ``str`` fail (an error message must still be made)."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    __str__ = __repr__

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # How Hypothesis shows the value when a test fails.
        printer.text("FailingRepr()")


# Texts that broke parsers: superscript and full-width digits (str.isdigit() admits them,
# int() refuses some), huge numbers, long texts, control characters, card-like tokens.
_TRICKY_TEXTS = [
    "", " ", "\x00", "\n", "²", "1⁰", "\uff11\uff12", "\u0663", "1_000", "0x10", "+7", "-1", "nan", "inf",
    "-inf", "1e400", "9" * 5000, "x" * 3000, "7S", "JK", "JK=10C", "10C=JK", "#2", "#²",
    "#99999", "7S 8S 9S", "🃏", "♠7", "*", "true", "none", "None", "[]", "{}",
]  # fmt: skip


def hostile_texts() -> st.SearchStrategy[str]:
    """Text of any kind: random unicode, the tricky texts above, and mixes of them."""
    return st.one_of(
        st.text(max_size=30),
        st.sampled_from(_TRICKY_TEXTS),
        st.lists(st.sampled_from(_TRICKY_TEXTS), max_size=5).map(" ".join),
    )


def hostile_values() -> st.SearchStrategy[Any]:
    """Any value a careless or hostile caller may pass: numbers of every kind (huge
    integers, NaN, infinities, booleans), texts, bytes, containers, and objects whose
    repr or hash fails."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(-3, 60),
        st.sampled_from([HUGE, -HUGE, 2**64, -(2**64), 10**40]),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([float("nan"), float("inf"), -float("inf"), 1.5, 0.0, 13.0]),
        hostile_texts(),
        st.binary(max_size=10),
        st.builds(FailingRepr),
    )
    return st.one_of(
        scalars,
        st.lists(scalars, max_size=4),
        st.lists(scalars, max_size=4).map(tuple),
        st.dictionaries(st.text(max_size=5), scalars, max_size=3),
        st.sampled_from([[[[[]]]], [HUGE], {"a": {"b": HUGE}}, set(), frozenset({1})]),
    )


def fuzz_settings(examples: int, soak_examples: int | None = None) -> settings:
    """Hypothesis settings for a fuzz test: ``examples`` in the soak and the mutant
    check, half as many in the default run (which must stay fast), a quarter under the
    quick ``dev`` profile (at least 10 in either), ``soak_examples`` (ten times as many by
    default) in the long run (``HYPOTHESIS_PROFILE=long nox -s soak``)."""
    if SOAK:
        count = soak_examples or 10 * examples
    elif WHOLE:
        count = examples
    else:
        count = max(10, examples // (4 if QUICK else 2))
    return settings(
        max_examples=count,
        deadline=None,
        # (Fixtures such as capsys serve every example: each reads and resets them.)
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.filter_too_much,
            HealthCheck.function_scoped_fixture,
        ],
    )


SLOWER_INTERPRETER = 1.5 if sys.version_info < (3, 11) else 1.0
"""How much longer the same work runs on this interpreter than on CPython 3.11, which the
bounds are stated for: CPython 3.10, without 3.11's specializing interpreter, runs the
searches' budgeted work up to about 1.5 times as long (the budgets count work, not time,
so the work done is the same)."""


def time_limit(seconds: float) -> float:
    """``seconds``, or three times as long while a tracer runs (coverage, a debugger):
    the limits of the tests bound the work done, not the tracer's cost; and
    :data:`SLOWER_INTERPRETER` times as long on an interpreter slower than the one the
    bounds are stated for. The tests read the time their own thread ran
    (:func:`time.thread_time`), not the wall clock: a loaded machine pausing the process
    must not fail them."""
    seconds *= SLOWER_INTERPRETER
    return seconds * 3 if sys.gettrace() is not None else seconds


class _Elapsed:
    seconds = 0.0


@contextlib.contextmanager
def cpu_seconds() -> Iterator[_Elapsed]:
    """Time the block by the CPU its own thread spent, with the garbage collector paused.

    The bounds of the library are on the work a call does. A full collection walks every
    object the whole test session keeps alive (a worker's heap, after thousands of
    tests): one landing inside the block measured the session, not the call. The block's
    garbage is collected after it, as usual, once the collector runs again."""
    elapsed = _Elapsed()
    enabled = gc.isenabled()
    gc.disable()
    start = time.thread_time()
    try:
        yield elapsed
    finally:
        elapsed.seconds = time.thread_time() - start
        if enabled:
            gc.enable()


BOUND_SECONDS = 0.25
"""The CPU time no call of the library runs past, whatever it is given (docs/errors.rst):
the bound every call is timed against unless a test names another (a bot's own time
limit, a request's)."""


def library_errors_only(
    call: Callable[..., Any], *args: Any, seconds: float = BOUND_SECONDS, **kwargs: Any
) -> Any:
    """``call(*args, **kwargs)``: its result, or ``None`` when it raised an error of the
    library. Any other exception fails the test, and so, where :data:`TIMED`, does a call
    slower than ``seconds``, the library's bound by default (work must be bounded whatever
    the input).

    A call over the limit is timed once more and the faster run counts: the library has
    no side effects, so the second run does the work again, the library's caches emptied
    first (what the first run kept would spare the second its work: a search made twenty
    times slower passed so), and a thread's CPU time still swells by half or more while
    other processes crowd the cores and caches. Work that is not
    bounded is slow both times; :func:`assert_within` judges the faster run."""
    result, elapsed = _timed_call(call, args, kwargs)
    if not TIMED:
        return result
    if elapsed >= time_limit(seconds):
        clear_caches()
        result, again = _timed_call(call, args, kwargs)
        elapsed = min(elapsed, again)
    assert_within(elapsed, seconds, getattr(call, "__qualname__", repr(call)))
    return result


def assert_within(elapsed: float, seconds: float, what: str = "the call") -> None:
    """Fail unless ``elapsed`` CPU seconds are within the bound of ``seconds``
    (:func:`time_limit`) on the machine the bounds are stated for; judged only where
    :data:`TIMED` (the default run judges work, not seconds: see the module).

    A run over the bound times :func:`reference_work` at once, under whatever crowds the
    machine at that moment, and the bound grows by as much as the reference ran slower
    than :data:`REFERENCE_SECONDS`: the machines that run the suite differ by up to twice
    in speed, and two test processes sharing a core's caches slow each other by as much,
    while work past the bound by design is past it at any speed."""
    limit = time_limit(seconds)
    if not TIMED or elapsed < limit:
        return
    slowdown = machine_slowdown()
    assert elapsed < limit * slowdown, (
        f"{what} took {elapsed:.3f} s, past {limit:.2f} s on the reference machine "
        f"(this one ran the reference work {slowdown:.2f} times as long)"
    )


REFERENCE_SECONDS = 0.042
"""The CPU seconds :func:`reference_work` takes on the machine the bounds are stated for
(CPython 3.11; the fastest of several runs at rest)."""


def reference_work() -> int:
    """A fixed piece of the library's kind of work (small tuples and dictionaries,
    counting, sorting, attribute lookups), independent of the library's own code, so that
    a slower library never widens its own bound."""
    total = 0
    for start in range(4_000):
        counts = Counter((start * 7 + step * 5) % 13 for step in range(14))
        ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        left = counts - Counter({ordered[0][0]: 1})
        total += len(left) + sum(count for _, count in ordered[:3]) + hash(tuple(ordered)) % 7
    return total


def machine_slowdown() -> float:
    """How many times as long as :data:`REFERENCE_SECONDS` this machine takes for
    :func:`reference_work` now (the fastest of three runs; never less than 1)."""
    runs = []
    for _ in range(3):
        with cpu_seconds() as elapsed:
            reference_work()
        runs.append(elapsed.seconds)
    return max(1.0, min(runs) / time_limit(REFERENCE_SECONDS))


def machine_wall_slowdown() -> float:
    """How many times as long as :data:`REFERENCE_SECONDS` this machine takes now for
    :func:`reference_work` on the wall clock (the fastest of three runs; never less than
    1): what other processes crowding the cores add to a call's wall time."""
    runs = []
    for _ in range(3):
        enabled = gc.isenabled()
        gc.disable()
        start = time.monotonic()
        try:
            reference_work()
        finally:
            runs.append(time.monotonic() - start)
            if enabled:
                gc.enable()
    return max(1.0, min(runs) / time_limit(REFERENCE_SECONDS))


def _timed_call(
    call: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[Any, float]:
    with cpu_seconds() as elapsed:
        try:
            result = call(*args, **kwargs)
        except Scala40Error:
            result = None
        except Exception as error:  # what the test is about
            raise AssertionError(
                f"{getattr(call, '__qualname__', call)} raised {type(error).__name__} "
                "instead of an error of the library"
            ) from error
    return result, elapsed.seconds


# -- states sent by clients: mutated dictionaries, refused or played on -----------------------


def check_playable(
    state: Any,
    rng: random.Random,
    moves: int,
    *,
    every: int = 40,
    counted: Callable[[Any], bool] = lambda state: True,
) -> None:
    """Play ``state`` on with random legal moves: every state keeps the deck's cards (when
    ``counted`` says its cards are all placed), has a legal move until the game is over,
    and round-trips through JSON (every ``every`` moves)."""
    load = type(state).from_dict
    deck = Counter(state.rules.deck.cards)
    for step in range(moves):
        if counted(state):
            assert Counter(state.all_cards()) == deck, "cards created or lost"
        if state.is_over:
            return
        legal = state.legal_moves()
        assert legal, "a state that is not over has a legal move"
        if step % every == 0:
            assert load(json.loads(json.dumps(state.to_dict()))) == state
        state = state.apply(legal[rng.randrange(len(legal))])


def check_mutated_state(
    states: Sequence[Any],
    mutate: Callable[[dict[str, Any], random.Random], None],
    seed: int,
    moves: int,
    **playable: Any,
) -> str:
    """Mutate the dictionary of one of ``states`` (played states of one game) one to three
    times: its game's loader refuses it with an error of the library (``"refused"``), or
    the state it accepts plays on (:func:`check_playable`, ``"played"``)."""
    rng = random.Random(seed)
    original = rng.choice(states)
    data = copy.deepcopy(original.to_dict())
    for _ in range(rng.randint(1, 3)):
        mutate(data, rng)
    # What a client sends: JSON (NaN included); or, with a number JSON can't hold, the
    # dictionary itself.
    with contextlib.suppress(ValueError):
        data = json.loads(json.dumps(data))
    state = library_errors_only(type(original).from_dict, data)
    if state is None:
        return "refused"
    check_playable(state, rng, moves, **playable)
    return "played"


def move_card(
    data: dict[str, Any],
    rng: random.Random,
    places: Sequence[tuple[str, int | None]],
    *,
    moved: float = 1.0,
) -> None:
    """Move a random card between two of a state dictionary's card texts (a field, or an
    item of a list field): it leaves its place with probability ``moved``, else it is
    copied (a card created)."""
    source, target = rng.choice(places), rng.choice(places)

    def text(place: tuple[str, int | None]) -> Any:
        return data[place[0]] if place[1] is None else data[place[0]][place[1]]

    def put(place: tuple[str, int | None], value: str) -> None:
        if place[1] is None:
            data[place[0]] = value
        else:
            data[place[0]][place[1]] = value

    if isinstance(text(source), str) and isinstance(text(target), str):
        cards = text(source).split()
        if cards:
            card = cards.pop(rng.randrange(len(cards)))
            if moved >= 1.0 or rng.random() < moved:
                put(source, " ".join(cards))
            others = text(target).split()
            others.insert(rng.randrange(len(others) + 1), card)
            put(target, " ".join(others))


def position_arguments(state_type: type) -> tuple[str, ...]:
    """Every argument ``state_type.from_position`` takes by name: the position's parts
    its signature names, then the fields its specs let a position give
    (:func:`scala40._base.position.named_fields`)."""
    from scala40._base.position import named_fields

    parameters = inspect.signature(state_type.from_position).parameters.values()  # type: ignore[attr-defined]
    parts = [item.name for item in parameters if item.kind is item.KEYWORD_ONLY]
    return (*parts, *named_fields(state_type))
