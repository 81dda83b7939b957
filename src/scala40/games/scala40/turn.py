"""The one depth-first search of a Scala 40 turn's melding moves, for a goal (internal).

Two questions are asked of the rest of a turn: can it still end (the engine's
lookahead, :mod:`~scala40.games.scala40.lookahead`: no move may lead to a dead end,
S40-TURN), and can it close (:func:`~scala40.games.scala40.analysis.can_close`,
S40-CLOSE). Both walk the same tree: a position's moves, each played, the position it
leads to judged, then searched in turn; a position known to fail is not searched again.
:func:`search_turn` is that walk, once; a :class:`TurnGoal` says what is searched for:
which moves a position has, when the goal is met, what prunes a branch and when two
positions are one. Every position and move draws on the call's budget
(:mod:`~scala40.games.scala40.budget`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Generic, Protocol, TypeVar

from scala40.games.scala40.budget import POSITION_WORK, TRY_WORK, WorkBudget
from scala40.games.scala40.moves import Move

__all__ = ["TurnGoal", "TurnSearch", "search_turn"]

S = TypeVar("S")
"""A position of the turn: the engine's state record, or the state API."""


class TurnGoal(Protocol[S]):
    """What a search of a turn looks for (see the module)."""

    what: str
    """The search, as the budget's error names it."""

    def verdict(self, state: S) -> tuple[Move, ...] | bool | None:
        """At a position about to be searched: the last moves that meet the goal from
        it (``True``: it is met as it stands), ``False`` if it cannot be met from it,
        ``None`` to search its moves."""
        ...

    def moves(self, state: S) -> Iterable[tuple[Move, S | None]]:
        """The moves to try at a position, in order, each with the position it leads to
        (``None``: the move turned out not to be allowed, after all)."""
        ...

    def met(self, state: S) -> bool:
        """Whether the goal is met once a move has led to ``state``."""
        ...

    def pruned(self, state: S) -> bool:
        """Whether the goal surely cannot be met from ``state`` (a quick test)."""
        ...

    def key(self, state: S) -> Hashable:
        """What tells positions apart for the goal: two positions of one key are one."""
        ...


class TurnSearch(Generic[S]):
    """One search of a turn for ``goal``, within ``budget``.

    ``seen`` holds the keys of the positions met (those given at the start are known to
    fail); ``finished`` the keys of positions known to meet the goal; ``path`` the keys of
    the positions on the way found, once one is.
    """

    __slots__ = ("budget", "finished", "goal", "path", "seen")

    def __init__(
        self,
        goal: TurnGoal[S],
        budget: WorkBudget,
        seen: set[Hashable] | None = None,
        finished: set[Hashable] | frozenset[Hashable] = frozenset(),
    ) -> None:
        self.goal: TurnGoal[S] = goal
        self.budget: WorkBudget = budget
        self.seen: set[Hashable] = set() if seen is None else seen
        self.finished: set[Hashable] | frozenset[Hashable] = finished
        self.path: list[Hashable] = []

    def run(self, state: S) -> list[Move] | None:
        """The moves from ``state`` that meet the goal, or ``None`` if there are none.
        Only the first moves are given when the way goes through a finished position."""
        goal = self.goal
        self.budget.spend(POSITION_WORK, goal.what)
        verdict = goal.verdict(state)
        if verdict is not None:
            if verdict is False:
                return None
            return [] if verdict is True else list(verdict)
        for move, after in goal.moves(state):
            self.budget.spend(TRY_WORK, goal.what)
            if after is None:
                continue
            if goal.met(after):
                return [move]
            if goal.pruned(after):
                continue
            key = goal.key(after)
            if key in self.finished:
                return [move]
            if key in self.seen:
                continue
            self.seen.add(key)
            self.path.append(key)
            rest = self.run(after)
            if rest is not None:
                return [move, *rest]
            self.path.pop()
        return None


def search_turn(state: S, goal: TurnGoal[S], budget: WorkBudget) -> list[Move] | None:
    """The moves from ``state`` that meet ``goal``, by a new :class:`TurnSearch`."""
    return TurnSearch(goal, budget).run(state)
