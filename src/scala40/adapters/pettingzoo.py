"""A PettingZoo AEC environment for every registered game.

:func:`env` makes the environment of any game of the library (Scala 40 unless told
otherwise), from the game protocol alone:

* the agents are ``player_0``, ``player_1``...: the seats; ``agent_selection`` is the
  seat whose decision it is (``current_player``), out of turn too;
* an action is a token of the game's :class:`~scala40.adapters.actions.ActionEncoding`
  (a ``Discrete(num_distinct_actions)`` space): a move takes one or a few of them, and
  the same agent acts again until its move is complete;
* each observation is a dictionary: ``observation``, the numbers of
  :class:`~scala40.adapters.observations.Observer` (the game's encoding of the agent's
  view, then the decision being made), and ``action_mask``, 1 for each legal action of
  the agent (all 0 when it is not the agent's decision);
* chance steps (deals, reshuffles) are played inside the environment, from the
  randomness that ``reset(seed=...)`` seeds;
* rewards come at the end of the episode and mean what the OpenSpiel game's returns
  mean (:mod:`scala40.adapters.episodes`): each seat's share of the win, partners equal,
  in a whole match (``episode="match"``) or its first hand (``episode="hand"``); an
  episode stopped by the cap (``max_game_length`` steps, counted as the OpenSpiel game
  counts them) is truncated and pays every side the same share, ``1 / sides``, or
  nothing with ``unfinished="truncate"``, which truncates a hand blocked by the turn
  limit too (see :mod:`scala40.adapters.episodes`);
* an **illegal action** ends the game, as in PettingZoo's classic environments: the
  offender's side gets 0 and the other sides share the win (the rewards still add up as
  in any other ending); the agents are terminated;
* :meth:`GameEnv.state` is the whole table for centralised critics: every seat's view,
  as the game encodes it, seat 0 first (``state_space`` gives its bounds);
* ``render()`` writes the table as the game's command-line text shows it to the agent
  to decide.

:func:`env` wraps the environment as the classic environments are wrapped (an action
outside the action space is refused, the order of calls is enforced); :func:`raw_env`
gives it bare. Installing the extra gives the packages: ``pip install "scala40[rl]"``.

>>> from scala40.adapters.pettingzoo import env
>>> game = env("scala40", rules="official", players=2)
>>> game.reset(seed=1)
>>> game.agent_selection, int(game.action_space("player_0").n)
('player_1', 180)
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((4596,), 1)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from typing import Any, ParamSpec

from scala40.adapters.extras import MissingExtraError

try:
    import numpy as np
    from gymnasium import logger, spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as _missing:  # pragma: no cover - checked with the extra uninstalled
    raise MissingExtraError(
        "the PettingZoo environment (scala40.adapters.pettingzoo)",
        ("numpy", "gymnasium", "pettingzoo"),
        "pettingzoo",
    ) from _missing

from scala40.adapters.actions import ActionEncoding, Decision, IllegalActionError
from scala40.adapters.episodes import Episode, default_max_game_length
from scala40.adapters.observations import Observer
from scala40.adapters.tensors import observation_array, observation_bounds
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.game import DEFAULT_GAME, Game
from scala40.texts import text_of

__all__ = ["GameEnv", "env", "raw_env"]

_P = ParamSpec("_P")
_INT8 = np.dtype(np.int8)


class GameEnv(AECEnv):
    """The AEC environment of one game, rules and number of players (see the module)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention
        "render_modes": ["human", "ansi"],
        "name": "scala40_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game = DEFAULT_GAME,
        rules: Any = None,
        players: int | None = None,
        *,
        render_mode: str | None = None,
        episode: str = "match",
        max_game_length: int | None = None,
        chance: str = "card",
        unfinished: str = "draw",
    ) -> None:
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise InvalidValueError(
                f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}"
            )
        self.encoding: ActionEncoding = ActionEncoding(game, rules, players)
        """The game's action encoding (its tokens, :meth:`encode`, :meth:`decode`)."""
        self.observer: Observer = Observer(self.encoding)
        """How observations are made (:attr:`Observer.fields` documents them)."""
        self.game: Game = self.encoding.game
        self.rules: Any = self.encoding.rules
        self.render_mode = render_mode
        if max_game_length is None:
            max_game_length = default_max_game_length(self.encoding, episode, chance)
        self.episode: Episode = Episode(
            self.encoding, episode, max_game_length, chance, unfinished
        )
        """When an episode ends and what it pays (:mod:`scala40.adapters.episodes`);
        ``chance`` only says how chance steps count towards ``max_game_length``."""
        self.metadata = {**GameEnv.metadata, "name": f"{self.game.name}_v0"}
        players = self.encoding.players
        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        count = self.encoding.num_distinct_actions
        low, high = observation_bounds(self.observer)
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, (self.observer.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(count) for agent in self.possible_agents
        }
        game_low = low[: self.observer.game_size]
        game_high = high[: self.observer.game_size]
        self.state_space: spaces.Box = spaces.Box(
            np.tile(game_low, players), np.tile(game_high, players), None, np.float32
        )
        """The bounds of :meth:`state`."""
        self._rng = random.Random()
        self.game_state: Any = None
        """The game's state now (a value of the game's state class)."""
        self.decision: Decision | None = None
        """The move being chosen, or ``None`` at the end."""
        self.steps: int = 0
        """Steps played so far, counted as the OpenSpiel game counts them (see
        :mod:`scala40.adapters.episodes`)."""
        self.moves: int = 0
        """Moves played so far, chance steps included."""

    # -- the AEC API -----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def _seat(self, agent: str) -> int:
        try:
            seat = self._seats.get(agent)
        except TypeError:  # an unhashable name is no agent's
            seat = None
        if seat is None:
            raise InvalidValueError(
                f"no agent named {agent!r}; agents: {', '.join(self.possible_agents)}"
            )
        return seat

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: its seed comes from ``seed`` (or, without one, from the
        environment's randomness, itself seeded by the last seed given)."""
        del options
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.truncations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._rewards_settled = False
        self._forfeited: int | None = None
        self.steps = 0
        self.moves = 0
        state = self.game.new_game(
            self.rules, self.encoding.players, self._rng.getrandbits(64), auto_chance=False
        )
        self._settle(state)
        if self.decision is None:  # over or stopped before anyone decides (a tiny cap)
            self._end_episode()
            self._accumulate_rewards()
        self.agent_selection: str = self._selected()

    def step(self, action: Any) -> None:
        """Choose ``action`` (a token id) for the agent to decide; when it completes a
        move, the move is played, then any chance step after it."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        decision = self.decision
        assert decision is not None
        try:
            token = operator.index(action)
        except TypeError:
            raise InvalidArgumentError(f"expected an integer action, got {action!r}") from None
        self._cumulative_rewards[agent] = 0.0
        # Between the deal and the end every reward is 0: once cleared and added up, the
        # rewards stay as they are until ``_end`` sets them (which clears the flag).
        settled = self._rewards_settled
        if not settled:
            self._clear_rewards()
            self._rewards_settled = True
        try:
            decision = decision.after(token)
        except IllegalActionError:
            self._end(self._forfeit(decision.player), truncated=False)
        else:
            self.steps += 1
            if decision.complete:
                self.moves += 1
                self._settle(decision.state.apply(decision.move))
            else:
                self.decision = decision
            if self.decision is None:
                self._end_episode()
        if not (settled and self._rewards_settled):
            self._accumulate_rewards()
        decision = self.decision
        if decision is not None:
            self.agent_selection = self.possible_agents[decision.player]
        else:
            self.agent_selection = self._selected()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and action mask (see the module)."""
        seat = self._seat(agent)
        observation = observation_array(self.observer, self.game_state, seat, self.decision)
        flags = bytearray(self.encoding.num_distinct_actions)
        decision = self.decision
        if decision is not None and decision.player == seat:
            for action in decision.actions():
                flags[action] = 1
        # An array over the flags, as np.frombuffer makes it, in two thirds of its time.
        mask = np.ndarray((len(flags),), _INT8, flags)
        return {"observation": observation, "action_mask": mask}

    def state(self) -> Any:
        """The whole table, for centralised critics: each seat's view as the game encodes
        it (the game's part of the observation), seat 0 first, one flat float32 array."""
        size = self.observer.game_size
        out = np.empty(size * len(self.possible_agents), np.float32)
        for seat in range(len(self.possible_agents)):
            game_part, _ = self.observer.parts(self.game_state, seat)
            out[seat * size : (seat + 1) * size] = game_part
        return out

    def render(self) -> str | None:
        """The table as the agent to decide sees it, with the tokens it has chosen so
        far: printed (``render_mode="human"``) or returned (``"ansi"``)."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode ('human' or 'ansi')")
            return None
        text = self.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers ---------------------------------------------------------------------------

    def text(self) -> str:
        """The table as the agent to decide sees it (the game's command-line wording)."""
        state = self.game_state
        wording = text_of(self.game)
        decision = self.decision
        seat = decision.player if decision is not None else 0
        lines = list(wording.board(state, seat, self.possible_agents, False))
        if state.is_over:
            lines.extend(wording.final(state, self.possible_agents))
        elif decision is None and self._forfeited is not None:
            lines.append(f"{self.possible_agents[self._forfeited]} played an illegal action.")
        elif decision is None and self.episode.over(state):
            lines.append("The hand is over.")
        elif decision is None:
            lines.append(f"Stopped after {self.steps} steps (max_game_length).")
        else:
            chosen = " ".join(self.encoding.describe(token) for token in decision.prefix)
            lines.append(f"{self.possible_agents[seat]} to choose: {chosen or '(a move)'}")
        return "\n".join(lines)

    def _settle(self, state: Any) -> None:
        """Play the chance steps from ``state`` on, then wait for the next decision."""
        episode = self.episode
        state, self.steps, played = episode.play_chance(state, self.steps, self._rng.randrange)
        self.moves += played
        self.game_state = state
        if episode.over(state) or episode.capped(self.steps):
            self.decision = None
        else:
            self.decision = self.encoding.decision(state)

    def _forfeit(self, offender: int) -> tuple[float, ...]:
        """The rewards when ``offender`` plays an illegal action: its side 0, the other
        sides share the win."""
        self._forfeited = offender
        self.decision = None
        sides = self.game_state.teams
        others = [side for side in sides if offender not in side]
        out = [0.0] * len(self.possible_agents)
        for side in others:
            for seat in side:
                out[seat] = 1.0 / len(others)
        return tuple(out)

    def _end_episode(self) -> None:
        """End the episode where no decision is left: over, paid its returns, or
        unfinished, truncated (see :meth:`Episode.outcome`)."""
        self._end(*self.episode.outcome(self.game_state))

    def _end(self, returns: tuple[float, ...], truncated: bool) -> None:
        self._rewards_settled = False
        for seat, share in enumerate(returns):
            self.rewards[self.possible_agents[seat]] = float(share)
        if truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.terminations = dict.fromkeys(self.agents, True)

    def _selected(self) -> str:
        if self.decision is not None:
            return self.possible_agents[self.decision.player]
        current = getattr(self, "agent_selection", None)
        return current if current in self.agents else self.agents[0]


raw_env = GameEnv
"""The environment of ``game`` without PettingZoo's wrappers (see the module):
:class:`GameEnv` itself, by the name PettingZoo's environments give it."""


def _classic(make: Callable[_P, GameEnv]) -> Callable[_P, Any]:
    """:func:`env`: ``make``, with its arguments (to type checkers too), its environment
    wrapped as PettingZoo's classic environments are."""

    def env(*args: _P.args, **kwargs: _P.kwargs) -> Any:
        """The environment of ``game`` (a name or a :class:`~scala40.game.Game` record),
        under ``rules`` (a ruleset, a preset name or ``None``) for ``players`` seats,
        wrapped as PettingZoo's classic environments are: an action outside the action
        space is refused, and the order of calls is enforced. An illegal action ends the
        game (the environment itself decides what it pays: see the module). It takes the
        arguments of :class:`GameEnv`."""
        bare = make(*args, **kwargs)
        return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(bare))

    env.__qualname__ = env.__name__
    return env


env = _classic(raw_env)
