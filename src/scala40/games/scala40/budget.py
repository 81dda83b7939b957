"""The work one call may spend in Scala 40's exhaustive searches (internal).

Listing the splits of table sequences (S40-V-SPLIT), searching a turn for a way to end it
(the engine's lookahead) and searching it for a close (:func:`~scala40.analysis.can_close`)
are exact searches whose size grows with the position. Each draws on one
:class:`WorkBudget` of :data:`MAX_SEARCH_WORK` units for the whole call that started it,
however the searches nest: a list of legal moves, one move applied, one closing search.
Past the budget the call raises :class:`~scala40.SearchLimitError`.

The budget is counted in units of work, not in seconds, so that the same call always
gets the same answer on any machine. A unit is one small step of about two microseconds
(one candidate tried by a search: a meld against the cards left, a layoff, an option for
a table meld); one step of a split sweep is :data:`SWEEP_WORK` units, one set of pieces
it completes :data:`EMIT_WORK` units, one move played and judged
:data:`TRY_WORK` units, one position a search examines (listing its moves)
:data:`POSITION_WORK` units. A call
therefore stops within :data:`MAX_SEARCH_WORK` units, about two tenths of a second.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from scala40.errors import SearchLimitError

__all__ = [
    "BOUND_WORK",
    "EMIT_WORK",
    "MAX_SEARCH_WORK",
    "POSITION_WORK",
    "SWEEP_WORK",
    "TRY_WORK",
    "WorkBudget",
    "call_budget",
    "shared_budget",
]

MAX_SEARCH_WORK = 100_000
"""The most units of work (:mod:`~scala40.games.scala40.budget`) one call spends in the
searches: about two tenths of a second of CPU (``benchmarks/bench_worst_inputs.py`` times
the worst inputs found, the costliest of them refused at the budget). Real games stay
well below it: in 1,143 seeded games of random and greedy players (two to four, their
first two hands) under S40-V-SPLIT with eight and four jokers and the classic preset,
136,056 moves, the costliest list of legal moves or move played took 62,489 units; in
1,360 seeded games of two to six random and greedy players under S40-V-SPLIT with five
and eight jokers (any number of them a meld, or one) and the classic preset, 472,563
moves, 41,880 units; in 200 seeded random and greedy games under S40-V-SPLIT (four and
eight jokers) every move listed and chosen is the one the searches give without a
budget."""

POSITION_WORK = 40
"""The units one position examined by a search costs (listing its moves, trying them)."""

TRY_WORK = 10
"""The units one move tried by a search costs (played, and its position judged)."""

BOUND_WORK = 100
"""The units the quick bounds on a taken card cost at one position of the lookahead
(where the card could still go: the pieces of splits tried, the jokers counted)."""

SWEEP_WORK = 5
"""The units one step of a split sweep costs (S40-V-SPLIT)."""

EMIT_WORK = 15
"""The units one set of pieces a split sweep completes costs (S40-V-SPLIT): telling the
cards it adds from the sequence's own and the split's canonical form."""


class WorkBudget:
    """The units of work left to one call (:data:`MAX_SEARCH_WORK`)."""

    __slots__ = ("charged", "left", "limit", "memo")

    def __init__(self, units: int = MAX_SEARCH_WORK) -> None:
        self.left: int = units
        self.limit: int = units
        self.charged: set[object] = set()
        """Work this call has paid for already (a remembered answer it asks for again is
        not charged twice: what the call pays never depends on what other calls asked)."""
        self.memo: dict[object, set[object]] = {}
        """What the searches of this call have learnt, for the rest of the call (the
        positions from which the lookahead found no way to end the turn)."""

    def spend(self, units: int, what: str) -> None:
        """Take ``units``; past the budget raise :class:`~scala40.SearchLimitError` naming
        ``what`` was being searched."""
        self.left -= units
        if self.left < 0:
            self.refuse(what)

    def refuse(self, what: str) -> None:
        """Raise the :class:`~scala40.SearchLimitError` of a spent budget. The budget is
        the whole call's: ``what`` names the search under way when it ran out, which may
        have cost little of it (the searches before it spent the rest)."""
        raise SearchLimitError(
            f"{what}: the call's searches took more than {self.limit} units of work "
            "(MAX_SEARCH_WORK)"
        )


_SHARED: ContextVar[WorkBudget | None] = ContextVar("scala40 search budget", default=None)


def call_budget() -> WorkBudget:
    """The budget of the call under way: the one a caller shares (:func:`shared_budget`),
    or a new one for a search that starts a call of its own."""
    shared = _SHARED.get()
    return WorkBudget() if shared is None else shared


@contextmanager
def shared_budget(budget: WorkBudget | None = None) -> Iterator[WorkBudget]:
    """Make every search started inside the block draw on one budget: ``budget``, else
    the one already shared, else a new one."""
    if budget is None:
        budget = _SHARED.get()
        if budget is not None:
            yield budget
            return
        budget = WorkBudget()
    token = _SHARED.set(budget)
    try:
        yield budget
    finally:
        _SHARED.reset(token)
