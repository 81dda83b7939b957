"""The library's bots in OpenSpiel's loops: as ``pyspiel.Bot`` objects that OpenSpiel's
``evaluate_bots`` plays (:class:`OpenSpielBot`), and as OpenSpiel policies
(:class:`OpenSpielPolicy`), on the library's OpenSpiel games
(:mod:`scala40.adapters.openspiel`).

A bot chooses a whole move at its first token and plays its tokens in turn (a
:class:`~scala40.adapters.policies.BotPolicy`). So a trained agent is measured against
``greedy`` (or any bot) in OpenSpiel's own loop::

    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    returns = evaluate_bots(game.new_initial_state(), [my_bot, OpenSpielBot(game, 1)], rng)

:class:`Restartable` lends ``restart_at`` to a bot that keeps nothing from one step to
the next but does not say so: OpenSpiel's own Python ``ISMCTSBot`` (it searches afresh at
every step) raises "RestartAt not implemented" in ``evaluate_bots``, which calls
``restart_at`` first. The fault is OpenSpiel's; wrapping the bot works around it.

Installing the extra gives the packages: ``pip install "scala40[openspiel]"``.

>>> import numpy as np
>>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
>>> from scala40.adapters import openspiel
>>> from scala40.adapters.episodes import learning_rules
>>> from scala40.adapters.openspiel_bots import OpenSpielBot
>>> game = openspiel.load_game("chinchon", rules=learning_rules("chinchon"), episode="hand")
>>> bots = [OpenSpielBot(game, 0, "greedy", seed=1), OpenSpielBot(game, 1, "random", seed=2)]
>>> returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
>>> sum(returns)
1.0
"""

from __future__ import annotations

from typing import Any

from scala40.adapters.extras import MissingExtraError

try:
    import pyspiel
    from open_spiel.python import policy as openspiel_policy
except ImportError as _missing:  # pragma: no cover - checked with the extra uninstalled
    raise MissingExtraError(
        "OpenSpiel's bots of the library (scala40.adapters.openspiel_bots)",
        ("numpy", "open_spiel"),
        "openspiel",
    ) from _missing

from scala40.adapters.policies import BotPolicy
from scala40.errors import InvalidArgumentError

__all__ = ["OpenSpielBot", "OpenSpielPolicy", "Restartable"]


def _record_of(game: Any) -> Any:
    encoding = getattr(game, "encoding", None)
    if encoding is None:
        raise InvalidArgumentError(
            f"expected an OpenSpiel game of the library (python_<name>), got {game!r}"
        )
    return encoding.game


class OpenSpielBot(pyspiel.Bot):
    """A bot of the library as a ``pyspiel.Bot`` for seat ``player_id`` of ``game`` (one
    of the library's OpenSpiel games): ``bot`` is a bot or a bot's name
    (:func:`~scala40.bots.make_bot`: ``"greedy"`` by default), drawing from ``seed``.

    It answers ``step`` (and ``step_with_policy``, its choice with probability 1),
    ``restart_at`` and ``inform_action`` (it needs neither: it reads the state it is
    given), and ``clone``.

    :raises InvalidArgumentError: ``game`` is not one of the library's games.
    :raises InvalidBotSpecError: no bot of the game has that name.
    """

    def __init__(self, game: Any, player_id: int, bot: Any = "greedy", seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.game = game
        self.player_id = player_id
        self._spec = (bot, seed)
        self.policy: BotPolicy = BotPolicy(bot, _record_of(game), seed)
        """The bot as a policy over tokens."""

    def step(self, state: Any) -> int:
        """The next token of the bot's move in ``state``."""
        return self.policy.act(state)

    def step_with_policy(self, state: Any) -> tuple[list[tuple[int, float]], int]:
        """The bot's token, with probability 1."""
        action = self.step(state)
        return [(action, 1.0)], action

    def provides_policy(self) -> bool:
        return True

    def restart_at(self, state: Any) -> None:
        """Nothing to do: the bot reads each state it is given."""

    def restart(self) -> None:
        """Nothing to do (see :meth:`restart_at`)."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do (see :meth:`restart_at`)."""

    def inform_actions(self, state: Any, actions: Any) -> None:
        """Nothing to do (see :meth:`restart_at`)."""

    def is_clonable(self) -> bool:
        return True

    def clone(self) -> OpenSpielBot:
        """A new bot of the same kind, its randomness where this one's stands."""
        bot, seed = self._spec
        copy = OpenSpielBot(self.game, self.player_id, bot, seed)
        copy.policy.rng.setstate(self.policy.rng.getstate())
        return copy


class OpenSpielPolicy(openspiel_policy.Policy):
    """A bot of the library as an OpenSpiel policy of ``game`` for ``player_ids`` (every
    seat by default): ``action_probabilities(state)`` is the bot's token with
    probability 1, for OpenSpiel's tools that evaluate policies (``policy_aggregator``,
    ``evaluate``-style loops over ``rl_environment``)."""

    def __init__(
        self, game: Any, bot: Any = "greedy", seed: int = 0, player_ids: Any = None
    ) -> None:
        seats = list(range(game.num_players())) if player_ids is None else list(player_ids)
        super().__init__(game, seats)
        self.policy: BotPolicy = BotPolicy(bot, _record_of(game), seed)
        """The bot as a policy over tokens."""

    def action_probabilities(self, state: Any, player_id: Any = None) -> dict[int, float]:
        del player_id  # the seat to act is the state's
        return {self.policy.act(state): 1.0}


class Restartable(pyspiel.Bot):
    """``bot`` (any ``pyspiel.Bot``, such as OpenSpiel's Python ``ISMCTSBot``) with a
    ``restart_at`` and an ``inform_action`` that do nothing, for a bot that keeps nothing
    from one step to the next (OpenSpiel's ``evaluate_bots`` calls ``restart_at`` before
    a game, and ``inform_action`` after each other seat's action). Everything else goes
    to ``bot``.
    """

    def __init__(self, bot: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot

    def step(self, state: Any) -> int:
        action: int = self.bot.step(state)
        return action

    def step_with_policy(self, state: Any) -> Any:
        return self.bot.step_with_policy(state)

    def provides_policy(self) -> bool:
        return bool(self.bot.provides_policy())

    def restart_at(self, state: Any) -> None:
        """Nothing to do: the bot keeps nothing between steps."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do (see :meth:`restart_at`)."""
