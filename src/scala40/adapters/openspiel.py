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
  (:class:`~scala40.adapters.chance.ChanceDraws`), so that algorithms that enumerate or
  sample chance (CFR, MCTS, expectimax) see the true outcomes and probabilities; or,
  with ``chance="deal"``, as one of 53 equally likely sampled shuffles, for shallower
  trees.
* **Episodes and returns** (:mod:`scala40.adapters.episodes`): a whole match, or its
  first hand (``episode="hand"``); each seat's share of the win, partners equal; an
  episode stopped by the cap (``max_game_length`` steps) is a draw (every side the same
  share). Sides of equal size make the game constant-sum (``utility_sum``: the size of
  a side).
* **Observations** (:class:`SeatObserver`): the observation tensor and string are the
  seat's view (the game's :class:`~scala40.game.ObservationEncoding`) and the decision
  it is making; observers of public or private information only keep those blocks; the
  information-state string adds a digest of everything the seat has observed since the
  start (its view after every move, and its own moves), which makes it an exact
  perfect-recall information state. There is no information-state tensor (asking for
  one raises): a perfect-recall history has no fixed size.
  :meth:`OpenSpielState.resample_from_infostate` deals what a seat cannot see anew, so
  that OpenSpiel's information-set MCTS (``ISMCTSBot``) searches the states the seat
  deems possible.
* **Serialization**: games pickle as their game string; states deep-copy, pickle and
  ``serialize()`` without pickle (:mod:`scala40.adapters.openspiel_text`: the actions
  since the start, how many of them belong to a move still being chosen, and the library
  state's dictionary, read back by ``from_dict`` with its checks), and
  :meth:`OpenSpielGame.deserialize_state` reads them back, checked: the text's length
  bounded first, the state read by its game's loader, and its history checked at load,
  move by move through the game's own rules, to lead to that very state, within the
  quarter second of CPU that bounds a call at the longest history a game allows
  (:data:`~scala40.adapters.episodes.MAX_GAME_LENGTH` actions);
  :func:`serialize_game_and_state` and :func:`deserialize_game_and_state` do the same
  for OpenSpiel's game-and-state form (``pyspiel.deserialize_game_and_state`` unpickles
  what a text holds: give it only text you wrote). What each seat observed along that
  history, which its information-state string sums up, is rebuilt from the checked
  actions when one is first asked for.

Parameters: ``players`` (the game's usual number), ``rules`` (a preset name, a
ruleset's JSON as its ``to_dict()`` writes it, or :func:`rules_parameter`'s packed form,
which game strings use; the game's standard rules when empty), ``seed`` (the seed of the
first dealer's lot, which the protocol draws when a game is made: 0), ``episode``
(``"match"`` or ``"hand"``), ``chance`` (``"card"`` or ``"deal"``) and
``max_game_length`` (0 for the default, which the game, its rules and its seats give:
:func:`~scala40.adapters.episodes.default_max_game_length`).

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

import base64
import json
import pickle
import weakref
import zlib
from collections.abc import Mapping
from typing import Any

from scala40.adapters.extras import MissingExtraError

try:
    import numpy
    import pyspiel
except ImportError as _missing:  # pragma: no cover - checked with the extra uninstalled
    raise MissingExtraError(
        "the OpenSpiel game (scala40.adapters.openspiel)", ("numpy", "open_spiel"), "openspiel"
    ) from _missing

from scala40.adapters import nodes
from scala40.adapters.actions import (
    CARD_CODES,
    ActionEncoding,
)
from scala40.adapters.chance import ChanceDraws
from scala40.adapters.episodes import (
    DEAL_OUTCOMES,
    Episode,
    dealt_move,
    default_max_game_length,
)
from scala40.adapters.nodes import Node as _Node
from scala40.adapters.observations import History, Observer
from scala40.adapters.openspiel_observer import NO_INFORMATION_TENSOR, SeatObserver
from scala40.adapters.openspiel_text import (
    MAX_STATE_CHARS,
    max_serialized_chars,
    read_serialized,
    state_json,
    write_serialized,
)
from scala40.adapters.tensors import FLOAT32
from scala40.cards import CARD_NAMES
from scala40.checks import describe
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    InvalidValueError,
    Scala40Error,
    SerializationError,
)
from scala40.game import DEFAULT_GAME, Game, game_names
from scala40.game import load_game as load_registered_game
from scala40.history import log_of_hand
from scala40.rulesets import RulesetBase

__all__ = [
    "MAX_STATE_CHARS",
    "RULES_PREFIX",
    "OpenSpielGame",
    "OpenSpielState",
    "SeatObserver",
    "deserialize_game_and_state",
    "load_game",
    "register",
    "register_all",
    "rules_parameter",
    "serialize_game_and_state",
    "short_name",
]

RULES_PREFIX = "zjson:"
"""How a ruleset's JSON starts in a game string (see :func:`rules_parameter`)."""

_MAX_RULES_BYTES = 1 << 16
"""The most bytes a ruleset's JSON may take once unpacked from a game string."""

_MAX_ACTION = 10**6
"""Actions and chance outcomes are below this (OpenSpiel's integers, six digits)."""

_GAME_AND_STATE = (
    "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n[Game]\n"
)
"""How OpenSpiel's game-and-state form starts (its game string and ``[State]`` follow)."""

_REGISTERED: dict[str, str] = {}

# OpenSpiel's player ids of a chance node and of the end, as plain integers: reading the
# members of pybind11's enum costs a lookup through its class each time, and OpenSpiel's
# apply_action asks current_player() at every action.
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_frombuffer = numpy.frombuffer


def _float32_array(numbers: Any) -> Any:
    """A float32 array on ``numbers`` (read-only bytes): read-only too, without a copy."""
    return _frombuffer(numbers, FLOAT32)


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def short_name(game: str | Game) -> str:
    """The name OpenSpiel knows a game by: ``python_`` and the game's name.

    >>> from scala40.adapters.openspiel import short_name
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
            "max_game_length": 0,
            "episode": "match",
            "chance": "card",
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
    name = f"OpenSpiel_{record.name}"
    creator = type(name, (OpenSpielGame,), {"record": record, "__module__": __name__})
    # Reachable by name, so that pickle and cloudpickle find the class by reference.
    globals()[name] = creator
    return creator


def rules_parameter(rules: RulesetBase) -> str:
    """The ``rules`` parameter that names ``rules`` in a game string: the ruleset's JSON,
    compressed and written in URL-safe base64 after :data:`RULES_PREFIX`, so that it holds
    no comma, bracket or equals sign (which OpenSpiel's parser of game strings splits on).

    >>> from scala40.adapters.openspiel import rules_parameter
    >>> import scala40
    >>> text = rules_parameter(scala40.Ruleset(match_format="single"))
    >>> text.startswith("zjson:"), any(mark in text for mark in ",()=")
    (True, False)
    """
    data = json.dumps(rules.to_dict(), separators=(",", ":"), sort_keys=True).encode()
    packed = base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii")
    return RULES_PREFIX + packed.rstrip("=")


def _unpacked_rules(text: str) -> Any:
    packed = text[len(RULES_PREFIX) :]
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(data, _MAX_RULES_BYTES)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise ValueError("not one whole compressed block within the size bound")
        return json.loads(raw)
    except (ValueError, zlib.error) as error:
        raise InvalidValueError(
            f"rules: {text[:60]!r}... is not a ruleset packed by rules_parameter ({error})"
        ) from None


def load_game(game: str | Game = DEFAULT_GAME, **params: Any) -> Any:
    """The OpenSpiel game of ``game``, registered if need be, with ``params`` (``players``,
    ``rules``, ``seed``, ``max_game_length``, ``episode``, ``chance``); ``rules`` may be a
    ruleset, given to OpenSpiel by :func:`rules_parameter`.

    >>> import pyspiel
    >>> from scala40.adapters.openspiel import load_game
    >>> import scala40
    >>> game = load_game("scala40", players=3, rules=scala40.Ruleset(match_format="single"))
    >>> game.num_players(), game.encoding.rules.match_format.value
    (3, 'single')
    >>> pyspiel.load_game(str(game)).encoding.rules == game.encoding.rules
    True
    """
    rules = params.get("rules")
    if isinstance(rules, RulesetBase):
        params["rules"] = rules_parameter(rules)
    return pyspiel.load_game(register(game), params)


def _rules_of(record: Game, text: str) -> tuple[Any, str]:
    """The ruleset a ``rules`` parameter names, and the parameter's canonical text: the
    preset's name, or the packed JSON of any other ruleset."""
    if text.startswith(RULES_PREFIX):
        rules = record.ruleset_type.from_dict(_unpacked_rules(text))
    elif text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as error:
            raise InvalidValueError(
                f"rules: expected a preset name or JSON, got {text!r}"
            ) from error
        rules = record.ruleset_type.from_dict(data)
    else:
        rules = record.resolve_rules(text or None)
        return rules, text or record.ruleset_type.DEFAULT_PRESET
    for name in record.ruleset_type.preset_names():
        if record.ruleset_type.preset(name) == rules:
            return rules, name
    return rules, rules_parameter(rules)


_GAMES: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
"""Games by game string, for unpickling: the states of one game share it."""


def _game_from_string(text: str) -> Any:
    """The game ``text`` names (a game's ``str``), registering the library's games."""
    game = _GAMES.get(text)
    if game is None:
        if not isinstance(text, str):
            raise SerializationError(f"expected a game string, got {type(text).__name__}")
        try:
            name = pyspiel.game_parameters_from_string(text)["name"]
        except (RuntimeError, KeyError) as error:
            raise SerializationError(f"not a game string: {text[:80]!r}") from error
        if name not in _REGISTERED:
            if not (isinstance(name, str) and name.removeprefix("python_") in game_names()):
                raise SerializationError(f"not a game of the library: {text[:80]!r}")
            register(name.removeprefix("python_"))
        try:
            game = pyspiel.load_game(text)
        except Scala40Error as error:  # a parameter out of its range (a cap too long)
            raise SerializationError(f"not a game of the library: {error}") from None
        _GAMES[text] = game
    return game


def _node_from_record(
    text: str, state_json: object, actions: tuple[int, ...], pending: int, moves: int
) -> _Node:
    """The node a pickled node describes: game ``text``'s state ``state_json`` (its
    ``to_dict()`` as JSON), reached by ``actions``, the last ``pending`` of them the tokens
    of a move not complete yet, after ``moves`` moves. Only OpenSpiel's own C++ writer and
    reader of a Python state (``pyspiel.serialize_game_and_state``, ``random_sim_test``)
    come this way: the library reads no pickle."""
    if not isinstance(state_json, str) or len(state_json) > MAX_STATE_CHARS:
        raise SerializationError(
            f"expected a state's dictionary as JSON, got {describe(state_json)}"
        )
    node: _Node = _game_from_string(text)._node_from(
        json.loads(state_json), actions, pending, moves
    )
    return node


nodes.READ_BACK[:] = [_node_from_record]  # what a pickled node names

_EMPTY_ATTRIBUTES = base64.b64encode(pickle.dumps({})).decode("ascii")
"""OpenSpiel's text of a Python state without attributes: its C++ part (the history and
the move number) is read from a text that carries these, the node set afterwards. (This
constant is the one pickle OpenSpiel unpickles when the library reads a state.)"""


def _state_from(text: str, serialized: str) -> OpenSpielState:
    """The state ``serialized`` of game ``text`` (how a pickled state comes back)."""
    state: OpenSpielState = _game_from_string(text).deserialize_state(serialized)
    return state


def serialize_game_and_state(state: OpenSpielState) -> str:
    """``state`` and its game in OpenSpiel's game-and-state form, the state's part
    without pickle (as ``serialize()`` writes it), for :func:`deserialize_game_and_state`.

    :raises InvalidArgumentError: ``state`` is not a state of a game of the library.
    """
    if not isinstance(state, OpenSpielState):
        raise InvalidArgumentError(
            f"expected an OpenSpiel state of the library, got {describe(state)}"
        )
    return f"{_GAME_AND_STATE}{state.node.game._text}\n[State]\n{state.serialize()}\n"


def deserialize_game_and_state(text: object) -> tuple[OpenSpielGame, OpenSpielState]:
    """The game and the state of OpenSpiel's game-and-state form, as
    :func:`serialize_game_and_state` writes it, each checked (the game string by its
    game's parameters, the state by :meth:`OpenSpielGame.deserialize_state`): what
    ``pyspiel.deserialize_game_and_state`` reads without unpickling the state's
    attributes, which a text written by OpenSpiel's own writer holds (refused unread).

    >>> from scala40.adapters import openspiel
    >>> game = openspiel.load_game("chinchon")
    >>> text = openspiel.serialize_game_and_state(game.new_initial_state())
    >>> openspiel.deserialize_game_and_state(text)[1].serialize() == game.new_initial_state().serialize()
    True

    :raises SerializationError: ``text`` is no game and state of the library in that form.
    """
    if not isinstance(text, str) or not text.startswith(_GAME_AND_STATE):
        raise SerializationError(
            f"expected OpenSpiel's game-and-state text, got {describe(text, 80)}"
        )
    start = len(_GAME_AND_STATE)
    end = text.find("\n[State]\n", start, start + _MAX_GAME_STRING)
    if end < 0 or "\n" in text[start:end]:
        raise SerializationError("a game-and-state text gives its game on one line, then [State]")
    game = _game_from_string(text[start:end])
    if len(text) - end > game._max_serialized + 10:  # refused before it is copied
        raise SerializationError(
            f"a game-and-state text of {len(text)} characters: longer than any state of "
            f"{game._text} writes"
        )
    return game, game.deserialize_state(text[end + 9 :].removesuffix("\n"))


_MAX_GAME_STRING = 1 << 17
"""Where a game-and-state text's game string must have ended (a ruleset's packed JSON is
at most 64 KiB)."""


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
                f"unknown parameters {unknown}; {short_name(record)} takes "
                + ", ".join(game_type.parameter_specification)
            )
        rules, settings["rules"] = _rules_of(record, str(settings["rules"]))
        self.encoding: ActionEncoding = ActionEncoding(record, rules, int(settings["players"]))
        self.observer: Observer = Observer(self.encoding)
        self._numbers = self.observer.made_on_numbers
        episode = str(settings["episode"])
        chance = str(settings["chance"])
        cap = settings["max_game_length"]
        if cap == 0:
            cap = default_max_game_length(self.encoding, episode, chance)
        self.episode: Episode = Episode(self.encoding, episode, cap, chance)
        settings["max_game_length"] = cap
        """When an episode ends and what it pays (:mod:`scala40.adapters.episodes`)."""
        self.initial_state: Any = record.new_game(
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
        deal = self.episode.chance == "deal"
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_distinct_actions,
            max_chance_outcomes=DEAL_OUTCOMES if deal else CARD_CODES,
            num_players=self.encoding.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if side_size is None else float(side_size),
            max_game_length=self.episode.max_game_length,
        )
        super().__init__(game_type, info, settings)
        self._text = str(self)
        self._max_serialized = max_serialized_chars(self.episode.max_game_length, self._text)
        """The most characters a serialized state of this game may take."""
        self._start = _Node.settle(
            self, self.initial_state, 0, History(None, self.initial_state), ()
        )

    def new_initial_state(self) -> OpenSpielState:
        """The state before the first deal."""
        return OpenSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> SeatObserver:
        """The observer of ``iig_obs_type`` (see :class:`SeatObserver`); OpenSpiel's
        default observation when it is ``None``."""
        if params:
            raise InvalidValueError(f"observation parameters are not supported, got {params!r}")
        if iig_obs_type is None:
            return SeatObserver(self, False, True, True)
        if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise InvalidArgumentError(
                f"expected a pyspiel.IIGObservationType, got {type(iig_obs_type).__name__}"
            )
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise InvalidValueError(
                "the private information of every player is not an observation of these "
                "games: ask for PrivateInfoType.SINGLE_PLAYER or NONE"
            )
        return SeatObserver(
            self,
            bool(iig_obs_type.perfect_recall),
            bool(iig_obs_type.public_info),
            private == pyspiel.PrivateInfoType.SINGLE_PLAYER,
        )

    def deserialize_state(self, text: str) -> OpenSpielState:
        """The state ``text`` (a state's ``serialize()``) describes, checked, without
        unpickling anything (:func:`~scala40.adapters.openspiel_text.read_serialized`):
        the text's length bounded first, the actions read (each ``player:action`` in
        ASCII digits, at most ``max_game_length`` of them), the library state from its
        dictionary (at most :data:`MAX_STATE_CHARS` characters of JSON, read by the
        game's ``from_dict``, which checks it), the tokens of a move being chosen applied
        to it; the text must be the one the state serializes to. The actions are checked
        here, from the start, through the game's own rules: each move legal where it is
        played and by the player the history names, each shuffle the cards its chance
        step deals, and all of them leading to the state read, the log of its hand
        included; a history that contradicts the state is refused. At the longest history
        a game allows (:data:`~scala40.adapters.episodes.MAX_GAME_LENGTH` actions) this
        stays within the quarter second of CPU that bounds a call; what each seat
        observed along the way is rebuilt from the checked actions when an
        information-state string first needs it.

        :raises SerializationError: ``text`` is not a serialized state of this game.
        """
        read = read_serialized(text, self._text, self.episode.max_game_length)
        players = tuple(player for player, _ in read.history)
        actions = tuple(action for _, action in read.history)
        node = self._node_from(read.state, actions, read.pending, read.moves, players=players)
        if state_json(node.state.to_dict()) != text[text.rindex("\nstate=") + 7 :]:
            raise SerializationError(f"not a state of {self._text} as serialize() writes it")
        # The C++ part (the history and the move number) read as OpenSpiel reads it, from
        # the checked history; then the node.
        head = text[: text.index("\ngame=")]
        state: OpenSpielState = pyspiel.Game.deserialize_state(
            self, f"{head}\n__dict__={_EMPTY_ATTRIBUTES}"
        )
        state.node = node
        return state

    def _node_from(
        self,
        state_data: Any,
        actions: Any,
        pending: Any,
        moves: Any,
        *,
        players: tuple[int, ...] | None = None,
    ) -> _Node:
        """The node of a state's dictionary, its actions, the pending tokens and the
        moves made, checked; ``players``, when known, are the player of each action (the
        history's)."""
        if type(actions) is not tuple or len(actions) > self.episode.max_game_length:
            raise SerializationError(
                f"expected a tuple of at most {self.episode.max_game_length} actions "
                f"(max_game_length), got {describe(actions)}"
            )
        if not all(type(action) is int and 0 <= action < _MAX_ACTION for action in actions):
            raise SerializationError(f"expected actions from 0 to 999999, got {describe(actions)}")
        if not (type(pending) is int and 0 <= pending <= len(actions)):
            raise SerializationError(
                f"expected a count of pending actions, got {describe(pending)}"
            )
        steps = len(actions) - pending
        if not (type(moves) is int and 0 <= moves <= steps):
            raise SerializationError(f"expected a count of moves, got {describe(moves)}")
        try:
            state = self.record.state_from_dict(state_data)
        except Scala40Error as error:
            raise SerializationError(f"not a state of {self._text}: {error}") from None
        encoding = self.encoding
        if state.rules != encoding.rules or state.player_count != encoding.players:
            raise SerializationError(
                f"a state of other rules or seats than the game's ({self._text})"
            )
        past = actions[:steps]
        trail: tuple[Any, ...] = (past,) if past else ()
        # A history that contradicts the state is refused now, at load, rather than at
        # the first information-state string (_check_history: within the bound of a
        # call at the longest history, MAX_GAME_LENGTH actions); the seats' past
        # observations are rebuilt from the checked actions when a digest needs them.
        self._check_history(past, state, moves, players)
        history = History.read_back(state, moves, lambda: self._history_of(past))
        node = _Node.settle(self, state, steps, history, trail)
        try:
            for action in actions[steps:]:
                node = node.after(action)
        except IllegalMoveError as error:
            raise SerializationError(f"not a state of {self._text}: {error}") from None
        if node.state is not state:
            raise SerializationError("the tokens of the move being chosen complete a move")
        return node

    def _check_history(
        self,
        actions: tuple[int, ...],
        state: Any,
        moves: int,
        players: tuple[int, ...] | None,
    ) -> None:
        """Refuse ``actions``, the complete moves of a state read back, unless they are a
        game of this one that leads to ``state`` after ``moves`` moves, each action by
        the player ``players`` names (when known).

        The moves are checked through the game's own rules, as ``apply`` checks a move
        (each legal where it is played: the library's promise that a move applies
        exactly when it is listed), each move's tokens read as the encoding writes that
        move, each shuffle's cards the very cards its chance step deals, nothing after
        the episode ends; without what OpenSpiel's steps keep besides (no legal actions
        listed, no decision, no observation, no log of the hand), so that the longest
        history checks within the bound of a call. The state they give, with the log of
        the hand in play made from its moves (``scala40.history.log_of_hand``),
        must be the state read, its dictionary whole (its log and its move count too).
        """
        encoding = self.encoding
        episode = self.episode
        deal = episode.chance == "deal"
        current = self.initial_state
        keeps_log = getattr(current, "hand_log", None) is not None
        if keeps_log:
            current = current.without_log()
        hand: list[Any] = []  # the entries of the hand's log, since the hand began
        moves_read: dict[tuple[int, ...], Any] = {}
        played = at = 0
        total = len(actions)
        try:
            while at < total:
                if episode.over(current) or episode.capped(at):
                    raise SerializationError(f"action {at} comes after the episode ended")
                player = current.current_player
                if player is None and deal:
                    end = at + 1
                    move = dealt_move(current, actions[at], at)
                elif player is None:
                    cards = current.chance_cards()
                    end = at + len(cards)
                    order = actions[at:end]
                    if sorted(order) != sorted(cards):
                        raise SerializationError(
                            f"actions {at} to {end - 1} are no order of the "
                            f"{len(cards)} cards the chance step shuffles"
                        )
                    move = current.chance_move(order)
                else:
                    # A move is read once for each series of tokens (a history repeats
                    # few: a draw, a discard of each card).
                    end = encoding.move_end(actions, at)
                    tokens = actions[at:end]
                    move = moves_read.get(tokens)
                    if move is None:
                        move = moves_read[tokens] = encoding.decode(tokens)
                        if encoding.encode(move) != tokens:
                            raise SerializationError(
                                f"actions {at} to {end - 1} are not the tokens of {move}"
                            )
                if players is not None:
                    said = players[at:end]
                    expected = -1 if player is None else player
                    if said.count(expected) != len(said):
                        raise SerializationError(
                            f"actions {at} to {end - 1} are said to be played by "
                            f"{sorted(set(said))}, not by {expected}"
                        )
                new = current.apply(move)
                played += 1
                if new.hand_number != current.hand_number:
                    hand = []
                elif keeps_log:
                    hand.append(current.log_entry(new, move))
                current = new
                at = end
        except (IllegalMoveError, InvalidMoveError) as error:
            raise SerializationError(
                f"the actions of the state read back are not a game of {self._text}: {error}"
            ) from None
        if keeps_log:
            # The hand's log as play keeps it, made from its entries in one pass.
            current = current.copy_with(hand_log=log_of_hand(hand, current.player_count))
        if played != moves or current.to_dict() != state.to_dict():
            raise SerializationError(
                "the actions of the state read back do not lead to the state read"
            )

    def _history_of(self, actions: tuple[int, ...]) -> History:
        """The history the (checked) ``actions`` play from the start, each state kept for
        the seats' digests (:class:`~scala40.adapters.observations.History`): what an
        information-state string of a state read back needs of its past, rebuilt when it
        first does."""
        node: _Node = self._start
        for action in actions:
            node = node.after(action)
        return node.history

    def observation(self, node: _Node, player: int) -> Any:
        """What ``player`` observes at ``node``, as a read-only float32 array made on the
        seat's one buffer, written in place (no copy; a move of several tokens, or the
        same node asked again, writes only what changed): an array handed out never
        changes, the buffer being copied before it is written while one is held."""
        return self._numbers(node.state, player, node.decision, _float32_array)

    def __reduce__(self) -> Any:
        return (_game_from_string, (self._text,))

    def __deepcopy__(self, memo: dict[int, Any]) -> OpenSpielGame:
        return self  # games never change

    def __copy__(self) -> OpenSpielGame:
        return self


def _type_fields(game_type: Any) -> dict[str, Any]:  # pragma: no cover - see above
    names = (
        "short_name", "long_name", "dynamics", "chance_mode", "information", "utility",
        "reward_model", "max_num_players", "min_num_players",
        "provides_information_state_string", "provides_information_state_tensor",
        "provides_observation_string", "provides_observation_tensor",
        "parameter_specification",
    )  # fmt: skip
    return {name: getattr(game_type, name) for name in names}


class OpenSpielState(pyspiel.State):
    """A state of an :class:`OpenSpielGame` (see the module)."""

    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self.node: _Node = game._start
        """Where the game stands (shared by clones: it never changes)."""

    @property
    def game_state(self) -> Any:
        """The library's state of the game (the move being chosen aside)."""
        return self.node.state

    def current_player(self) -> int:
        node = self.node
        if node.draws is not None:
            return _CHANCE
        if node.decision is None:
            return _TERMINAL
        return node.decision.player

    def _legal_actions(self, player: int) -> list[int]:
        decision = self.node.decision
        if decision is None or player != decision.player:
            return []
        return list(decision.actions())

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (the player to act by default; the chance
        outcomes at a chance node), in increasing order: the same as OpenSpiel's C++
        path, answered without its round trips between C++ and Python."""
        node = self.node
        if node.draws is not None:
            if player is not None and player != _CHANCE:
                return []
            return [outcome for outcome, _ in node.draws.outcomes()]
        decision = node.decision
        if decision is None or (player is not None and player != decision.player):
            return []
        return list(decision.actions())

    def is_chance_node(self) -> bool:
        """Whether chance acts next."""
        return self.node.draws is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        draws = self.node.draws
        return [] if draws is None else list(draws.outcomes())

    def _apply_action(self, action: int) -> None:
        # An illegal action raises IllegalActionError (the library's), the state unchanged.
        self.node = self.node.after(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            if self.node.game.episode.chance == "deal":
                return f"deal {action}"
            return f"draw {CARD_NAMES[action]}" if 0 <= action < CARD_CODES else f"draw {action}"
        encoding: ActionEncoding = self.node.game.encoding
        return encoding.describe(action)

    def is_terminal(self) -> bool:
        return self.node.terminal

    def returns(self) -> list[float]:
        node = self.node
        if not node.terminal:
            return [0.0] * node.state.player_count
        episode = node.game.episode
        if node.over:
            return list(episode.returns(node.state))
        return list(episode.draw_returns(node.state))

    def observation_tensor(self, player: int | None = None) -> Any:
        """What ``player`` (the player to act by default) observes, as a read-only
        float32 NumPy array of ``game.observation_tensor_size()`` numbers: encoded once
        per state and player, and given without a copy into a list (OpenSpiel's C++
        path, which C++ algorithms take, gives the same numbers as a list).

        :raises InvalidValueError: ``player`` is not a seat of the game (or, without one,
            nobody is to act).
        """
        node = self.node
        if player is None:
            player = self.current_player()
        if not (type(player) is int and 0 <= player < node.state.player_count):
            raise InvalidValueError(
                f"player must be a seat from 0 to {node.state.player_count - 1}, got {player!r}"
            )
        # The game's observation (OpenSpielGame.observation) without its call.
        return node.game._numbers(node.state, player, node.decision, _float32_array)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """Refused: a perfect-recall history of these games has no fixed size.

        :raises InvalidValueError: always (the information-state string is exact).
        """
        raise InvalidValueError(NO_INFORMATION_TENSOR)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OpenSpielState:
        """A state ``player_id`` cannot tell from this one: the cards it cannot see dealt
        anew (its view's ``sample``), with the same information state for it; the random
        numbers come from ``probability_sampler()`` (floats in [0, 1)). OpenSpiel's Python
        ISMCTS calls this to search from the states a seat deems possible. It has no
        history of actions, so it cannot be serialized.

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
            game,
            state,
            node.steps,
            History.resumed(state, player_id, digest, node.history.number),
            None,
            sampled,
            None,
        )
        return copy

    def serialize(self) -> str:
        """This state as text, without pickle (:mod:`scala40.adapters.openspiel_text`),
        which :meth:`OpenSpielGame.deserialize_state` reads back.

        :raises SerializationError: the state was resampled from an information state,
            and has no history of actions.
        """
        node = self.node
        if node.trail is None:
            node.actions()  # refuses, saying why
        history = [(step.player, step.action) for step in self.full_history()]
        return write_serialized(
            history, node.game._text, node.pending, node.history.number, node.state.to_dict()
        )

    def __reduce__(self) -> Any:
        return (_state_from, (self.node.game._text, self.serialize()))

    def __setstate__(self, state: Any) -> None:
        # pyspiel's own hook unpickles what the text holds: a state of the library is
        # read by deserialize_state (pickle and copy never come here).
        raise SerializationError(
            "a state of the library is read by game.deserialize_state(text) or "
            "openspiel.deserialize_game_and_state(text), never by __setstate__"
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> OpenSpielState:
        clone: OpenSpielState = self.clone()
        return clone

    def __copy__(self) -> OpenSpielState:
        clone: OpenSpielState = self.clone()
        return clone

    def __str__(self) -> str:
        node = self.node
        text = str(node.state)
        if node.decision is not None and node.decision.prefix:
            chosen = " ".join(node.game.encoding.describe(a) for a in node.decision.prefix)
            text += f"\nchoosing: {chosen}"
        elif isinstance(node.draws, ChanceDraws):
            text += f"\ndrawing: {len(node.draws.order)} drawn, {node.draws.left} left"
        elif node.draws is not None:
            text += "\ndealing"
        return text


register_all()
