"""Any bot as a policy over the adapters' action tokens: so that the library's bots (or
yours) play a seat in the frameworks' own loops, beside a learning agent.

A bot chooses whole moves (``bot.choose(view, legal, rng)``); an agent of the adapters
chooses a move's tokens one at a time. :class:`BotPolicy` asks its bot for a move at the
first token of a decision, then gives that move's tokens one by one. It reads where the
game stands from what it is given: a :class:`~scala40.adapters.actions.Decision`, the
PettingZoo environment (wrapped or not), the Gymnasium
:class:`~scala40.adapters.gym.SeatEnv`, or a state of the OpenSpiel game; OpenSpiel's
bots and policies are made of it in :mod:`scala40.adapters.openspiel_bots`.

It needs nothing but the library.

>>> import scala40
>>> from scala40.adapters.actions import ActionEncoding
>>> from scala40.adapters.policies import BotPolicy
>>> encoding = ActionEncoding("scala40", "official", players=2)
>>> greedy = BotPolicy("greedy", "scala40", seed=1)
>>> state = scala40.new_game("official", players=2, seed=3)
>>> decision = encoding.decision(state)
>>> tokens = []
>>> while not decision.complete:
...     token = greedy.act(decision)
...     tokens.append(encoding.describe(token))
...     decision = decision.after(token)
>>> tokens, decision.move
(['draw'], DrawStock())
"""

from __future__ import annotations

import random
from typing import Any

from scala40.adapters.actions import Decision
from scala40.bots import bot_name, make_bot
from scala40.checks import describe
from scala40.errors import IllegalMoveError, InvalidArgumentError
from scala40.game import Bot, Game

__all__ = ["BotPolicy", "decision_of"]


def decision_of(where: Any) -> Decision | None:
    """The decision being made in ``where``: a
    :class:`~scala40.adapters.actions.Decision` itself, an adapter's
    environment (the PettingZoo environment, wrapped or not, or the Gymnasium
    ``SeatEnv``: their ``decision``), or an OpenSpiel state of the library's games (its
    ``node.decision``); ``None`` where nobody decides (the end, a chance node).

    :raises InvalidArgumentError: ``where`` is none of these.
    """
    if isinstance(where, Decision):
        return where
    node = getattr(where, "node", None)
    holder = node if node is not None and hasattr(node, "decision") else None
    if holder is None:
        unwrapped = getattr(where, "unwrapped", where)
        if hasattr(unwrapped, "decision") and hasattr(unwrapped, "encoding"):
            holder = unwrapped
    if holder is not None:
        found: Decision | None = holder.decision
        return found
    raise InvalidArgumentError(
        "expected a Decision, an adapter's environment or an OpenSpiel state of the "
        f"library's games, got {describe(where)}"
    )


class BotPolicy:
    """A bot as a policy over tokens: :meth:`act` gives the next token of the move the
    bot chose (see the module).

    :param bot: a bot (anything with ``choose(view, legal, rng)``), or a bot's name as
        :func:`~scala40.bots.make_bot` reads it (``"greedy"``, ``"ismcts:iterations=200"``),
        which then needs ``game``.
    :param game: the game of a bot given by name (a name or a record).
    :param seed: the seed of the randomness the bot draws from.
    :raises InvalidBotSpecError: no bot of the game has that name.
    :raises InvalidArgumentError: ``bot`` is no bot, or a name without ``game``.
    """

    def __init__(self, bot: Bot | str, game: str | Game | None = None, seed: int = 0) -> None:
        if isinstance(bot, str):
            if game is None:
                raise InvalidArgumentError(f"a bot named {bot!r} needs its game")
            bot = make_bot(bot, game)
        elif not callable(getattr(bot, "choose", None)):
            raise InvalidArgumentError(f"expected a bot or a bot's name, got {describe(bot)}")
        self.bot: Bot = bot
        """The bot that chooses the moves."""
        self.rng: random.Random = random.Random(seed)
        """The randomness the bot draws from."""
        self._plan: tuple[Any, tuple[int, ...]] | None = None

    def __repr__(self) -> str:
        return f"BotPolicy({bot_name(self.bot)!r})"

    def seed(self, seed: int) -> None:
        """Seed the bot's randomness anew."""
        self.rng.seed(seed)
        self._plan = None

    def act(self, where: Any) -> int:
        """The next token of the bot's move in ``where`` (see :func:`decision_of`): at
        the first token, the bot chooses among the legal moves (those that begin with the
        tokens already chosen, if any); later tokens follow the move it chose.

        :raises InvalidArgumentError: ``where`` is not something :func:`decision_of`
            reads, or nobody decides there.
        :raises IllegalMoveError: the bot chose a move that is not legal.
        """
        decision = decision_of(where)
        if decision is None:
            raise InvalidArgumentError("nobody decides here: the game is over or at chance")
        prefix = decision.prefix
        plan = self._plan
        if plan is not None and plan[0] is decision.state and plan[1][: len(prefix)] == prefix:
            tokens = plan[1]
            if len(tokens) > len(prefix):
                return tokens[len(prefix)]
        tokens = self._choose(decision)
        self._plan = (decision.state, tokens)
        return tokens[len(prefix)]

    def _choose(self, decision: Decision) -> tuple[int, ...]:
        """The tokens of the move the bot chooses among ``decision``'s candidates."""
        state = decision.state
        seat = decision.player
        candidates = decision.candidates
        legal = [move for _, move in candidates]
        move = self.bot.choose(state.view(seat), legal, self.rng)
        for tokens, candidate in candidates:
            if candidate is move:
                return tokens
        for tokens, candidate in candidates:
            if candidate == move:
                return tokens
        raise IllegalMoveError(
            f"bot {bot_name(self.bot)!r} (seat {seat}) chose {describe(move)}, which is not "
            "one of the legal moves"
        )
