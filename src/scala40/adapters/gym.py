"""A Gymnasium environment for one seat of any game: the other seats are played inside
:meth:`SeatEnv.step` by the library's bots or by policies you give.

This is what a single-agent learning library needs (Stable-Baselines3, sb3-contrib's
``MaskablePPO``, CleanRL, Tianshou): one agent, one observation, one action a step.

* **observations** are the seat's, as the PettingZoo environment gives them
  (:class:`~scala40.adapters.observations.Observer`: the game's encoding of the seat's
  view, then the decision being made), a float32 ``Box``; with
  ``observation="dict"``, the PettingZoo dictionary of ``observation`` and
  ``action_mask``;
* **actions** are the tokens of the game's
  :class:`~scala40.adapters.actions.ActionEncoding` (``Discrete(num_distinct_actions)``):
  a move takes one or a few steps; :meth:`SeatEnv.action_masks` gives the legal ones (the
  method sb3-contrib's ``MaskablePPO`` calls), and each ``info`` holds them too, as
  ``info["action_mask"]``;
* **the other seats** are each a bot's name (``"greedy"``, ``"random"``, any name
  :func:`~scala40.bots.make_bot` knows, options included), a bot (anything with a
  ``choose(view, legal, rng)`` method), or a policy over tokens: a callable
  ``policy(observation, action_mask) -> action`` given that seat's observation and mask
  (a trained model, for self-play); one for every other seat, or one per seat;
* **episodes** (:mod:`scala40.adapters.episodes`) are one hand (the default) or a whole
  match; the reward, at the end, is the seat's share of the win (1 for a won hand, a
  share of a tie, 0 for a loss); by default an unfinished episode (stopped by the cap,
  or a hand blocked by the turn limit) is *truncated* and pays nothing
  (``unfinished="truncate"``), and the rules are :func:`~scala40.adapters.episodes.learning_rules`,
  which keep the hands of the knock games short (``short_hands=False`` keeps the rules
  as given);
* an **illegal action** ends the episode as a loss (the seat's side gets 0), with
  ``info["illegal_action"]`` set, as in the PettingZoo environment;
* **seeding**: ``reset(seed=...)`` seeds the deals and the bots; the same seed and the
  same actions give the same episode. A hand that ends before the seat's first decision
  (another seat goes out at once) teaches nothing: ``reset`` deals the next one, and
  lists the rewards of those it skipped in ``info["skipped_hands"]``, so that an
  evaluation can count them;
* it **pickles** (with its game, as it stands), so that subprocesses can take it:
  Gymnasium's ``AsyncVectorEnv``, Stable-Baselines3's ``SubprocVecEnv``.

Importing this module registers ``scala40/Seat-v0`` with Gymnasium, so that
``gymnasium.make("scala40/Seat-v0", game="chinchon")`` and ``gymnasium.make_vec`` make
it. It needs the ``gym`` extra (``pip install "scala40[gym]"``, or ``rl``).

>>> from scala40.adapters.gym import SeatEnv
>>> env = SeatEnv("chinchon", opponents="greedy")
>>> observation, info = env.reset(seed=1)
>>> observation.shape, int(env.action_space.n), sorted(info)
((637,), 107, ['action_mask', 'skipped_hands'])
>>> env.rules.turn_limit
52
>>> bool(env.action_masks()[env.encoding.token_id("draw")])
True
>>> observation, reward, terminated, truncated, info = env.step(env.encoding.token_id("draw"))
>>> reward, terminated, truncated
(0.0, False, False)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scala40.adapters.extras import MissingExtraError

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as _missing:  # pragma: no cover - checked with the extra uninstalled
    raise MissingExtraError(
        "the Gymnasium seat environment (scala40.adapters.gym)", ("numpy", "gymnasium"), "gym"
    ) from _missing

from scala40.adapters.actions import ActionEncoding, Decision, IllegalActionError
from scala40.adapters.episodes import Episode, default_max_game_length, learning_rules
from scala40.adapters.observations import Observer
from scala40.adapters.tensors import observation_array, observation_bounds
from scala40.bots import make_bot
from scala40.checks import describe
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.game import DEFAULT_GAME, Game, load_game
from scala40.texts import text_of

__all__ = ["ENV_ID", "MAX_REDEALS", "SeatEnv", "TokenPolicy"]

ENV_ID = "scala40/Seat-v0"
"""The id under which Gymnasium knows :class:`SeatEnv` once this module is imported."""

MAX_REDEALS = 1000
"""The most hands :meth:`SeatEnv.reset` deals in a row that end before the seat decides
(such a hand is a few thousandths of a Chinchón deal: a thousand in a row do not
happen)."""

TokenPolicy = Callable[[Any, Any], Any]
"""A policy over tokens: ``policy(observation, action_mask) -> action``, with the seat's
observation (a float32 array) and its mask (an int8 array, 1 for each legal action)."""

_OBSERVATIONS = ("vector", "dict")


class SeatEnv(gymnasium.Env[Any, Any]):
    """One seat of a game as a Gymnasium environment (see the module).

    :param game: a game's name or record (Scala 40 by default).
    :param rules: a ruleset, a preset's name or ``None`` (the standard rules), made
        :func:`~scala40.adapters.episodes.learning_rules` unless ``short_hands`` is false.
    :param players: the number of seats (the game's usual number when ``None``).
    :param seat: the seat the agent holds.
    :param opponents: who plays the other seats: a bot's name, a bot, or a
        :data:`TokenPolicy`; one for all of them, or a sequence with one per seat (the
        agent's own entry ignored), or a mapping from seat to opponent. Bots' names are
        resolved by :func:`~scala40.bots.make_bot` for the game: ``"greedy"`` by default.
    :param episode: ``"hand"`` (the default) or ``"match"``.
    :param unfinished: ``"truncate"`` (the default) or ``"draw"``: what an unfinished
        episode pays (:mod:`scala40.adapters.episodes`).
    :param short_hands: whether to use :func:`~scala40.adapters.episodes.learning_rules`.
    :param max_game_length: the cap on an episode's steps, counted as the OpenSpiel game
        counts them (the other seats' tokens and the chance outcomes included); the
        default comes from the game, its rules and its seats.
    :param chance: how chance steps count towards the cap: ``"card"`` or ``"deal"``.
    :param observation: ``"vector"`` (a ``Box``) or ``"dict"`` (the PettingZoo
        dictionary with the mask).
    :param render_mode: ``None``, ``"human"`` (printed) or ``"ansi"`` (returned).
    :raises UnknownGameError: no game has that name.
    :raises InvalidBotSpecError: an opponent's name is no bot of the game.
    :raises InvalidValueError: a number or a mode out of its range.
    :raises InvalidArgumentError: an opponent that is no bot, name or callable.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}  # noqa: RUF012 - Gymnasium's convention

    def __init__(
        self,
        game: str | Game = DEFAULT_GAME,
        rules: Any = None,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: Any = "greedy",
        episode: str = "hand",
        unfinished: str = "truncate",
        short_hands: bool = True,
        max_game_length: int | None = None,
        chance: str = "card",
        observation: str = "vector",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._arguments: dict[str, Any] = {
            "game": load_game(game).name,
            "rules": rules,
            "players": players,
            "seat": seat,
            "opponents": opponents,
            "episode": episode,
            "unfinished": unfinished,
            "short_hands": short_hands,
            "max_game_length": max_game_length,
            "chance": chance,
            "observation": observation,
            "render_mode": render_mode,
        }
        if render_mode not in (None, "human", "ansi"):
            raise InvalidValueError(
                f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}"
            )
        if observation not in _OBSERVATIONS:
            raise InvalidValueError(f"observation must be 'vector' or 'dict', got {observation!r}")
        if type(short_hands) is not bool:
            raise InvalidArgumentError(f"short_hands must be True or False, got {short_hands!r}")
        if short_hands:
            rules = learning_rules(game, rules, players)
        self.encoding: ActionEncoding = ActionEncoding(game, rules, players)
        """The game's tokens (:meth:`~scala40.adapters.actions.ActionEncoding.describe`,
        ``encode``, ``decode``)."""
        self.observer: Observer = Observer(self.encoding)
        """How observations are made (:attr:`Observer.fields` documents them)."""
        self.game: Game = self.encoding.game
        self.rules: Any = self.encoding.rules
        """The rules played (after :func:`~scala40.adapters.episodes.learning_rules`)."""
        count = self.encoding.players
        if not (type(seat) is int and 0 <= seat < count):
            raise InvalidValueError(f"seat must be from 0 to {count - 1}, got {seat!r}")
        self.seat = seat
        """The seat the agent holds."""
        if max_game_length is None:
            max_game_length = default_max_game_length(self.encoding, episode, chance)
        self.episode: Episode = Episode(
            self.encoding, episode, max_game_length, chance, unfinished
        )
        """When an episode ends and what it pays (:mod:`scala40.adapters.episodes`)."""
        self.opponents: list[Any] = _opponents(opponents, self.game, count, seat)
        """Who plays each seat: a bot, a token policy, or ``None`` for the agent's."""
        self.render_mode = render_mode
        self._dict = observation == "dict"
        low, high = observation_bounds(self.observer)
        box = spaces.Box(low, high, (self.observer.size,), np.float32)
        actions = self.encoding.num_distinct_actions
        self.observation_space: spaces.Space[Any] = (
            spaces.Dict({"observation": box, "action_mask": spaces.Box(0, 1, (actions,), np.int8)})
            if self._dict
            else box
        )
        self.action_space: spaces.Space[Any] = spaces.Discrete(actions)
        self._rng = random.Random()
        self._bot_rngs = [random.Random() for _ in range(count)]
        self.game_state: Any = None
        """The game's state now (a value of the game's state class)."""
        self.decision: Decision | None = None
        """The agent's move being chosen, or ``None`` once the episode is over."""
        self.steps: int = 0
        """Steps played in the episode, counted as the OpenSpiel game counts them."""
        self._reward = 0.0
        self._truncated = False
        self._illegal = False

    # -- the Gymnasium API -----------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a new episode, played up to the agent's first decision; ``seed`` seeds
        this and the later episodes (see the module)."""
        super().reset(seed=seed)
        del options
        if seed is not None:
            self._rng = random.Random(seed)
        skipped: list[float] = []
        for _ in range(MAX_REDEALS):
            self._deal()
            if self.decision is not None:
                break
            skipped.append(self._reward)
        else:  # pragma: no cover - see MAX_REDEALS
            raise InvalidValueError(
                f"{MAX_REDEALS} hands in a row ended before seat {self.seat} decided"
            )
        info = self._info()
        info["skipped_hands"] = skipped
        return self._observation(), info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Choose the token ``action``; a whole move is played, then the other seats'
        moves, up to the agent's next decision or the end of the episode.

        :raises InvalidArgumentError: the episode is over (call :meth:`reset`), or
            ``action`` is not an integer.
        """
        decision = self.decision
        if decision is None:
            raise InvalidArgumentError("the episode is over: call reset() to start another")
        try:
            token = operator.index(action)
        except TypeError:
            raise InvalidArgumentError(f"expected an integer action, got {action!r}") from None
        try:
            decision = decision.after(token)
        except IllegalActionError:
            self._forfeit()
        else:
            self.steps += 1
            if decision.complete:
                self._advance(decision.state.apply(decision.move))
            else:
                self.decision = decision
        over = self.decision is None
        reward = self._reward if over else 0.0
        truncated = over and self._truncated
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over and not truncated, truncated, self._info()

    def action_masks(self) -> Any:
        """The agent's legal actions now, as booleans (all false once the episode is
        over): the method sb3-contrib's ``MaskablePPO`` calls."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        """The table as the agent sees it, and the tokens it has chosen so far: printed
        (``render_mode="human"``) or returned (``"ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode ('human' or 'ansi')")
            return None
        state = self.game_state
        names = [f"player_{seat}" for seat in range(self.encoding.players)]
        lines = list(text_of(self.game).board(state, self.seat, names, False))
        decision = self.decision
        if decision is not None:
            chosen = " ".join(self.encoding.describe(token) for token in decision.prefix)
            lines.append(f"{names[self.seat]} to choose: {chosen or '(a move)'}")
        else:
            lines.append(f"The episode is over: reward {self._reward:g}.")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # -- playing -------------------------------------------------------------------------

    def _deal(self) -> None:
        self.steps = 0
        self._reward = 0.0
        self._truncated = False
        self._illegal = False
        rng = self._rng
        for bot_rng in self._bot_rngs:
            bot_rng.seed(rng.getrandbits(64))
        rules = self.encoding.rules
        state = self.game.new_game(
            rules, self.encoding.players, rng.getrandbits(64), auto_chance=False
        )
        self._advance(state)

    def _advance(self, state: Any) -> None:
        """Play chance and the other seats from ``state`` on, up to the agent's decision
        or the end of the episode."""
        episode = self.episode
        while True:
            state, self.steps, _ = episode.play_chance(state, self.steps, self._rng.randrange)
            if episode.over(state) or episode.capped(self.steps):
                self.game_state = state
                self.decision = None
                returns, self._truncated = episode.outcome(state)
                self._reward = float(returns[self.seat])
                return
            decision = self.encoding.decision(state)
            if decision.player == self.seat:
                self.game_state = state
                self.decision = decision
                return
            state = self._opponent_move(decision)

    def _opponent_move(self, decision: Decision) -> Any:
        """The state after the move of the seat deciding in ``decision``, its tokens
        counted as steps."""
        seat = decision.player
        opponent = self.opponents[seat]
        state = decision.state
        if hasattr(opponent, "choose"):
            legal = list(state.legal_moves())
            move = opponent.choose(state.view(seat), legal, self._bot_rngs[seat])
            try:
                tokens = self.encoding.encode(move)
                for token in tokens:
                    decision = decision.after(token)
            except Exception as error:  # the bot's fault, said as the library's error
                raise IllegalActionError(
                    f"seat {seat}'s bot chose {describe(move)}, which is not legal here: {error}"
                ) from error
        else:
            assert opponent is not None
            while not decision.complete:
                observation = observation_array(self.observer, state, seat, decision)
                mask = _flags(self.encoding.num_distinct_actions, decision.actions())
                action = opponent(observation, mask)
                try:
                    decision = decision.after(operator.index(action))
                except (TypeError, IllegalActionError) as error:
                    raise IllegalActionError(
                        f"seat {seat}'s policy chose action {describe(action)}, which is not "
                        f"legal here: {error}"
                    ) from error
        self.steps += len(decision.prefix)
        return state.apply(decision.move)

    def _forfeit(self) -> None:
        """An illegal action of the agent: a loss, the episode over."""
        self.decision = None
        self._illegal = True
        self._truncated = False
        self._reward = 0.0

    # -- what the agent sees -------------------------------------------------------------

    def _mask(self) -> Any:
        decision = self.decision
        return _flags(
            self.encoding.num_distinct_actions, () if decision is None else decision.actions()
        )

    def _observation(self) -> Any:
        numbers = observation_array(self.observer, self.game_state, self.seat, self.decision)
        if self._dict:
            return {"observation": numbers, "action_mask": self._mask()}
        return numbers

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask()}
        if self._illegal:
            info["illegal_action"] = True
        return info

    # -- pickling ------------------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        # The arguments and the game as it stands (the state pickles as its fields, its
        # caches left out): a copy in another process makes its encodings anew (their
        # caches hold objects by identity).
        state = self.game_state
        decision = self.decision
        return {
            "arguments": self._arguments,
            "opponents": self.opponents,
            "rng": self._rng.getstate(),
            "bot_rngs": [rng.getstate() for rng in self._bot_rngs],
            "game_state": state,
            "prefix": None if decision is None else decision.prefix,
            "steps": self.steps,
            "ending": (self._reward, self._truncated, self._illegal),
        }

    def __setstate__(self, saved: dict[str, Any]) -> None:
        arguments = dict(saved["arguments"])
        SeatEnv.__init__(
            self,
            arguments.pop("game"),
            arguments.pop("rules"),
            arguments.pop("players"),
            **arguments,
        )
        self.opponents = saved["opponents"]  # the same bots, as they stood
        self._rng.setstate(saved["rng"])
        for rng, kept in zip(self._bot_rngs, saved["bot_rngs"], strict=True):
            rng.setstate(kept)
        if saved["game_state"] is not None:
            self.game_state = saved["game_state"]
        prefix = saved["prefix"]
        if prefix is not None:
            decision = self.encoding.decision(self.game_state)
            for token in prefix:
                decision = decision.after(token)
            self.decision = decision
        self.steps = saved["steps"]
        self._reward, self._truncated, self._illegal = saved["ending"]


def _flags(count: int, actions: Sequence[int]) -> Any:
    mask = np.zeros(count, np.int8)
    mask[list(actions)] = 1
    return mask


def _opponents(given: Any, game: Game, count: int, seat: int) -> list[Any]:
    """Who plays each seat: a bot or a token policy, ``None`` for the agent's."""
    if isinstance(given, Mapping):
        by_seat = dict(given)
        unknown = [key for key in by_seat if not (type(key) is int and 0 <= key < count)]
        if unknown:
            raise InvalidValueError(f"opponents: {describe(unknown)} are not seats")
        missing = [other for other in range(count) if other != seat and other not in by_seat]
        if missing:
            raise InvalidValueError(f"opponents: no opponent for seats {missing}")
    elif isinstance(given, Sequence) and not isinstance(given, str):
        if len(given) != count:
            raise InvalidValueError(
                f"opponents: expected one per seat ({count}), got {len(given)}"
            )
        by_seat = dict(enumerate(given))
    else:
        by_seat = dict.fromkeys(range(count), given)
    out: list[Any] = []
    for other in range(count):
        if other == seat:
            out.append(None)
            continue
        opponent = by_seat[other]
        if isinstance(opponent, str):
            opponent = make_bot(opponent, game)
        elif not (callable(getattr(opponent, "choose", None)) or callable(opponent)):
            raise InvalidArgumentError(
                f"opponents: expected a bot's name, a bot or a policy for seat {other}, "
                f"got {describe(opponent)}"
            )
        out.append(opponent)
    return out


if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point=f"{__name__}:SeatEnv")
