"""An OpenSpiel game for every registered game.

Importing this module registers each game of the library with ``pyspiel`` as
``python_<name>`` (``python_scala40``); :func:`register` adds a game registered later,
and :func:`load_game` loads one with its parameters. Everything comes from the game
protocol, so a new game needs no adapter code.

* **Actions** are the tokens of the game's
  :class:`~scala40.adapters.actions.ActionEncoding`: a move takes one or a few decisions
  of the same player, each with its exact legal actions.
* **Chance** is explicit (``EXPLICIT_STOCHASTIC``): every shuffle is drawn one card at a
  time, each outcome a card code (0-52) with probability its copies over the cards left
  (:class:`~scala40.adapters.actions.ChanceDraws`), so that algorithms that enumerate or
  sample chance (CFR, MCTS, expectimax) see the true outcomes and probabilities.
* **Returns** are the game's ``returns()``: each seat's share of the win, partners
  equal; a game stopped after ``max_moves`` moves is a draw (every side the same share).
  Sides of equal size make the game constant-sum (``utility_sum``: the size of a side).
* **Observations**: the observation tensor and string are the seat's view (the game's
  :class:`~scala40.game.ObservationEncoding`) and the decision it is making; the
  information-state string adds a digest of everything the seat has observed since the
  start (its view after every move, and its own moves), which makes it an exact
  perfect-recall information state. There is no information-state tensor: a
  perfect-recall history has no fixed size. :meth:`OpenSpielState.resample_from_infostate`
  deals what a seat cannot see anew, so that OpenSpiel's information-set MCTS
  (``ISMCTSBot``) searches the states the seat deems possible.

Parameters: ``players`` (the game's usual number), ``rules`` (a preset name, or a
ruleset's JSON as its ``to_dict()`` writes it; the game's standard rules when empty),
``seed`` (the seed of the first dealer's lot, which the protocol draws when a game is
made: 0) and ``max_moves`` (10,000 moves, chance steps included).

Installing the extra gives the packages: ``pip install "scala40[rl]"``.

>>> import pyspiel
>>> from scala40.adapters import openspiel
>>> game = pyspiel.load_game("python_scala40", {"players": 2})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 180, 53)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 53)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scala40.adapters.extras import MissingExtraError

try:
    import numpy as np
    import pyspiel
except ImportError as error:  # pragma: no cover - checked with the extra uninstalled
    raise MissingExtraError(
        "the OpenSpiel game (scala40.adapters.openspiel)", ("numpy", "open_spiel"), "openspiel"
    ) from error

from scala40.adapters.actions import (
    CARD_CODES,
    ActionEncoding,
    ChanceDraws,
    Decision,
    IllegalActionError,
)
from scala40.adapters.observations import History, Observer
from scala40.adapters.tensors import observation_array
from scala40.cards import CARD_NAMES
from scala40.errors import InvalidValueError, SerializationError
from scala40.game import DEFAULT_GAME, Game, game_names
from scala40.game import load_game as load_registered_game
from scala40.rulesets import RulesetBase

__all__ = [
    "DEFAULT_MAX_MOVES",
    "OpenSpielGame",
    "OpenSpielState",
    "load_game",
    "register",
    "register_all",
    "short_name",
]

DEFAULT_MAX_MOVES = 10_000
"""Moves (chance steps included) after which a game stops as a draw."""

_REGISTERED: dict[str, str] = {}


def short_name(game: str | Game) -> str:
    """The name OpenSpiel knows a game by: ``python_`` and the game's name.

    >>> short_name("scala40")
    'python_scala40'
    """
    return "python_" + load_registered_game(game).name


def _game_type(game: Game) -> Any:
    presets = [game.ruleset_type.preset(name) for name in game.ruleset_type.preset_names()]
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Python {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(rules.max_players for rules in presets),
        min_num_players=min(rules.min_players for rules in presets),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.default_players,
            "rules": game.ruleset_type.DEFAULT_PRESET,
            "seed": 0,
            "max_moves": DEFAULT_MAX_MOVES,
        },
    )


def register(game: str | Game) -> str:
    """Register ``game`` with OpenSpiel (once); returns its short name.

    :raises UnknownGameError: no game has that name.
    """
    record = load_registered_game(game)
    name = short_name(record)
    if name not in _REGISTERED:
        pyspiel.register_game(_game_type(record), _creator(record))
        _REGISTERED[name] = record.name
    return name


def register_all() -> tuple[str, ...]:
    """Register every game of :func:`scala40.game.game_names`; returns their short names."""
    return tuple(register(name) for name in game_names())


def _creator(record: Game) -> type[OpenSpielGame]:
    # A class, as OpenSpiel's own Python games register: OpenSpiel keeps the creator
    # until the process ends, and a class (unlike a plain function) outlives the
    # interpreter's shutdown safely.
    return type(f"OpenSpiel_{record.name}", (OpenSpielGame,), {"record": record})


def load_game(game: str | Game = DEFAULT_GAME, **params: Any) -> Any:
    """The OpenSpiel game of ``game``, registered if need be, with ``params`` (``players``,
    ``rules``, ``seed``, ``max_moves``); ``rules`` may be a ruleset, given to OpenSpiel
    as its JSON.

    >>> import scala40
    >>> game = load_game("scala40", players=3, rules=scala40.Ruleset(match_format="single"))
    >>> game.num_players(), game.encoding.rules.match_format.value
    (3, 'single')
    """
    rules = params.get("rules")
    if isinstance(rules, RulesetBase):
        params["rules"] = json.dumps(rules.to_dict())
    return pyspiel.load_game(register(game), params)


def _rules_of(record: Game, text: str) -> Any:
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as error:
            raise InvalidValueError(
                f"rules: expected a preset name or JSON, got {text!r}"
            ) from error
        return record.ruleset_type.from_dict(data)
    return record.resolve_rules(text or None)


class OpenSpielGame(pyspiel.Game):
    """One game of the library as an OpenSpiel game, for one set of parameters (each game
    has its own subclass, whose ``record`` is the game's record)."""

    record: Game

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        record = self.record
        given = dict(params or {})
        game_type = _game_type(record)
        settings = {**game_type.parameter_specification, **given}
        unknown = sorted(set(given) - set(game_type.parameter_specification))
        if unknown:
            raise InvalidValueError(
                f"unknown parameters {unknown}; {short_name(record)} takes players, rules, "
                "seed and max_moves"
            )
        rules = _rules_of(record, str(settings["rules"]))
        max_moves = settings["max_moves"]
        if not (isinstance(max_moves, int) and max_moves >= 1):
            raise InvalidValueError(f"max_moves must be a positive integer, got {max_moves!r}")
        self.encoding = ActionEncoding(record, rules, int(settings["players"]))
        self.observer = Observer(self.encoding)
        self.max_moves = max_moves
        self.initial_state = record.new_game(
            self.encoding.rules, self.encoding.players, int(settings["seed"]), auto_chance=False
        )
        sides = self.initial_state.teams
        side_size: int | None = len(sides[0])
        if any(len(side) != side_size for side in sides):  # pragma: no cover - no such game yet
            # Sides of different sizes: the seats' returns do not add up to a constant.
            game_type = pyspiel.GameType(
                **{**_type_fields(game_type), "utility": pyspiel.GameType.Utility.GENERAL_SUM}
            )
            side_size = None
        self.draw_share = 1.0 / len(sides)
        longest = max(self.encoding.max_move_length, self.encoding.rules.deck.size)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_distinct_actions,
            max_chance_outcomes=CARD_CODES,
            num_players=self.encoding.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if side_size is None else float(side_size),
            max_game_length=max_moves * longest,
        )
        super().__init__(game_type, info, settings)
        self._start = _Node.settle(self, self.initial_state, 0, History(None, self.initial_state))

    def new_initial_state(self) -> OpenSpielState:
        """The state before the first deal."""
        return OpenSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _SeatObserver:
        """The observer of observations (the default) or of information states
        (``perfect_recall``)."""
        if params:
            raise InvalidValueError(f"observation parameters are not supported, got {params!r}")
        perfect = isinstance(iig_obs_type, pyspiel.IIGObservationType) and bool(
            iig_obs_type.perfect_recall
        )
        return _SeatObserver(self, perfect)


def _type_fields(game_type: Any) -> dict[str, Any]:  # pragma: no cover - see above
    names = (
        "short_name", "long_name", "dynamics", "chance_mode", "information", "utility",
        "reward_model", "max_num_players", "min_num_players",
        "provides_information_state_string", "provides_information_state_tensor",
        "provides_observation_string", "provides_observation_tensor",
        "parameter_specification",
    )  # fmt: skip
    return {name: getattr(game_type, name) for name in names}


class _Node:
    """Where an OpenSpiel state stands: immutable, so that clones share it."""

    __slots__ = ("decision", "draws", "game", "history", "moves", "state")

    def __init__(
        self,
        game: OpenSpielGame,
        state: Any,
        moves: int,
        history: History,
        decision: Decision | None,
        draws: ChanceDraws | None,
    ) -> None:
        self.game = game
        self.state = state
        """The game's state (a value of the game's state class)."""
        self.moves = moves
        """Moves played, chance steps included."""
        self.history = history
        self.decision = decision
        """The move being chosen, at a player's decision."""
        self.draws = draws
        """The shuffle being drawn, at a chance node."""

    @classmethod
    def settle(cls, game: OpenSpielGame, state: Any, moves: int, history: History) -> _Node:
        if state.is_over or moves >= game.max_moves:
            return cls(game, state, moves, history, None, None)
        if state.is_chance:
            return cls(game, state, moves, history, None, ChanceDraws(state.chance_cards()))
        return cls(game, state, moves, history, game.encoding.decision(state), None)

    @property
    def terminal(self) -> bool:
        return self.decision is None and self.draws is None

    def after(self, action: int) -> _Node:
        draws = self.draws
        if draws is not None:
            draws = draws.after(action)
            if draws.complete:
                return self._moved(None, self.state.chance_move(draws.order))
            return _Node(self.game, self.state, self.moves, self.history, None, draws)
        decision = self.decision
        if decision is None:
            raise IllegalActionError(f"the game is over: no action applies, got {action!r}")
        decision = decision.after(action)
        if decision.complete:
            return self._moved(decision.player, decision.move)
        return _Node(self.game, self.state, self.moves, self.history, decision, None)

    def _moved(self, mover: int | None, move: Any) -> _Node:
        state = self.state.apply(move)
        return _Node.settle(
            self.game, state, self.moves + 1, self.history.after(state, mover, move)
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __reduce__(self) -> Any:
        raise SerializationError(
            "OpenSpiel states of the library's games cannot be serialized: replay their "
            "actions (state.history()) on a new initial state instead"
        )


class OpenSpielState(pyspiel.State):
    """A state of an :class:`OpenSpielGame` (see the module)."""

    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self.node = game._start
        """Where the game stands (shared by clones: it never changes)."""

    @property
    def game_state(self) -> Any:
        """The library's state of the game (the move being chosen aside)."""
        return self.node.state

    def current_player(self) -> int:
        node = self.node
        if node.draws is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if node.decision is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return node.decision.player

    def _legal_actions(self, player: int) -> list[int]:
        decision = self.node.decision
        if decision is None or player != decision.player:
            return []
        return list(decision.actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        draws = self.node.draws
        return [] if draws is None else list(draws.outcomes())

    def _apply_action(self, action: int) -> None:
        # An illegal action raises IllegalActionError (the library's), the state unchanged.
        self.node = self.node.after(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {CARD_NAMES[action]}" if 0 <= action < CARD_CODES else f"draw {action}"
        return self.node.game.encoding.describe(action)

    def is_terminal(self) -> bool:
        return self.node.terminal

    def returns(self) -> list[float]:
        node = self.node
        if not node.terminal:
            return [0.0] * node.state.player_count
        if node.state.is_over:
            return [float(share) for share in node.state.returns()]
        return [node.game.draw_share] * node.state.player_count

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OpenSpielState:
        """A state ``player_id`` cannot tell from this one: the cards it cannot see dealt
        anew (its view's ``sample``), with the same information state for it; the random
        numbers come from ``probability_sampler()`` (floats in [0, 1)). OpenSpiel's Python
        ISMCTS calls this to search from the states a seat deems possible.

        :raises InvalidValueError: ``player_id`` is not the seat deciding now.
        """
        node = self.node
        decision = node.decision
        if decision is None or decision.player != player_id:
            raise InvalidValueError(
                f"only the seat deciding can resample its information state, got {player_id}"
            )
        game = node.game
        seed = int(probability_sampler() * 2**53)
        state = node.state.view(player_id).sample(seed)
        digest = node.history.digest(player_id, game.observer.game_encoding.text)
        sampled = game.encoding.decision(state)
        for action in decision.prefix:
            sampled = sampled.after(action)
        copy = OpenSpielState(game)
        copy.node = _Node(
            game, state, node.moves, History.resumed(state, player_id, digest), sampled, None
        )
        return copy

    def __str__(self) -> str:
        node = self.node
        text = str(node.state)
        if node.decision is not None and node.decision.prefix:
            chosen = " ".join(node.game.encoding.describe(a) for a in node.decision.prefix)
            text += f"\nchoosing: {chosen}"
        elif node.draws is not None:
            text += f"\ndrawing: {len(node.draws.order)} drawn, {node.draws.left} left"
        return text


class _SeatObserver:
    """OpenSpiel's Python observer of one kind: observations, or information states."""

    def __init__(self, game: OpenSpielGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        observer = game.observer
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        if not perfect_recall:
            self.tensor = np.zeros(observer.size, np.float32)
            self.dict["observation"] = self.tensor

    def set_from(self, state: OpenSpielState, player: int) -> None:
        node = state.node
        if self.tensor is not None:
            observation_array(self.game.observer, node.state, player, node.decision, self.tensor)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        node = state.node
        observer = self.game.observer
        text = observer.text(node.state, player, node.decision)
        if not self.perfect_recall:
            return text
        digest = node.history.digest(player, observer.game_encoding.text)
        return f"{text}\nhistory {digest.hex()} after {node.moves} moves"


register_all()
