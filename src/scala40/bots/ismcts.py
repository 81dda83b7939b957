"""Information-set Monte Carlo tree search: a search bot for any registered game, through
the :class:`~scala40.game.State` protocol alone.

The bot never sees the hidden cards. Each iteration draws one full state consistent with
its view (a *determinization*, ``view.sample(seed)``) and walks one tree shared by all of
them: a node is a sequence of decisions from the present one, whoever made them, and a
move is available at a node only in the determinizations where it is legal (the
other seats' moves depend on their sampled hands). Selection is UCB1 over the moves
available in this determinization, counting for each move the iterations in which it
was available (ISUCT); the walk adds one new node, then a rollout policy (the game's
greedy bot, or random moves) plays on for a bounded number of moves. Chance steps met
on the way are drawn at random, not searched.

A walk is worth a value for every seat, so several seats and partnerships are handled
alike: at the end of the game each seat's :meth:`~scala40.game.State.returns`; at the
end of the hand its side's gain over the other sides in points, as a fraction of all
the points the hand moved, in the game's direction; when the rollout is cut short, the
same comparison over what the cards left in each hand count
(:attr:`~scala40.game.Game.hand_value`: the game's own cheap evaluation, deadwood in the
knock games), so that a rollout need not reach the end of the hand. Each node keeps the
values of the seat that chose its move.

The budget is a number of iterations (reproducible: the same view, legal moves and
``rng`` give the same move) and, optionally, time: the bot's own ``time_limit`` (wall
seconds from the start of the decision) within the caller's
:class:`~scala40.deadline.Deadline` (``choose(..., deadline=...)``); then the choice
depends on the machine's speed. The search is anytime: it looks at the clock before
each walk and at each move of a walk, drops a walk the deadline cuts short and returns
the best move of the walks it finished (the rollout policy's favourite if none). The work
of one decision is bounded by design: at most ``iterations`` walks, each of at most
``max_depth`` tree moves and ``rollout_depth`` rollout moves.

>>> import random, scala40
>>> from scala40.bots.ismcts import ISMCTSBot
>>> state = scala40.new_game(players=2, seed=3).apply("draw")
>>> legal = list(state.legal_moves())
>>> bot = ISMCTSBot(iterations=30)
>>> move = bot.choose(state.view(0), legal, random.Random(1))
>>> move in legal, move == bot.choose(state.view(0), legal, random.Random(1))
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any

from scala40.bots._anytime import AnytimeBot, wall_time_limit
from scala40.bots.registry import game_bots_of
from scala40.checks import check_bot_int, check_bot_number, describe
from scala40.deadline import Deadline
from scala40.errors import (
    InvalidBotSpecError,
)
from scala40.game import Bot, Game, State, registered_game
from scala40.match import ScoreOrder

__all__ = ["MAX_ITERATIONS", "MAX_TIME_LIMIT", "ROLLOUT_POLICIES", "ISMCTSBot"]

MAX_ITERATIONS = 100_000
"""The most iterations one decision may be given."""
MAX_TIME_LIMIT = 600.0
"""The longest time limit, in seconds, one decision may be given."""
ROLLOUT_POLICIES = ("greedy", "random")
"""The rollout policies a bot specification may name: the game's greedy bot (random
moves for a game without one), or random moves."""
_MAX_DEPTH = 1_000
_MAX_CANDIDATES = 1_000


class _Node:
    """One node of the tree: the decision sequence leading here, seen by every seat.

    ``values`` sums, over the walks through this node, the value for the seat that chose
    the move leading here; ``available`` counts the walks in which that move could be
    chosen (the ISUCT denominator)."""

    __slots__ = ("available", "children", "values", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.values = 0.0
        self.available = 0


class ISMCTSBot(AnytimeBot):
    """Information-set Monte Carlo tree search for any game (see the module documentation).
    A decision plays the root move searched most often (ties: the better mean, then the
    policy's order).

    :param iterations: walks per decision, 1 to :data:`MAX_ITERATIONS`.
    :param time_limit: seconds per decision (above 0, at most :data:`MAX_TIME_LIMIT`),
        or ``None``; the search stops at whichever of the two budgets ends first.
    :param rollout: ``"greedy"`` or ``"random"`` (:data:`ROLLOUT_POLICIES`), or any
        bot object, which then plays every seat of the rollouts.
    :param rollout_depth: rollout moves before the walk is valued by the cards left in
        each hand, 0 to 1000 (a game without :attr:`~scala40.game.Game.hand_value`
        plays on to the end of the hand, up to 1000 moves).
    :param candidates: the most moves searched at a node, 1 to 1000: the rollout
        policy's favourites first when it ranks moves (the greedy bots do), else the
        first in the order the state gives.
    :param exploration: the UCB1 exploration constant, 0 to 100.
    :param max_depth: the deepest tree node, 1 to 1000.
    :param bias: how far ahead the rollout policy's favourite move at each node starts,
        0 to 100: a bonus of ``bias / visits`` to its UCB1 score (progressive bias), so
        that a small budget leaves the policy's choice only for a move that proves better.
    :raises InvalidBotSpecError: an option out of its range or of the wrong type.

    >>> from scala40.bots.ismcts import ISMCTSBot
    >>> ISMCTSBot(iterations=400)
    ISMCTSBot(iterations=400, time_limit=None, rollout='greedy', rollout_depth=12, ...)
    >>> ISMCTSBot(iterations=-1)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidBotSpecError: iterations must be an integer from 1 to 100000, got -1
    """

    name = "ismcts"

    def __init__(
        self,
        iterations: int = 100,
        time_limit: float | None = None,
        rollout: str | Bot = "greedy",
        rollout_depth: int = 12,
        candidates: int = 8,
        exploration: float = 0.7,
        max_depth: int = 8,
        bias: float = 2.0,
    ) -> None:
        self.iterations: int = check_bot_int("iterations", iterations, 1, MAX_ITERATIONS)
        self.time_limit: float | None = wall_time_limit(time_limit, MAX_TIME_LIMIT)
        if isinstance(rollout, str):
            known = rollout in ROLLOUT_POLICIES
        else:
            known = callable(getattr(rollout, "choose", None))
        if not known:
            raise InvalidBotSpecError(
                f"rollout must be one of {', '.join(ROLLOUT_POLICIES)} or a bot, "
                f"got {describe(rollout)}"
            )
        self.rollout = rollout
        self.rollout_depth: int = check_bot_int("rollout_depth", rollout_depth, 0, _MAX_DEPTH)
        self.candidates: int = check_bot_int("candidates", candidates, 1, _MAX_CANDIDATES)
        self.exploration: float = float(check_bot_number("exploration", exploration, 0, 100))
        self.max_depth: int = check_bot_int("max_depth", max_depth, 1, _MAX_DEPTH)
        self.bias: float = float(check_bot_number("bias", bias, 0, 100))

    def __repr__(self) -> str:
        rollout = self.rollout if isinstance(self.rollout, str) else type(self.rollout).__name__
        return (
            f"ISMCTSBot(iterations={self.iterations}, time_limit={self.time_limit}, "
            f"rollout={rollout!r}, rollout_depth={self.rollout_depth}, "
            f"candidates={self.candidates}, exploration={self.exploration:g}, "
            f"max_depth={self.max_depth}, bias={self.bias:g})"
        )

    # ------------------------------------------------------------ the search

    def _search(self, view: Any, legal: Sequence[Any], rng: random.Random, limit: Deadline) -> Any:
        return self.ranked_moves(view, legal, rng, deadline=limit)[0][0]

    def ranked_moves(
        self,
        view: Any,
        legal: Sequence[Any],
        rng: random.Random,
        *,
        deadline: Deadline | None = None,
    ) -> list[tuple[Any, int, float]]:
        """The moves the search looked at, best first as :meth:`choose` ranks them (the
        first is its choice, from the same ``rng``), each with the walks through it and
        its mean value for the seat (0 to 1; see the module): what a hint shows. A move
        the search never tried (past ``candidates``) is not listed.

        >>> from scala40.bots.ismcts import ISMCTSBot
        >>> import random, scala40
        >>> state = scala40.new_game(players=2, seed=3).apply("draw")
        >>> bot = ISMCTSBot(iterations=30)
        >>> ranked = bot.ranked_moves(state.view(0), list(state.legal_moves()), random.Random(1))
        >>> ranked[0][0] == bot.choose(state.view(0), list(state.legal_moves()), random.Random(1))
        True
        >>> sum(visits for _, visits, _ in ranked) <= 30
        True

        :raises InvalidValueError: ``legal`` is empty.
        :raises InvalidArgumentError: ``view`` cannot be sampled, ``legal`` is not a list
            of moves, ``rng`` not a :class:`random.Random` or ``deadline`` not a
            :class:`~scala40.deadline.Deadline`.
        """
        limit = self._deadline(view, legal, rng, deadline)
        if len(legal) == 1:
            return [(legal[0], 0, 0.0)]
        first = view.sample(rng.getrandbits(64))
        search = _Search(
            self, registered_game(first.game_name), random.Random(rng.getrandbits(64)), limit
        )
        root_moves = search.ranked(view, list(legal))
        root = _Node()
        for iteration in range(self.iterations):
            if limit.expired():
                break
            world = first if iteration == 0 else view.sample(rng.getrandbits(64))
            try:
                search.walk(world, root, root_moves)
            except _OutOfTimeError:
                break
        order = sorted(
            enumerate(root_moves),
            key=lambda item: _root_key(root.children.get(item[1]), item[0]),
            reverse=True,
        )
        ranked = []
        for _, move in order:
            node = root.children.get(move)
            visits = 0 if node is None else node.visits
            ranked.append((move, visits, node.values / visits if node and visits else 0.0))
        return ranked


def _root_key(node: _Node | None, order: int) -> tuple[int, float, int]:
    if node is None or node.visits == 0:
        return (0, 0.0, -order)
    return (node.visits, node.values / node.visits, -order)


class _OutOfTimeError(Exception):
    """The deadline passed during a walk: the walk is dropped, its values not backed up."""


class _Search:
    """What one decision's search works with: the options, the game, the policy, the
    deadline."""

    def __init__(
        self, bot: ISMCTSBot, game: Game | None, rng: random.Random, deadline: Deadline
    ) -> None:
        self.bot = bot
        self.rng = rng
        self.deadline = deadline
        self.policy = _policy(bot.rollout, game)
        ranked = getattr(self.policy, "ranked", None)
        self.rank = ranked if callable(ranked) else None
        # An unregistered game: no hand values, and no direction of its totals to read a
        # hand's end by, so rollouts play on to the end of the game (or their bound).
        self.hand_value = None if game is None else game.hand_value
        self.score_order = None if game is None else game.score_order
        self.rollout_depth = bot.rollout_depth if self.hand_value is not None else _MAX_DEPTH

    def ranked(self, view: Any, legal: list[Any]) -> list[Any]:
        """At most ``candidates`` of ``legal``, the policy's favourites first (the
        first of them is the one the progressive bias favours)."""
        if self.rank is not None:
            allowed = set(legal)
            order = [move for move in self.rank(view, legal) if move in allowed]
            if order:
                return order[: self.bot.candidates]
        return legal[: self.bot.candidates]

    def walk(self, world: State, root: _Node, root_moves: list[Any]) -> None:
        """One iteration: select and expand in ``world``, roll out, back the values up
        (:class:`_OutOfTimeError` when the deadline passes first: nothing is backed up)."""
        path: list[tuple[_Node, int]] = []
        node = root
        state = world
        hand = world.hand_number
        before = world.scores
        depth = 0
        expanded = False
        while not expanded and depth < self.bot.max_depth:
            if self.deadline.expired():
                raise _OutOfTimeError
            state = self._through_chance(state)
            if state.is_over or (self.score_order is not None and state.hand_number != hand):
                break
            actor = state.current_player
            assert actor is not None
            if depth == 0:
                moves = root_moves
            else:
                moves = self.ranked(state.view(actor), list(state.legal_moves()))
            for move in moves:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            untried = [move for move in moves if move not in node.children]
            if untried:
                move = untried[0]
                node.children[move] = child = _Node()
                child.available = 1
                expanded = True
            else:
                move = self._select(node, moves)
                child = node.children[move]
            path.append((child, actor))
            state = state.apply(move)
            node = child
            depth += 1
        values = self._rollout(state, hand, before)
        for child, actor in path:
            child.visits += 1
            child.values += values[actor]

    def _select(self, node: _Node, moves: list[Any]) -> Any:
        exploration = self.bot.exploration
        bias = self.bot.bias
        best_move = moves[0]
        best = -math.inf
        for rank, move in enumerate(moves):
            child = node.children[move]
            if not child.visits:
                return move
            score = child.values / child.visits
            score += exploration * math.sqrt(math.log(child.available) / child.visits)
            if rank == 0:
                # Progressive bias: the policy's favourite starts ahead, and the lead
                # fades as the walks through it add up.
                score += bias / child.visits
            if score > best:
                best, best_move = score, move
        return best_move

    def _through_chance(self, state: State) -> State:
        while state.is_chance and not state.is_over:
            cards = list(state.chance_cards())
            self.rng.shuffle(cards)
            state = state.apply(state.chance_move(cards))
        return state

    def _rollout(self, state: State, hand: int, before: tuple[int, ...]) -> list[float]:
        moves = 0
        while True:
            state = self._through_chance(state)
            if state.is_over:
                return list(state.returns())
            if self.score_order is not None and state.hand_number != hand:
                return _hand_values(before, state.scores, state.teams, self.score_order)
            if moves >= self.rollout_depth:
                break
            if self.deadline.expired():
                raise _OutOfTimeError
            actor = state.current_player
            assert actor is not None
            legal = list(state.legal_moves())
            state = state.apply(self.policy.choose(state.view(actor), legal, self.rng))
            moves += 1
        return self._cut_short(state)

    def _cut_short(self, state: State) -> list[float]:
        """Each seat's value of a hand still in play, from what its side's cards count."""
        if self.hand_value is None:
            return [0.5] * state.player_count
        counts = [
            self.hand_value(getattr(state.view(seat), "hand", ()), state.rules)
            for seat in range(state.player_count)
        ]
        # Fewer points left in hand is better in every game: they are what a hand's end
        # charges (or fails to credit), whatever direction the totals run.
        return _side_values([-count for count in counts], state.teams)


def _hand_values(
    before: Sequence[int], after: Sequence[int], teams: Sequence[Sequence[int]], order: ScoreOrder
) -> list[float]:
    sign = 1 if order is ScoreOrder.HIGH else -1
    return _side_values([sign * (new - old) for old, new in zip(before, after)], teams)


def _side_values(gains: Sequence[float], teams: Sequence[Sequence[int]]) -> list[float]:
    """Each seat's value, from 0 to 1: its side's gain (higher is better) over the mean of
    the other sides', as a fraction of all the gains' sizes; 0.5 for an even result."""
    side_gain = [sum(gains[seat] for seat in team) / len(team) for team in teams]
    moved = sum(abs(gain) for gain in side_gain) + 1
    values = [0.5] * len(gains)
    for index, team in enumerate(teams):
        others = [gain for other, gain in enumerate(side_gain) if other != index]
        mean_others = sum(others) / len(others) if others else 0.0
        value = 0.5 + (side_gain[index] - mean_others) / (2 * moved)
        for seat in team:
            values[seat] = value
    return values


class _RandomPolicy:
    """Random rollouts: a legal move drawn uniformly."""

    name = "random"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]


def _policy(rollout: str | Bot, game: Game | None) -> Bot:
    """The bot that plays every seat of the rollouts."""
    if not isinstance(rollout, str):
        return rollout
    factory = (
        game_bots_of(game).bots.get(rollout) if game is not None and rollout != "random" else None
    )
    bot: Bot = factory() if factory is not None else _RandomPolicy()
    return bot
