"""The game protocol: what every game of the library supplies, and the registry of games.

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
* its bots by name, the generic ones of :mod:`scala40.bots.generic` and its own (a greedy bot
  at least), and the wording the command line uses;
* optionally, its tools' hooks: the scores a finished game reports (``final_scores``),
  the value of the cards left in a hand (``hand_value``) and the least value a hand's own
  melds can leave it (``least_deadwood``: how far it is from going out, for bots);
* its move kinds (a :class:`~scala40.movekinds.MoveSet`) and the JSON Schema of its
  states, from which :mod:`scala40.schemas` makes the schemas of its formats, and
  optionally the grammar of its positions' texts (``notation``, :mod:`scala40.notation`);
* optionally, its :class:`ObservationEncoding`: what one seat sees, as numbers and as
  text, for learning agents (:mod:`scala40.adapters`).

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

import difflib
import importlib
import random
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

import attrs

from scala40._bot_table import BotRef, BotTable
from scala40._wording import (
    card_name,
    card_names,
    cards_count,
    move_text,
    reading_text,
    seat_label,
    seat_values,
)
from scala40.checks import check_flag, check_int, check_names, describe, is_int
from scala40.errors import (
    InvalidArgumentError,
    InvalidPositionError,
    InvalidValueError,
    SerializationError,
    UnknownGameError,
)
from scala40.match import ScoreOrder
from scala40.melds import Meld
from scala40.notation import Notation, position_head
from scala40.notation import state_from_text as read_state_text
from scala40.notation import view_from_text as read_view_text

if TYPE_CHECKING:
    from scala40.legal import LegalMoves
    from scala40.movekinds import MoveSet
    from scala40.rulesets import RulesetBase

__all__ = [
    "BUILTIN_GAMES",
    "DEFAULT_GAME",
    "MAX_GAME_NAME",
    "MAX_MELD_TOTAL",
    "MAX_SEARCH_TUNING",
    "Bot",
    "BotRef",
    "BotTable",
    "Game",
    "GameText",
    "ObservationEncoding",
    "ObservationField",
    "ScoreOrder",
    "SearchTuning",
    "State",
    "View",
    "endless_hands",
    "game_names",
    "load_game",
    "position_from_text",
    "register_game",
    "registered_game",
]


class _Seating(Protocol):
    """What a state and a view both tell: the rules, the seats, whose decision it is."""

    @property
    def rules(self) -> Any:
        """The ruleset the game is played under."""

    @property
    def player_count(self) -> int:
        """How many seats the game has, numbered from 0 in play order (C-SEAT)."""

    @property
    def current_player(self) -> int | None:
        """The seat that decides now (public knowledge), or ``None`` at a chance step or
        the end."""


@runtime_checkable
class State(_Seating, Protocol):
    """A position of any game: an immutable value (see the module's documentation)."""

    game_name: ClassVar[str]
    """The name of the game the state belongs to (its :class:`Game`'s ``name``)."""

    @property
    def is_chance(self) -> bool:
        """Whether the next move is a chance step (a shuffle)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def hand_number(self) -> int:
        """The hand being played, from 1 (0 before the first deal)."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's running total (partners show their side's)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won, once the game is over (several share a win)."""

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides, each a tuple of seats (one seat a side in games played alone)."""

    def legal_moves(self) -> LegalMoves[Any]:
        """Every legal move, each once."""

    def apply(self, move: Any) -> State:
        """The state after ``move`` (a move value, its text or its dictionary)."""

    def parse_move(self, move: Any) -> Any:
        """The move a text or a dictionary means here, read against the legal moves (a
        wild card's card or a lay-off's end may be left to the position)."""

    def returns(self) -> tuple[float, ...]:
        """Each seat's result: its side's share of the win at the end, 0 before."""

    def view(self, player: int) -> View:
        """What seat ``player`` may know of this state."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready, versioned description of the state."""

    def all_cards(self) -> tuple[int, ...]:
        """Every card of the game wherever it is (hands, stock, piles, table), sorted: the
        deck's cards at every step (C-DECK), the whole deck before the first deal."""

    def chance_cards(self) -> tuple[int, ...]:
        """At a chance step, the cards whose order it draws (uniformly at random)."""

    def chance_move(self, order: Sequence[int]) -> Any:
        """At a chance step, the move that plays the cards of :meth:`chance_cards` in
        ``order`` (the outcome a search or a test chooses instead of the state's
        randomness)."""


@runtime_checkable
class View(_Seating, Protocol):
    """What one seat may know of a state: its own cards, what is public, nothing else."""

    @property
    def player(self) -> int:
        """The seat whose view this is."""

    def sample(self, seed: int) -> State:
        """A full state consistent with this view, drawn reproducibly from ``seed``."""


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


MAX_GAME_NAME = 100
"""The longest name, title or alias of a game, in characters: :func:`register_game`
refuses a longer one, and :func:`load_game` refuses to look one up, before any work."""


MAX_MELD_TOTAL = 10**12
"""The largest meld total :meth:`GameText.meld_total` takes (far past any deck's cards)."""


def check_meld_value(meld: object) -> None:
    """Refuse what is not a meld (a game's words for a meld take only melds)."""
    if not isinstance(meld, Meld):
        raise InvalidArgumentError(f"expected a meld, got {describe(meld)}")


class GameText:
    """The words the command line uses for a game; a game overrides what it can say better.

    The defaults print the state's own text and the moves' notation, so that any
    registered game can be played and replayed from the command line.
    """

    move_help: str = "Enter a move in the notation of the game ('moves' lists them)."
    """The help text listing the moves a player can type."""
    state_type: ClassVar[type[Any]] = State
    """The states this wording takes: a game's own state class, where it has one."""
    state_words: ClassVar[str] = "a game state"
    """What the refusal of another value says was expected."""
    move_kinds: ClassVar[tuple[type[Any], ...]] = ()
    """The move classes this wording takes, where the game declares them (:meth:`move`
    then writes the notation, with suit symbols if asked)."""
    move_words: ClassVar[str] = "a move"
    """What the refusal of another value than a move says was expected."""

    def _check(self, state: object, *names: object) -> None:
        """Refuse what is not a state this wording takes (:attr:`state_type`), or seats'
        ``names``, when given, that do not name its seats."""
        if not isinstance(state, self.state_type):
            raise InvalidArgumentError(f"expected {self.state_words}, got {describe(state)}")
        for given in names:
            check_names(given, state.player_count)

    @staticmethod
    def _winners(state: Any, names: Sequence[str]) -> str:
        """The line naming the winners of a game that is over (or saying there is none)."""
        winners = " and ".join(f"P{seat} ({names[seat]})" for seat in state.winners)
        return f"Winner: {winners}" if winners else "No winner."

    def _board_view(self, state: Any, seat: int, names: Sequence[str], unicode: bool) -> Any:
        """Seat ``seat``'s view of ``state``, for its board, once the board's arguments
        are checked (as :meth:`board` says)."""
        self._check(state, names)
        check_flag("unicode", unicode)
        return state.view(seat)

    @staticmethod
    def _pile_words(view: Any, unicode: bool) -> str:
        """The stock and the discard pile, as a board's first line says them."""
        top = card_name(view.discard[-1], unicode) if view.discard else "-"
        pile = cards_count(len(view.discard))
        return f"stock {cards_count(view.stock_size)} · discard pile {top} ({pile})"

    @staticmethod
    def _seat_scores(view: Any, names: Sequence[str], out: str = "") -> str:
        """Each seat's total, as a board says them (``out`` after a seat out of play)."""
        return " · ".join(
            f"{seat_label(seat, names)} {score}" + ("" if view.active[seat] else out)
            for seat, score in enumerate(view.scores)
        )

    @staticmethod
    def _hand_line(view: Any, unicode: bool, note: str = "", none: str = "-") -> str:
        """A board's line of the player's own hand (``note`` after its count)."""
        cards = card_names(view.hand, unicode, none=none)
        return f"Your hand ({cards_count(len(view.hand))}{note}): {cards}"

    @staticmethod
    def _chance_words(state: Any) -> str:
        """The status of a state whose next step is the dealer's: a deal, or a restock."""
        if state.phase.value == "deal":
            return f"hand {state.hand_number + 1} is to be dealt"
        return "the stock is to be rebuilt from the discard pile"

    def board(self, state: Any, seat: int, names: Sequence[str], unicode: bool) -> list[str]:
        """The table as seat ``seat`` sees it (nothing hidden from it is shown).

        :raises InvalidArgumentError: ``state`` is not a state, ``seat`` not one of its
            seats, ``names`` not a name for each seat or ``unicode`` not a bool."""
        self._check(state, names)
        check_int("seat", seat, 0, state.player_count - 1)
        check_flag("unicode", unicode)
        view = state.view(state.current_player or 0)
        return [str(view)]

    def turn_hint(self, state: Any) -> str:
        """A line saying what the player to decide is to do.

        :raises InvalidArgumentError: ``state`` is not a state."""
        self._check(state)
        return "Your move ('moves' lists the legal moves, 'help' the commands)."

    def events(self, before: Any, after: Any, names: Sequence[str]) -> list[str]:
        """Lines announcing what a move changed beyond itself (a hand ending, scores).

        :raises InvalidArgumentError: ``before`` or ``after`` is not a state, or
            ``names`` not a name for each seat."""
        self._check(before, names)
        self._check(after, names)
        if after.hand_number != before.hand_number and not after.is_over:
            return [f"Hand {before.hand_number} is over."]
        return []

    def status(self, state: Any) -> str:
        """Where an unfinished game stands, in a few words (after ``The game is not over``).

        :raises InvalidArgumentError: ``state`` is not a state."""
        self._check(state)
        if state.is_chance:
            return "the dealer shuffles next"
        return f"P{state.current_player} to move"

    def final(self, state: Any, names: Sequence[str]) -> list[str]:
        """Lines for the end of the game: totals and winners.

        :raises InvalidArgumentError: ``state`` is not a state, or ``names`` not a name
            for each seat."""
        self._check(state, names)
        return [f"Final scores: {seat_values(state.scores)}", self._winners(state, names)]

    def move(self, move: Any, unicode: bool) -> str:
        """A move as the command line prints it.

        :raises InvalidArgumentError: ``move`` is not a move value (one with
            ``to_dict``), or ``unicode`` not a bool."""
        if self.move_kinds:
            accepted = isinstance(move, self.move_kinds)
            return move_text(move, accepted, unicode, self.move_words)
        if not callable(getattr(move, "to_dict", None)) or isinstance(move, type):
            raise InvalidArgumentError(f"expected {self.move_words}, got {describe(move)}")
        check_flag("unicode", unicode)
        return str(move)

    def meld(self, meld: Meld, unicode: bool) -> str:
        """A meld as ``scala40 check`` prints it: its cards in order, each card that stands
        for another followed by ``=`` and that card.

        >>> from scala40.game import GameText
        >>> from scala40.melds import check_meld
        >>> GameText().meld(check_meld("JK 9C 8C"), unicode=True)
        '8♣ 9♣ JK=10♣'

        :raises InvalidArgumentError: ``meld`` is not a meld, or ``unicode`` not a bool.
        """
        check_meld_value(meld)
        check_flag("unicode", unicode)
        return reading_text(meld.cards, meld.represented, unicode)

    def meld_value(self, meld: Meld) -> int:
        """``meld``'s value under its meld rules, :attr:`Meld.value
        <scala40.melds.Meld.value>` (the cards' face values, a joker's its card's), as
        ``scala40 check`` prints it under ``value``. What the game scores for it is
        :meth:`meld_points`.

        >>> from scala40.game import GameText
        >>> from scala40.melds import check_meld
        >>> GameText().meld_value(check_meld("JK 9C 8C"))
        27

        :raises InvalidArgumentError: ``meld`` is not a meld.
        """
        check_meld_value(meld)
        value: int = meld.value
        return value

    def meld_points(self, meld: Meld) -> int:
        """The points ``meld`` scores in the game, as ``scala40 check`` prints them under
        ``points``: its value (:meth:`meld_value`) by default; a game that scores melds
        otherwise says so (Skarney: a set of wild cards scores 150, SK-SCORE-MELDS).

        >>> from scala40.game import load_game
        >>> from scala40.melds import check_meld
        >>> skarney = load_game("skarney")
        >>> meld = check_meld("2H 2S 2D", skarney.ruleset_type.preset("partnership").meld_rules)
        >>> skarney.text.meld_value(meld), skarney.text.meld_points(meld)
        (6, 150)

        :raises InvalidArgumentError: ``meld`` is not a meld.
        """
        return self.meld_value(meld)

    def meld_total(self, total: int, rules: Any) -> list[str]:
        """Lines ``scala40 check`` prints after the melds it was given, worth ``total``
        points (:meth:`meld_points`) together under ``rules`` (such as whether they open a hand); none by default.

        :raises InvalidArgumentError: ``total`` is not a whole number of points.
        :raises InvalidValueError: ``total`` is negative or past :data:`MAX_MELD_TOTAL`."""
        del rules
        check_int("total", total, 0, MAX_MELD_TOTAL)
        return []


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

    A game offers one through its record's ``observation``; the learning-agent adapters
    (``scala40.adapters``) turn it into arrays. The numbers are plain Python floats:
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


def _read_only(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


def _bot_table(bots: Mapping[str, Callable[..., Any] | BotRef]) -> BotTable:
    return bots if isinstance(bots, BotTable) else BotTable(bots)


MAX_SEARCH_TUNING = 10_000
"""The most worlds or candidates a game's :class:`SearchTuning` may name."""


def _positive_or_none(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not (is_int(value) and 1 <= value <= MAX_SEARCH_TUNING):
        error = InvalidValueError if is_int(value) else InvalidArgumentError
        raise error(
            f"{attribute.name} must be None or an integer from 1 to {MAX_SEARCH_TUNING}, "
            f"got {describe(value)}"
        )


_RULE_PREFIX = re.compile(r"[A-Z][A-Z0-9]{0,7}")
"""A rule ID's prefix (RULES: ``S40``, ``CH``): capitals and digits, a capital first."""


def _rule_prefix(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not (isinstance(value, str) and _RULE_PREFIX.fullmatch(value)):
        raise InvalidArgumentError(
            f"{attribute.name} must be None or 1 to 8 capitals and digits, a capital first "
            f"(a rule ID's prefix, as 'CH' of CH-CLOSE), got {describe(value)}"
        )


@attrs.frozen
class SearchTuning:
    """What the library's strongest bot (``best``,
    :class:`scala40.bots.belief_search.BestBot`) spends on a decision of one game, where the
    search's defaults (32 worlds, 4 candidate moves) do not fit the game: a game whose
    hands cost more to play out plays fewer worlds within the same time, and a game
    where the search has lost to greedy compares greedy's own move alone.

    >>> from scala40 import load_game
    >>> load_game("skarney").search_tuning
    SearchTuning(worlds=8, candidates=None)
    >>> load_game("rumino").search_tuning.candidates
    1

    :raises InvalidArgumentError: a field is neither ``None`` nor an integer from 1 to
        :data:`MAX_SEARCH_TUNING`.
    """

    worlds: int | None = attrs.field(default=None, validator=_positive_or_none)
    """The worlds a decision plays; ``None`` for the search's default."""
    candidates: int | None = attrs.field(default=None, validator=_positive_or_none)
    """The moves a decision compares (1: greedy's own move alone); ``None`` for the
    search's default."""


@attrs.frozen(eq=False)
class Game:
    """What a game supplies to the library: its name, rules, constructors and bots.

    Games are records, not classes to subclass: a game package builds one and registers
    it with :func:`register_game` when imported.
    """

    name: str
    """The registry name: lower-case letters and digits (``"scala40"``, ``"skarney"``)."""
    title: str
    """The name players use (``"Scala 40"``)."""
    summary: str
    """One line saying what the game is."""
    version: int
    """The version of the game's engine: raised when the same moves could give another
    game (records store it)."""
    ruleset_type: type[RulesetBase]
    """The game's ruleset class, with its presets."""
    new_game: Callable[..., Any]
    """``new_game(rules=None, players=N, seed=None, *, auto_chance=True)``: a new game,
    its first hand dealt (``rules`` a ruleset, a preset name or ``None``). A number of
    players the rules do not allow raises :class:`~scala40.InvalidValueError` (a value
    that is no integer, :class:`~scala40.InvalidArgumentError`)."""
    state_from_dict: Callable[[Mapping[str, Any]], Any]
    """The inverse of a state's ``to_dict``, validating everything."""
    parse_move: Callable[[str], Any]
    """A move from its text notation."""
    move_from_dict: Callable[[Mapping[str, Any]], Any]
    """A move from its dictionary (:meth:`move_to_dict` writes it)."""
    move_set: MoveSet | None = attrs.field(default=None, kw_only=True)
    """The game's move kinds (:class:`~scala40.movekinds.MoveSet`), from whose codecs the
    JSON Schema of its moves is made (:mod:`scala40.schemas`)."""
    state_schema: Callable[[], Mapping[str, Any]] | None = attrs.field(default=None, kw_only=True)
    """The JSON Schema (draft 2020-12) of its states' ``to_dict`` output, if the game
    describes it (:mod:`scala40.schemas`)."""
    bots: BotTable = attrs.field(converter=_bot_table)
    """The game's own bots, by name (a greedy bot at least); each factory takes the bot's
    options as keywords. Given as factories or as where they live (:class:`BotRef`), a
    table that loads each the first time it is asked for (:class:`BotTable`): the library's
    games name theirs by :class:`BotRef`, so that a game's rules and legal moves load no
    bot. The tools add the generic ones (:func:`scala40.bots.bot_factories` lists them
    all), so that the rules load no search.

    >>> from scala40 import load_game
    >>> list(load_game("chinchon").bots), load_game("chinchon").bots.where("greedy")
    (['greedy', 'careful'], BotRef(module='scala40.games._knock.bots', attribute='GreedyBot'))
    """
    default_players: int = 2
    """The number of players the command line offers first."""
    score_order: ScoreOrder = ScoreOrder.LOW
    """Whether low or high totals are better, for reports."""
    text: GameText = attrs.field(factory=GameText)
    """The command line's wording for this game."""
    aliases: tuple[str, ...] = ()
    """Other names :func:`load_game` accepts."""
    observation: ObservationEncoding | None = None
    """What one seat sees as numbers and text, for learning agents (optional: without
    it the adapters of :mod:`scala40.adapters` fall back on what the protocol alone
    tells)."""

    final_scores: Callable[[Any], tuple[int, ...]] | None = attrs.field(default=None, kw_only=True)
    """The scores a finished (or stopped) game reports, each seat's, as tournaments
    record them; ``None``: the state's ``scores``. A game whose rules may keep no totals
    (a single hand) says here what its results count instead."""
    hand_value: Callable[[Any, Any], int] | None = attrs.field(default=None, kw_only=True)
    """``hand_value(cards, rules)``: what the cards left in a hand count at its end under
    ``rules`` (``scala40 hand``); ``None`` for a game that does not value a hand alone.
    It validates its cards and bounds its work as any public function."""
    least_deadwood: Callable[[Any, Any], int] | None = attrs.field(default=None, kw_only=True)
    """``least_deadwood(cards, rules)``: the least :attr:`hand_value` the cards can be left
    with once the melds they hold are put down (no table meld extended, no opening
    threshold or contract asked): how far a hand is from going out, in the points it
    would count, ``0`` for a hand that melds whole. A bot values a whole hand with it
    (docs/guides/write-a-bot.rst); every game of the library gives it, ``None`` for a game
    that does not. It validates its cards and bounds its work as any public function.

    >>> from scala40 import load_game
    >>> chinchon = load_game("chinchon")
    >>> chinchon.least_deadwood("AS 2S 3S 7C 7H", chinchon.ruleset_type.default())
    14
    """
    max_hand_moves: Callable[[Any, int], int | None] | None = attrs.field(
        default=None, kw_only=True
    )
    """``max_hand_moves(rules, players)``: the most moves (chance moves included) one hand
    can take under ``rules`` with that many players, whoever plays, or ``None`` where the
    rules let a hand go on for ever (players who never go out); ``None`` (the attribute)
    for a game that documents no bound."""
    notation: Notation | None = attrs.field(default=None, kw_only=True)
    """The grammar of its positions' texts (:mod:`scala40.notation`): the order of their
    fields and the usual values of the named ones; ``None`` for a game that gives none
    (its texts then hold every field of its dictionary, the common ones in order)."""
    hand_bound_option: str | None = attrs.field(default=None, kw_only=True)
    """The ruleset option that bounds a hand the rules would let go on for ever (set, it
    makes ``max_hand_moves`` a number), or ``None`` if every hand ends whatever the
    options."""
    search_tuning: SearchTuning = attrs.field(factory=SearchTuning, kw_only=True)
    """What the strongest bot spends on a decision of this game where the search's
    defaults do not fit it (:class:`SearchTuning`): the game's tuning, kept with the
    game rather than in the bot."""
    rule_prefix: str | None = attrs.field(default=None, kw_only=True, validator=_rule_prefix)
    """The prefix of the rule IDs the game's documentation page numbers (RULES: ``"CH"``
    for Chinchón's ``CH-CLOSE``): the web table links a rule its reasons cite to the
    game's page (:func:`scala40_server.web.lobby.rule_pages`). ``None`` for a game whose rules
    have no page in the library's documentation (a game of another package, or a
    variant citing its parent's rules)."""
    rule_ids: Mapping[str, tuple[str, ...]] = attrs.field(
        factory=dict, converter=_read_only, kw_only=True
    )
    """The IDs of the rules that decide each kind of question about the game: ``turn``
    (which moves a position allows), ``meld`` (what makes a meld, and its value),
    ``score`` (what a hand scores) and ``end:KIND`` (what a hand ending so scores: a
    knock game's ``end:gin``); the conformance corpus names them beside what it asks
    (:mod:`scala40.conformance`). Empty for a game that cites none."""

    barred_moves: Callable[[Any], Mapping[str, tuple[str, ...]]] | None = attrs.field(
        default=None, kw_only=True
    )
    """``barred_moves(state)``: for each kind of move the position's phase allows but its
    list of legal moves holds none of (an opening, a take of the discard, a lay-off, a
    knock, a close, a contract's meld...), the IDs of the rules whose conditions keep it
    off, read from the same predicates as the move generator. Asked apart from
    ``legal_moves``, which pays nothing for it; the conformance corpus cites them beside a
    position's moves. ``None`` for a game that does not say.

    >>> from scala40 import load_game
    >>> game = load_game("rumino")
    >>> dict(game.barred_moves(game.new_game(players=2, seed=4)))
    {'knock': ('RU-KNOCK',)}
    """

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

    def reported_scores(self, state: Any) -> tuple[int, ...]:
        """The scores ``state`` reports (its game's :attr:`final_scores`, else its
        ``scores``).

        >>> from scala40 import load_game
        >>> game = load_game("scala40")
        >>> game.reported_scores(game.new_game(players=2, seed=1))
        (0, 0)

        :raises InvalidArgumentError: ``state`` is not a state of this game.
        """
        if not (isinstance(state, State) and state.game_name == self.name):
            raise InvalidArgumentError(f"expected a state of {self.title}, got {describe(state)}")
        if self.final_scores is not None:
            return tuple(self.final_scores(state))
        return tuple(state.scores)

    def move_to_dict(self, move: Any) -> dict[str, Any]:
        """``move``'s dictionary, under the game's format: its move set writes it (a move
        of a kind several games share, a knock game's, names no game itself), or the
        move's own ``to_dict()`` for a game without one.

        >>> from scala40 import load_game
        >>> game = load_game("laconga")
        >>> game.move_to_dict(game.parse_move("discard 7h"))
        {'format': 'scala40.laconga.move', 'version': 2, 'type': 'discard', 'card': '7H'}

        :raises InvalidMoveError: ``move`` is not a move of this game.
        """
        if self.move_set is not None:
            return self.move_set.to_dict(move)
        written: dict[str, Any] = move.to_dict()
        return written

    def resolve_rules(self, rules: Any) -> Any:
        """The ruleset given as itself, a preset name or ``None`` (the standard rules)."""
        return self.ruleset_type.resolve(rules)

    def state_from_text(self, text: str) -> Any:
        """The state whose one-line text is ``text`` (``state.to_text()``), checked as
        its dictionary would be (:mod:`scala40.notation`).

        >>> from scala40 import load_game
        >>> game = load_game("rumino")
        >>> state = game.new_game(players=2, seed=4)
        >>> game.state_from_text(state.to_text()) == state
        True

        :raises InvalidPositionError: the text is no position of this game, or describes
            an invalid state; the error names the field and its character.
        """
        return read_state_text(self, text)

    def view_from_text(self, text: str) -> Any:
        """The seat's view whose one-line text is ``text`` (``view.to_text()``): the
        game's own view, once a state that gives it has been dealt and checked
        (:mod:`scala40.notation`).

        >>> from scala40 import load_game
        >>> game = load_game("rumino")
        >>> view = game.new_game(players=2, seed=4).view(1)
        >>> game.view_from_text(view.to_text()) == view
        True

        :raises InvalidPositionError: the text is no view of this game, or no state gives
            the view it describes.
        """
        return read_view_text(self, text)

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its registered name (its functions and classes are the
        registry's), and comes back as the registry's record of that name.

        >>> import pickle
        >>> from scala40.game import load_game
        >>> game = load_game("chinchon")
        >>> pickle.loads(pickle.dumps(game)) is game
        True

        :raises SerializationError: the game is not the registry's record of its name.
        """
        if _REGISTERED.get(self.name) is not self:
            raise SerializationError(
                f"the game {self.name!r} is not registered (register_game): a game pickles "
                "as its registered name"
            )
        return (load_game, (self.name,))

    def __copy__(self) -> Game:
        return self  # a record of functions and classes: never changed

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self


_BUILTIN: dict[str, tuple[str, ...]] = {
    "scala40": ("scala 40", "scala-40", "scala", "scala-quaranta"),
    "skarney": (),
    "rumino": ("ramino", "rumina"),
    "chinchon": ("txintxon",),
    "laconga": ("la conga", "conga", "la-conga"),
}
"""The registry of the games that ship with the library: each game's name, the one place
that lists them, and the other names it is found by before its package
(``scala40.games.NAME``) is imported: its title and aliases, folded as :func:`load_game`
folds a name, where they are not its name (a test holds them to the games' records).
The core names the games only as text: a game's package is imported the first time it
is asked for. Every list of the library's games is read from here (:data:`BUILTIN_GAMES`,
:func:`game_names`)."""

BUILTIN_GAMES: tuple[str, ...] = tuple(_BUILTIN)
"""The names of the games that ship with the library, the first the default
(:data:`DEFAULT_GAME`): the registry's, in its order.

>>> from scala40.game import BUILTIN_GAMES, DEFAULT_GAME
>>> BUILTIN_GAMES[0] == DEFAULT_GAME, len(BUILTIN_GAMES) == len(set(BUILTIN_GAMES))
(True, True)
"""

_BUILTIN_ALIASES: dict[str, str] = {
    other: name for name, others in _BUILTIN.items() for other in others
}
ENTRY_POINT_GROUP = "scala40.games"
"""The entry-point group through which other packages offer games (``name = module:GAME``)."""

_REGISTERED: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}


def endless_hands(rules: Any, players: int) -> None:
    """:attr:`Game.max_hand_moves` of a game whose rules let a hand go on for ever under
    every option (players who never go out): no bound.

    >>> from scala40.game import endless_hands
    >>> endless_hands(None, 2) is None
    True
    """
    del rules, players  # the same answer for every ruleset


def register_game(game: Game) -> Game:
    """Add ``game`` to the registry under its name and aliases; returns it.

    Registering the same record again does nothing; another record under a taken name is
    an error (a game's name is its identity in records and saved states).

    :raises InvalidArgumentError: ``game`` is not a :class:`Game`, its name is taken,
        or its name, title or an alias is not a text of 1 to :data:`MAX_GAME_NAME`
        characters.
    """
    if not isinstance(game, Game):
        raise InvalidArgumentError(f"expected a Game record, got {describe(game)}")
    names: tuple[object, ...] = (game.name, game.title, *game.aliases)  # any values, unchecked
    for name in names:
        if not (isinstance(name, str) and 0 < len(name) <= MAX_GAME_NAME):
            raise InvalidArgumentError(
                f"a game's name, title and aliases are texts of 1 to {MAX_GAME_NAME} "
                f"characters, got {describe(name)}"
            )
    known = _REGISTERED.get(game.name)
    if known is game:
        return game
    if known is not None or game.name in _ALIASES:
        raise InvalidArgumentError(f"a game named {game.name!r} is registered already")
    _REGISTERED[game.name] = game
    for alias in game.aliases:
        _ALIASES.setdefault(alias, game.name)
    return game


def load_game(name: str | Game) -> Game:
    """The registered game of that name, importing it on first use.

    A game is found by its name, its title as displayed or one of its aliases, in any
    case and with or without accents: ``"chinchón"``, ``"Chinchon"`` and ``"La Conga"``
    find ``chinchon`` and ``laconga``. A :class:`Game` given instead of a name is
    returned as it is.

    >>> from scala40 import load_game
    >>> load_game("Chinchón").name, load_game("LA CONGA").name, load_game("Scala 40").name
    ('chinchon', 'laconga', 'scala40')
    >>> load_game("chinchn")
    Traceback (most recent call last):
    ...
    scala40.errors.UnknownGameError: no game named 'chinchn'; games: scala40, ...; did you mean 'chinchon'?

    :raises UnknownGameError: no game has that name; the message lists the games and
        the nearest name (a name of more than :data:`MAX_GAME_NAME` characters is
        refused before it is looked up).
    """
    if isinstance(name, Game):
        return name
    if not isinstance(name, str):
        raise InvalidArgumentError(f"expected a game name, got {describe(name)}")
    if len(name) > MAX_GAME_NAME:
        raise UnknownGameError(
            f"no game named {describe(name)}: a game's name is at most {MAX_GAME_NAME} "
            f"characters; games: {', '.join(game_names())}"
        )
    key = _folded(name)
    game = _registered_as(key)
    if game is not None:
        return game
    builtin = _BUILTIN_ALIASES.get(key, key)
    if builtin in _BUILTIN:
        importlib.import_module(f"scala40.games.{builtin}")
    else:
        _load_entry_point(key)
    game = _registered_as(key)
    if game is None:
        message = f"no game named {describe(name)}; games: {', '.join(game_names())}"
        close = difflib.get_close_matches(key, _known_names(), n=1)
        if close:
            message += f"; did you mean {close[0]!r}?"
        raise UnknownGameError(message)
    return game


def registered_game(name: str) -> Game | None:
    """The game :func:`load_game` finds by ``name``, or ``None`` where none is registered
    under it: what reads a state, a view or its JSON of a game made but not registered
    (which plays, draws and is read all the same, without what only its record gives).

    >>> from scala40.game import registered_game
    >>> registered_game("Chinchón").name, registered_game("toy")
    ('chinchon', None)
    """
    try:
        return load_game(name)
    except UnknownGameError:
        return None


def _folded(text: str) -> str:
    """``text`` as a game name is looked up: trimmed, in lower case, without accents."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _registered_as(key: str) -> Game | None:
    """The registered game whose name, alias or title is ``key`` once folded."""
    game = _REGISTERED.get(key)
    if game is None:
        game = _REGISTERED.get(_ALIASES.get(key, ""))
    if game is None:
        game = next(
            (
                known
                for known in _REGISTERED.values()
                if key in (_folded(known.title), *map(_folded, known.aliases))
            ),
            None,
        )
    return game


def _known_names() -> list[str]:
    """Every name a game may be asked for by (names, aliases, titles), folded."""
    names = [*game_names(), *_BUILTIN_ALIASES]
    for game in _REGISTERED.values():
        names.extend(_folded(other) for other in (game.title, *game.aliases))
    return names


def game_names() -> tuple[str, ...]:
    """The names of every game: the library's own first, then any registered or offered
    by other packages.

    >>> from scala40.game import BUILTIN_GAMES, game_names
    >>> game_names()[:3], game_names()[: len(BUILTIN_GAMES)] == BUILTIN_GAMES
    (('scala40', 'skarney', 'rumino'), True)
    """
    names = list(BUILTIN_GAMES)
    names.extend(name for name in _REGISTERED if name not in names)
    names.extend(name for name in _entry_point_names() if name not in names)
    return tuple(names)


def _entry_points() -> list[Any]:
    from importlib.metadata import entry_points

    return list(entry_points(group=ENTRY_POINT_GROUP))


def _entry_point_names() -> list[str]:
    return [point.name for point in _entry_points()]


def _load_entry_point(name: str) -> None:
    for point in _entry_points():
        if point.name == name:
            game = point.load()
            register_game(game)
            return


def position_from_text(text: str) -> Any:
    """The state or the view (its first field ends in ``@SEAT``) whose one-line text is
    ``text``, of the game the text names (:mod:`scala40.notation`).

    >>> from scala40 import load_game, position_from_text
    >>> state = load_game("chinchon").new_game(players=2, seed=3)
    >>> position_from_text(state.to_text()) == state
    True
    >>> position_from_text(state.view(0).to_text()) == state.view(0)
    True

    :raises InvalidPositionError: the text is no position of a registered game, or
        describes no valid state or view.
    """
    name, seat = position_head(text)
    try:
        game = load_game(name)
    except UnknownGameError as error:
        raise InvalidPositionError(
            f"game (character 0): {error}", field="game", position=0
        ) from None
    return game.state_from_text(text) if seat is None else game.view_from_text(text)
