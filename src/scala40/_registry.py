"""The :class:`~scala40.game.Game` record, the protocol of its states and views, and the
registry of games, which reads a position by the game it names (internal:
:mod:`scala40.game` is their public home, where they are documented). Below the state
base, which finds a game's record by its name, and so below :mod:`scala40.game`, which
builds on the state base.
"""

from __future__ import annotations

import difflib
import importlib
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast, runtime_checkable

import attrs

from scala40._moved import keep_moved_parts, moved_part
from scala40.checks import describe
from scala40.errors import (
    InvalidArgumentError,
    InvalidPositionError,
    SerializationError,
    UnknownGameError,
)
from scala40.match import ScoreOrder
from scala40.notation import Notation, position_head
from scala40.notation import state_from_text as read_state_text
from scala40.notation import view_from_text as read_view_text

if TYPE_CHECKING:
    from scala40.legal import LegalMoves
    from scala40.movekinds import MoveSet
    from scala40.rulesets import RulesetBase

__all__ = [
    "BUILTIN_GAMES",
    "ENTRY_POINT_GROUP",
    "MAX_GAME_NAME",
    "Game",
    "State",
    "View",
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
    """A position of any game: an immutable value (see :mod:`scala40.game`)."""

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


MAX_GAME_NAME = 100
"""The longest name, title or alias of a game, in characters: :func:`register_game`
refuses a longer one, and :func:`load_game` refuses to look one up, before any work."""


def _read_only(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


_RULE_PREFIX = re.compile(r"[A-Z][A-Z0-9]{0,7}")
"""A rule ID's prefix (RULES: ``S40``, ``CH``): capitals and digits, a capital first."""


def _rule_prefix(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not (isinstance(value, str) and _RULE_PREFIX.fullmatch(value)):
        raise InvalidArgumentError(
            f"{attribute.name} must be None or 1 to 8 capitals and digits, a capital first "
            f"(a rule ID's prefix, as 'CH' of CH-CLOSE), got {describe(value)}"
        )


@attrs.frozen(eq=False, init=False)
class Game:
    """What a game supplies to the library: its name, its rules, its constructors and its
    formats. Its bots, its observation for learners and its words on the command line
    are each found by the game's name in the layer that uses them
    (:func:`scala40.bots.registry.register_bots`...).

    Games are records, not classes to subclass: a game package builds one and registers
    it with :func:`register_game` when imported. The fields after ``move_from_dict`` are
    given by keyword.

    .. deprecated:: 0.6
        ``bots=`` and ``search_tuning=``: give a game's bots with
        :func:`scala40.bots.registry.register_bots`; ``observation=``, its observation with
        :func:`scala40.adapters.observation.register_observation`; ``text=``, its words
        with :func:`scala40.texts.register_text`; ``least_deadwood=``, how a bot values a
        whole hand, with :func:`~scala40.bots.registry.register_bots` too (a warning names
        the call; the record still takes them until the next release).
    """

    def __init__(
        self,
        name: str,
        title: str,
        summary: str,
        version: int,
        ruleset_type: type[RulesetBase],
        new_game: Callable[..., Any],
        state_from_dict: Callable[[Mapping[str, Any]], Any],
        parse_move: Callable[[str], Any],
        move_from_dict: Callable[[Mapping[str, Any]], Any],
        *,
        move_set: MoveSet | None = None,
        state_schema: Callable[[], Mapping[str, Any]] | None = None,
        default_players: int = 2,
        score_order: ScoreOrder = ScoreOrder.LOW,
        aliases: tuple[str, ...] = (),
        final_scores: Callable[[Any], tuple[int, ...]] | None = None,
        hand_value: Callable[[Any, Any], int] | None = None,
        max_hand_moves: Callable[[Any, int], int | None] | None = None,
        notation: Notation | None = None,
        hand_bound_option: str | None = None,
        rule_prefix: str | None = None,
        rule_ids: Mapping[str, tuple[str, ...]] | None = None,
        **moved: Any,
    ) -> None:
        self.__attrs_init__(
            name,
            title,
            summary,
            version,
            ruleset_type,
            new_game,
            state_from_dict,
            parse_move,
            move_from_dict,
            move_set=move_set,
            state_schema=state_schema,
            default_players=default_players,
            score_order=score_order,
            aliases=aliases,
            final_scores=final_scores,
            hand_value=hand_value,
            max_hand_moves=max_hand_moves,
            notation=notation,
            hand_bound_option=hand_bound_option,
            rule_prefix=rule_prefix,
            rule_ids={} if rule_ids is None else rule_ids,
        )
        keep_moved_parts(self, moved)

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
    default_players: int = 2
    """The number of players the command line offers first."""
    score_order: ScoreOrder = ScoreOrder.LOW
    """Whether low or high totals are better, for reports."""
    aliases: tuple[str, ...] = ()
    """Other names :func:`load_game` accepts."""

    final_scores: Callable[[Any], tuple[int, ...]] | None = attrs.field(default=None, kw_only=True)
    """The scores a finished (or stopped) game reports, each seat's, as tournaments
    record them; ``None``: the state's ``scores``. A game whose rules may keep no totals
    (a single hand) says here what its results count instead."""
    hand_value: Callable[[Any, Any], int] | None = attrs.field(default=None, kw_only=True)
    """``hand_value(cards, rules)``: what the cards left in a hand count at its end under
    ``rules`` (``scala40 hand``); ``None`` for a game that does not value a hand alone.
    It validates its cards and bounds its work as any public function."""
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

    def __repr__(self) -> str:
        return f"<Game {self.name}>"

    @property
    def least_deadwood(self) -> Callable[[Any, Any], int] | None:
        """The game's ``least_deadwood(cards, rules)``, how a bot values a whole hand.

        .. deprecated:: 0.6
            It is the bots layer's part of the game now:
            ``scala40.bots.registry.game_bots_of(game).least_deadwood`` (this attribute
            answers it, warning, until the next release).
        """
        return cast("Callable[[Any, Any], int] | None", moved_part(self, "least_deadwood"))

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
