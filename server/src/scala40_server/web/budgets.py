"""What the requests of a web table server may spend: tables made by each client, the
machine's time each client's requests cost, the bots' thinking of each client and at each
table, and the turns of the bots that think at once (the server's limits,
:class:`~scala40_server.web.limits.ServerLimits`; the buckets, :mod:`scala40_server.web.quotas`; the
turns, :mod:`scala40_server.web.turns`).

A request is metered by what it costs, not only counted (:meth:`Budgets.running`): the
CPU seconds the server works for it are paid from its client's budget a minute, and make
the client's next requests expected to cost as much, so that among clients holding as
many connections the turns go to those whose requests cost least: a person playing their
table, and a newcomer, go before strangers sending the costliest requests the server
accepts.

Each refusal says when to try again. No budget here is shared between clients: so a
person's requests are never refused, nor their bots held back, because strangers spent
something; their bots wait only for their own client's or their table's budget, or, the
machine being busy, for a turn (theirs the first while their budgets hold more than the
strangers').

>>> from scala40_server.web.budgets import Budgets
>>> from scala40_server.web.limits import ServerLimits
>>> budgets = Budgets(ServerLimits(client_tables_per_minute=1))
>>> budgets.refuse_table("10.0.0.1") is None, budgets.refuse_table("10.0.0.1") is None
(True, False)
>>> print(budgets.refuse_table("10.0.0.1"))
this server makes 1 table a minute for one client: try again in 60 s
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager

import attrs

from scala40.deadline import MAX_SECONDS, Deadline
from scala40_server.web.limits import ServerLimits
from scala40_server.web.quotas import Buckets, RequestCosts
from scala40_server.web.turns import Turns, aside, counted_apart

__all__ = ["BUSY_RETRY_SECONDS", "LEAST_THINKING_SECONDS", "Budgets", "Refusal", "whole_seconds"]

BUSY_RETRY_SECONDS = 1
"""When to try again after the bots were given no turn within a request's bound."""

LEAST_THINKING_SECONDS = 0.01
"""The least a bots' budget must hold for them to think (or the whole budget, where it
is smaller): below it the budget is spent. A bot thinks no longer than its budgets hold,
so a search that stops a little before its deadline leaves a sliver; were a sliver
enough, every request would be let through to think for the refill of a moment, answered
as if the budget held, and the client never told to wait."""


def _least(buckets: Buckets) -> float:
    """What one of ``buckets`` must hold for the bots to think: see
    :data:`LEAST_THINKING_SECONDS`."""
    return min(LEAST_THINKING_SECONDS, buckets.per_minute)


@attrs.frozen
class Refusal:
    """Why a request is refused, or its bots held back: the limit reached (the
    :class:`~scala40_server.web.limits.ServerLimits` field), what was spent, and in how many
    whole seconds to try again."""

    limit: str
    """The limit reached: ``client_tables_per_minute``, ``client_cpu_seconds_per_minute``,
    ``client_bot_seconds_per_minute``, ``table_bot_seconds_per_minute`` or
    ``bots_at_once``."""
    message: str
    """What was spent, and when to try again, in words."""
    retry_after: int
    """In how many seconds to try again (at least 1)."""

    def __str__(self) -> str:
        return self.message

    def to_dict(self) -> dict[str, object]:
        """The refusal as an answer carries it: ``limit``, ``message``, ``retry_after``."""
        return {"limit": self.limit, "message": self.message, "retry_after": self.retry_after}


def whole_seconds(wait: float) -> int:
    """Seconds to wait before trying again, as a ``Retry-After`` gives them: a whole
    number, at least 1 (an hour for a wait without end)."""
    return max(1, math.ceil(wait)) if math.isfinite(wait) else 3600


def _tables(count: float) -> str:
    return f"{count:g} table" + ("" if count == 1 else "s")


class Budgets:
    """The budgets and turns of one server's requests, within ``limits`` (see the
    module). Safe to share between threads."""

    def __init__(self, limits: ServerLimits) -> None:
        self.limits = limits
        self.tables_made: Buckets = Buckets(limits.client_tables_per_minute)
        """The tables each client made a minute."""
        self.client_thinking: Buckets = Buckets(limits.client_bot_seconds_per_minute)
        """The seconds the bots thought a minute for each client's requests."""
        self.table_thinking: Buckets = Buckets(limits.table_bot_seconds_per_minute)
        """The seconds the bots thought a minute at each table."""
        self.turns: Turns = Turns(limits.bots_at_once)
        """The turns of the bots that think at once."""
        self.working: Buckets = Buckets(limits.client_cpu_seconds_per_minute)
        """The CPU seconds the server worked a minute for each client's requests."""
        self.costs: RequestCosts = RequestCosts()
        """What each client's next request is expected to cost."""

    def refuse_work(self, client: str) -> Refusal | None:
        """Why the server may not work for ``client``'s request now (``None``: it may):
        its requests cost as much CPU as a client's may a minute."""
        wait = self.working.seconds_until(client)
        if wait <= 0:
            return None
        return Refusal(
            "client_cpu_seconds_per_minute",
            "this server has worked as long as it works a minute for one client's requests "
            f"({self.limits.client_cpu_seconds_per_minute:g} s of CPU): try again in "
            f"{whole_seconds(wait)} s",
            whole_seconds(wait),
        )

    @contextmanager
    def running(
        self, client: str, connections: int, turns: Turns, deadline: Deadline
    ) -> Iterator[bool]:
        """A turn of ``turns`` to run ``client``'s request in, the client holding
        ``connections`` (see :meth:`~scala40_server.web.turns.Turns.running`: whether one was
        taken by ``deadline``): by the connections it holds, then by what its requests
        are expected to cost (a share below 1, so that it never outweighs a connection);
        the CPU the request spends in it (bots that do not search aside: the bots'
        budgets pay for them) paid from the client's budget once it is done, and, but for
        the interpreter's collections of garbage it ran (the garbage is every request's),
        what its next requests are expected to cost."""
        expected = self.costs.arrive(client)
        priority = connections + expected / (expected + self.limits.request_seconds)
        spent: list[float] = []

        def charge(seconds: float, bots_seconds: float, collected: float) -> None:
            spent.append(seconds - collected)
            self.working.pay(client, seconds - bots_seconds)

        try:
            with turns.running(priority, deadline, charge) as taken:
                yield taken
        finally:
            self.costs.leave(client, spent[0] if spent else None)

    def refuse_table(self, client: str) -> Refusal | None:
        """Why ``client`` may not make a table now (``None``: it may, and the table is
        counted): its bots' time spent, or its tables a minute."""
        spent = self._spent_thinking(client, None)
        if spent is not None:
            return spent
        if not self.tables_made.take_one(client):
            wait = self.tables_made.seconds_until(client, 1)
            return Refusal(
                "client_tables_per_minute",
                f"this server makes {_tables(self.limits.client_tables_per_minute)} a minute "
                f"for one client: try again in {whole_seconds(wait)} s",
                whole_seconds(wait),
            )
        return None

    def refuse_thinking(self, client: str, table: int | None) -> Refusal | None:
        """Why the bots may not think now for ``client``'s request at ``table`` (``None``:
        a new table's): the client's or the table's budget spent (``None``: they may)."""
        return self._spent_thinking(client, table)

    def _spent_thinking(self, client: str, table: int | None) -> Refusal | None:
        wait = self.client_thinking.seconds_until(client, _least(self.client_thinking))
        if wait > 0:
            return Refusal(
                "client_bot_seconds_per_minute",
                "the bots have thought as long as this server lets one client's requests "
                f"make them think a minute ({self.limits.client_bot_seconds_per_minute:g} s): "
                f"they play on in {whole_seconds(wait)} s",
                whole_seconds(wait),
            )
        if table is not None:
            wait = self.table_thinking.seconds_until(str(table), _least(self.table_thinking))
            if wait > 0:
                return Refusal(
                    "table_bot_seconds_per_minute",
                    "the bots of this table have thought as long as this server lets a "
                    f"table's bots think a minute ({self.limits.table_bot_seconds_per_minute:g}"
                    f" s): they play on in {whole_seconds(wait)} s",
                    whole_seconds(wait),
                )
        return None

    def thinking_left(self, client: str, table: int | None) -> float:
        """The wall seconds the bots may still think for ``client``'s request at ``table``
        (``None``: a new table's) before a budget is spent."""
        left = self.client_thinking.level(client)
        if table is not None:
            left = min(left, self.table_thinking.level(str(table)))
        return max(left, 0.0)

    @contextmanager
    def thinking(
        self,
        client: str,
        table: int | None,
        deadline: Deadline,
        *,
        search: bool = True,
        seconds: float | None = None,
    ) -> Iterator[Refusal | Deadline]:
        """A bot's move at ``table`` (``None``: a new table's) for ``client``'s request:
        the deadline the block's bot thinks by, else why the bots wait (a budget spent,
        or, for a ``search``, no turn given by ``deadline``). The bot thinks by the
        sooner of ``deadline``, ``seconds`` (its own limit) and what the client's and the
        table's budgets hold, and the wall seconds the block took are paid from both as
        it ends: so the bots overspend a budget by a bot's lateness past its deadline at
        most, never by a request's other moves. A bot that does not search answers in
        milliseconds and takes no turn."""
        spent = self.refuse_thinking(client, table)
        if spent is not None:
            yield spent
            return
        if not search:
            # Played in the request's turn: its bots' budgets pay for it, not its own.
            with counted_apart(), self._paid(client, table):
                yield self._think_by(client, table, deadline, seconds)
            return
        share = self.client_thinking.share_left(client)
        if table is not None:
            share += self.table_thinking.share_left(str(table))
        else:
            share += 1.0
        # The request's turn to run goes to others while its bot waits and thinks.
        with aside(), self.turns.turn(-share, deadline) as taken:
            if not taken:
                yield Refusal(
                    "bots_at_once",
                    "the server's bots are all thinking: yours play on in a moment",
                    BUSY_RETRY_SECONDS,
                )
                return
            # The wait for the turn is not thinking: the clock starts once it is given.
            with self._paid(client, table):
                yield self._think_by(client, table, deadline, seconds)

    @contextmanager
    def _paid(self, client: str, table: int | None) -> Iterator[None]:
        """The wall seconds the block takes, paid as it ends (see :meth:`pay`)."""
        started = time.monotonic()
        try:
            yield
        finally:
            self.pay(client, table, time.monotonic() - started)

    def _think_by(
        self, client: str, table: int | None, deadline: Deadline, seconds: float | None
    ) -> Deadline:
        left = min(self.thinking_left(client, table), MAX_SECONDS)
        return deadline.within(left if seconds is None else min(seconds, left))

    def pay(self, client: str, table: int | None, seconds: float) -> None:
        """Count ``seconds`` the bots thought for ``client``'s request at ``table``."""
        self.client_thinking.pay(client, seconds)
        if table is not None:
            self.table_thinking.pay(str(table), seconds)
