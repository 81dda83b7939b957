"""What the searches that play any game share: a decision made by the caller's deadline,
within the bot's own time limit (internal).

:class:`~scala40.bots.generic.PlayoutBot`, :class:`~scala40.bots.ismcts.ISMCTSBot` and
:class:`~scala40.bots.belief_search.BeliefSearchBot` meet a decision alike: they refuse
arguments no bot could choose from, keep the caller's :class:`~scala40.deadline.Deadline`
within their own ``time_limit``, play the one legal move without a search, and search
otherwise. :class:`AnytimeBot` does that once; each search gives its ``_search``.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from scala40.bots.registry import game_bots_of
from scala40.checks import check_any_choice, describe, is_number
from scala40.deadline import Deadline
from scala40.errors import InvalidBotSpecError
from scala40.views import ViewBase

__all__ = ["AnytimeBot", "progress_move", "wall_time_limit"]


def wall_time_limit(time_limit: object, longest: float) -> float | None:
    """``time_limit`` as a bot keeps it: ``None``, or wall seconds above 0 and at most
    ``longest``, as a float.

    :raises InvalidBotSpecError: ``time_limit`` is neither.
    """
    if time_limit is None:
        return None
    if not (is_number(time_limit) and 0 < time_limit <= longest):
        raise InvalidBotSpecError(
            f"time_limit must be a number of seconds above 0 and at most "
            f"{longest:g}, or none, got {describe(time_limit)}"
        )
    return float(time_limit)


def progress_move(view: Any, legal: Sequence[Any], rng: random.Random) -> Any | None:
    """The move the bots of the view's game play at this decision so that every hand
    ends, or ``None`` (the search decides): the ``progress_move(view, legal, rng)`` of the
    game's greedy bot, where it has one. A game whose rules let players keep a hand going
    for ever gives its greedy bot that method, with the argument why a table of bots
    that play it ends every hand: the knock games' plays a legal move drawn at random at
    times in a hand that has stalled
    (:meth:`scala40.bots.knock.bots.GreedyBot.progress_move`), Skarney's declines a stop
    card from a player who did not draw this turn
    (:meth:`scala40.bots.skarney.bots.GreedyBot.progress_move`)."""
    if not isinstance(view, ViewBase):
        return None  # a stand-in for a view (a test's) is searched as it is
    record = getattr(view, "state_type", None)
    name = getattr(record, "game_name", None)
    if not isinstance(name, str):
        return None
    factory = game_bots_of(name).bots.get("greedy")
    if factory is None or getattr(factory, "progress_move", None) is None:
        return None
    move: Any | None = factory().progress_move(view, legal, rng)
    return move


class AnytimeBot(abc.ABC):
    """A bot that searches, anytime: :meth:`choose` returns by the caller's ``deadline``
    and within the bot's ``time_limit``, whichever passes first. A subclass sets
    ``time_limit`` and gives ``_search``, which the one legal move never reaches."""

    # Seconds a decision may take (None: the caller's deadline alone bounds it), counted
    # on the thread's CPU clock where _time_limit_on_cpu says so, else on the wall clock.
    time_limit: float | None
    _time_limit_on_cpu: ClassVar[bool] = False

    def choose(
        self,
        view: Any,
        legal: Sequence[Any],
        rng: random.Random,
        *,
        deadline: Deadline | None = None,
    ) -> Any:
        """The move the bot's search picks among ``legal`` (see the bot's documentation),
        by ``deadline`` (within the bot's ``time_limit``); the one legal move, when there
        is one, without a search, and the move the game's bots play so that every hand
        ends where the game asks for one (its greedy bot's ``progress_move``), without a
        search.

        :param view: what the seat to decide may see (it must offer ``sample``).
        :param legal: the legal moves, one of which is returned.
        :param rng: the only randomness drawn from.
        :param deadline: when the caller needs the move (``None``: the bot's own budget).
        :raises InvalidValueError: ``legal`` is empty.
        :raises InvalidArgumentError: ``view`` is not a seat's view, ``legal`` not a list
            of moves, ``rng`` not a :class:`random.Random` or ``deadline`` not a
            :class:`~scala40.deadline.Deadline`.
        """
        limit = self._deadline(view, legal, rng, deadline)
        if len(legal) == 1:
            return legal[0]
        moving = progress_move(view, legal, rng)
        if moving is not None:
            return moving
        return self._search(view, legal, rng, limit)

    def _deadline(
        self, view: Any, legal: Sequence[Any], rng: random.Random, deadline: Deadline | None
    ) -> Deadline:
        """The deadline of a decision, once its arguments are known to be right: the
        caller's ``deadline`` within the bot's ``time_limit``, counted from now."""
        check_any_choice(view, legal, rng)
        if self._time_limit_on_cpu:
            return Deadline.given(deadline, cpu_seconds=self.time_limit)
        return Deadline.given(deadline, self.time_limit)

    @abc.abstractmethod
    def _search(self, view: Any, legal: Sequence[Any], rng: random.Random, limit: Deadline) -> Any:
        """The move the search picks among two or more ``legal`` moves, by ``limit``."""
