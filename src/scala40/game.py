"""The game protocol: what every game of the library supplies, the registry of games, and
what a new game builds on.

The library holds several games on one core. Each game is a subpackage of
:mod:`scala40.games` that supplies a :class:`Game` record and registers it by name; the
tools (bots, tournaments, records, the command line, the learning-agent adapters) work
on any registered game through this protocol alone, and the core never imports a game.

**A game supplies** (the :class:`Game` record):

* its ``name`` (``"scala40"``), a title and a one-line summary;
* its ruleset type (a :class:`~scala40.rulesets.RulesetBase` subclass) with named presets;
* ``new_game(rules, players, seed, *, auto_chance)``, which deals the first hand;
* ``state_from_dict``, ``parse_move`` and ``move_from_dict`` to read states and moves back
  (positions' texts are read through the dictionary: :meth:`Game.state_from_text`,
  in the grammar of its ``notation``);
* optionally, its tools' hooks: the scores a finished game reports (``final_scores``)
  and the value of the cards left in a hand (``hand_value``);
* its move kinds (a :class:`~scala40.movekinds.MoveSet`) and the JSON Schema of its
  states, from which :mod:`scala40.schemas` makes the schemas of its formats, and
  optionally the grammar of its positions' texts (``notation``, :mod:`scala40.notation`);
* nothing of the layers that use it: its bots and how they value a whole hand
  (``least_deadwood``, :mod:`scala40.bots.registry`), its
  :class:`ObservationEncoding`, what one seat sees as numbers and as text for learning
  agents (:mod:`scala40.adapters.observation`), and its words on the command line (a
  :class:`~scala40.texts.GameText`, :mod:`scala40.texts`) are each found by the game's name in the
  layer that uses them.

**A state** (the :class:`State` protocol) is an immutable value:

* ``current_player`` is the seat that decides now, or ``None`` when no seat does: at a
  chance step (``is_chance``) or at the end (``is_over``). Seats may decide out of turn
  (an offer, a claim): ``current_player`` always names the seat whose decision it is;
* ``legal_moves()`` lists every legal move exactly (a lazy
  :class:`~scala40.legal.LegalMoves`), and ``apply(move)`` returns the next state or
  raises :class:`~scala40.IllegalMoveError` naming the rule, leaving the state as it was;
* ``returns()`` gives each seat's result at the end (see :func:`scala40.match.win_shares`);
  ``winners``, ``scores`` (each seat's total; partners show their side's) and ``teams``
  (the sides: one seat each in games played alone) say who won and by how much;
* ``view(seat)`` is what that seat may know, and ``view.sample(seed)`` a full state
  consistent with it (for search);
* ``to_dict()`` writes it as JSON-ready data, ``to_text()`` as one line of text (a
  position, :mod:`scala40.notation`); moves have a text notation both ways.

**A new game builds on** the pieces the library's own are made of, all here: a state on
:class:`StateBase`, typed reads of saved data (:class:`FieldReader`), the samplers of
the cards a seat cannot see (:func:`deal_hidden`), the parts of a JSON Schema of its
states (``schema``), and the checks that refuse a caller's value naming it
(:func:`describe`, :func:`check_choice`, :func:`check_seat`). ``docs/architecture``
walks through a whole small game (``examples/add_a_game.py``).

Find a game by name with :func:`load_game`; list them with :func:`game_names`.

>>> from scala40.game import load_game
>>> game = load_game("scala40")
>>> game.title, game.ruleset_type.preset_names()[:2]
('Scala 40', ('official', 'classic'))
>>> state = game.new_game("official", players=2, seed=1)
>>> state.current_player, state.is_over, state.teams
(0, False, ((0,), (1,)))
>>> load_game("bridge")
Traceback (most recent call last):
...
scala40.errors.UnknownGameError: no game named 'bridge'; games: scala40, skarney, ...
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

import scala40.schema_parts as schema
from scala40._base.sampling import MAX_SAMPLE_DRAWS, deal_hidden, draw_consistent
from scala40._base.state import MAX_TURN_MOVES, StateBase
from scala40._format.serial import MAX_READ_ITEMS, MAX_READ_TEXT, FieldReader, expect_header
from scala40._moved import moved_attribute
from scala40._registry import (
    BUILTIN_GAMES,
    ENTRY_POINT_GROUP,
    MAX_GAME_NAME,
    Game,
    State,
    View,
    game_names,
    load_game,
    position_from_text,
    register_game,
    registered_game,
)
from scala40.checks import check_choice, check_seat, describe, is_int
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.match import ScoreOrder
from scala40.melds import Meld

__all__ = [
    "BUILTIN_GAMES",
    "DEFAULT_GAME",
    "ENTRY_POINT_GROUP",
    "MAX_GAME_NAME",
    "MAX_MELD_TOTAL",
    "MAX_READ_ITEMS",
    "MAX_READ_TEXT",
    "MAX_SAMPLE_DRAWS",
    "MAX_SEARCH_TUNING",
    "MAX_TURN_MOVES",
    "Bot",
    "FieldReader",
    "Game",
    "ObservationEncoding",
    "ObservationField",
    "ScoreOrder",
    "SearchTuning",
    "State",
    "StateBase",
    "View",
    "check_choice",
    "check_seat",
    "deal_hidden",
    "describe",
    "draw_consistent",
    "endless_hands",
    "expect_header",
    "game_names",
    "load_game",
    "position_from_text",
    "register_game",
    "registered_game",
    "schema",
]


@runtime_checkable
class Bot(Protocol):
    """A player: anything with this :meth:`choose` method is a bot, for any game.

    A bot may also have a ``name`` attribute (a short word such as ``"greedy"``), which
    tournaments and error messages use. A bot that searches or thinks takes its caller's
    time too: its ``choose`` accepts a keyword-only ``deadline`` (a
    :class:`~scala40.deadline.Deadline`) and returns by it;
    :func:`scala40.bots.choose_move` hands the caller's deadline to such a bot.
    """

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal``, the legal moves of ``view.player``, whose decision it is.

        ``rng`` is the only randomness a bot should use, so that a game is reproducible
        from its seed.
        """


DEFAULT_GAME = "scala40"
"""The game the tools play when none is named (the library's first game)."""


MAX_MELD_TOTAL = 10**12
"""The largest meld total :meth:`~scala40.texts.GameText.meld_total` takes (far past any deck's cards)."""


def check_meld_value(meld: object) -> None:
    """Refuse what is not a meld (a game's words for a meld take only melds)."""
    if not isinstance(meld, Meld):
        raise InvalidArgumentError(f"expected a meld, got {describe(meld)}")


def _int_tuple(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(values)


@attrs.frozen
class ObservationField:
    """One named block of an :class:`ObservationEncoding`: its shape, the range of its
    numbers and what they mean.

    >>> from scala40.game import ObservationField
    >>> field = ObservationField("hand", (53,), "copies of each card code in the hand", 0, 8)
    >>> field.size, field.high
    (53, 8.0)
    """

    name: str
    """A short identifier (``"hand"``), unique within the encoding."""
    shape: tuple[int, ...] = attrs.field(converter=_int_tuple)
    """The block's shape; its numbers come in row-major order in the flat encoding."""
    doc: str
    """What the numbers mean, for the documentation of the encoding."""
    low: float = attrs.field(default=0.0, converter=float)
    """No number of the block is below this."""
    high: float = attrs.field(default=1.0, converter=float)
    """No number of the block is above this."""
    private: bool = attrs.field(default=False, kw_only=True)
    """Whether the block tells what only the viewing seat knows (its own cards, or what
    they imply): observers of public information leave it out."""

    @property
    def size(self) -> int:
        """How many numbers the block holds."""
        size = 1
        for length in self.shape:
            size *= length
        return size


@runtime_checkable
class ObservationEncoding(Protocol):
    """How a game writes what one seat sees as numbers and as text, for learning agents.

    The adapters find a game's by its name (:mod:`scala40.adapters.observation`) and
    turn it into arrays. The numbers are plain Python floats:
    the core and the games never need an array library. Every number is computed from
    a view alone (``state.view(seat)``), so that an encoding can never leak what the
    seat may not know.
    """

    def fields(self, rules: Any, player_count: int) -> tuple[ObservationField, ...]:
        """The blocks of the encoding in order, for these rules and this many seats: the
        shape is fixed by them, whatever the state."""

    def encode(self, view: Any) -> Sequence[float]:
        """The numbers of ``view``: every block of :meth:`fields` in order, flattened,
        each number within its block's ``low`` and ``high``. A list, or (faster for the
        adapters, which then take the numbers without a copy) an ``array.array`` of
        type code ``"f"``."""

    def text(self, view: Any) -> str:
        """What ``view`` shows as text: equal views give equal texts and different views
        different texts (the information-state strings of OpenSpiel are made of them)."""


MAX_SEARCH_TUNING = 10_000
"""The most worlds or candidates a game's :class:`SearchTuning` may name."""


def _positive_or_none(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not (is_int(value) and 1 <= value <= MAX_SEARCH_TUNING):
        error = InvalidValueError if is_int(value) else InvalidArgumentError
        raise error(
            f"{attribute.name} must be None or an integer from 1 to {MAX_SEARCH_TUNING}, "
            f"got {describe(value)}"
        )


@attrs.frozen
class SearchTuning:
    """What the library's strongest bot (``best``,
    :class:`scala40.bots.belief_search.BestBot`) spends on a decision of one game, where the
    search's defaults (32 worlds, 4 candidate moves) do not fit the game: a game whose
    hands cost more to play out plays fewer worlds within the same time, and a game
    where the search has lost to greedy compares greedy's own move alone.

    >>> from scala40.bots.registry import game_bots_of
    >>> game_bots_of("skarney").search_tuning
    SearchTuning(worlds=8, candidates=None)
    >>> game_bots_of("rumino").search_tuning.candidates
    1

    :raises InvalidArgumentError: a field is neither ``None`` nor an integer from 1 to
        :data:`MAX_SEARCH_TUNING`.
    """

    worlds: int | None = attrs.field(default=None, validator=_positive_or_none)
    """The worlds a decision plays; ``None`` for the search's default."""
    candidates: int | None = attrs.field(default=None, validator=_positive_or_none)
    """The moves a decision compares (1: greedy's own move alone); ``None`` for the
    search's default."""


def endless_hands(rules: Any, players: int) -> None:
    """:attr:`Game.max_hand_moves` of a game whose rules let a hand go on for ever under
    every option (players who never go out): no bound.

    >>> from scala40.game import endless_hands
    >>> endless_hands(None, 2) is None
    True
    """
    del rules, players  # the same answer for every ruleset


def __getattr__(name: str) -> object:
    """The name this module offered until 0.5 and the command line's words hold now
    (``GameText``, :mod:`scala40.texts`), with a warning naming its module now."""
    return moved_attribute(__name__, name, {"GameText": "scala40.texts"})
