"""A knock game is a declaration: :class:`KnockGameSpec`, and what
:func:`knock_game` builds from it.

Rumino, Chinchón and La Conga share one set of move kinds
(:mod:`~scala40.games._knock.moves`), one state (:class:`~.state.KnockState`), one view
(:class:`~.view.PlayerView`) and two bots (:class:`~.bots.GreedyBot`,
:class:`~.careful.CarefulBot`). A game of the family is its ruleset (the options the
engine reads, :class:`~scala40.games._knock.profile.KnockRules`), its wording and the
data of one :class:`KnockGameSpec`; :func:`knock_game` builds from the spec the game's
own class for each move kind it allows (each carrying the game's format, its module and
its rule IDs in its docstring), their :class:`~.moves.MoveKinds`, the game's
``GameState`` and its :class:`~scala40.game.Game` record. The game's package binds
their names in a line each, so that imports, ``repr``, pickles and the reference see
them as classes of that package.

>>> from scala40.games import laconga
>>> laconga.GAME.move_set is laconga.GameState.MOVES, laconga.GAME.aliases
(True, ('conga', 'la-conga'))
>>> laconga.Discard, laconga.Discard.__doc__
(<class 'scala40.games.laconga.Discard'>, "Discard a card face up, ending the turn (CH-TURN; the first player's first turn, LC-DEAL).")
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import attrs

from scala40.game import Game, GameText, SearchTuning
from scala40.games._knock.analysis import least_unmatched
from scala40.games._knock.bots import GreedyBot
from scala40.games._knock.careful import CarefulBot
from scala40.games._knock.moves import (
    CLOSE_KINDS,
    KNOCK_KINDS,
    SPANISH_NOTATION,
    Close,
    MoveKinds,
)
from scala40.games._knock.observation import OBSERVATION
from scala40.games._knock.profile import max_hand_moves
from scala40.games._knock.state import KnockState
from scala40.movekinds import MoveBase
from scala40.rulesets import RulesetBase

__all__ = [
    "CLOSE_KINDS",
    "CLOSE_RULE_IDS",
    "KNOCK_KINDS",
    "KnockGame",
    "KnockGameSpec",
    "knock_game",
]

K = TypeVar("K", bound=tuple[type[MoveBase], ...])
"""The family's kinds a game allows, as a tuple of classes (:data:`~.moves.CLOSE_KINDS`,
:data:`~.moves.KNOCK_KINDS`): the game's own classes are typed as these."""

_PACKS = ("french", "spanish")

_RULE_IDS = re.compile(r"\((?:[A-Z]+-[A-Z0-9-]+(?:,\s+)?)+\)")
"""The rule IDs a family kind's docstring cites, in parentheses: ``(RU-TURN, CH-TURN)``."""


CLOSE_RULE_IDS: Mapping[str, str] = MappingProxyType(
    {
        "draw": "CH-TURN",
        "take": "CH-TURN",
        "discard": "CH-TURN",
        "close": "CH-CLOSE",
        "reenter": "CH-END",
        "retire": "CH-END",
        "deal": "CH-DEAL",
        "restock": "CH-RESTOCK",
    }
)
"""The rules each kind of a game that closes cites, by verb, where it plays by Chinchón's
(RULES Part 5): Chinchón's, and a variant's of it (:attr:`KnockGameSpec.rule_ids`)."""


@attrs.frozen(kw_only=True)
class KnockGameSpec(Generic[K]):
    """What makes one knock game, declared as data (python-chess declares a variant in
    attributes, pokerkit a game as a preset over records): everything else follows
    (:func:`knock_game`).

    :raises InvalidArgumentError: never; a spec that does not fit the family is refused
        by :func:`knock_game` with :class:`TypeError` (a game's bug, found at import).
    """

    name: str
    """The registry name, which names the game's formats (``scala40.NAME.move``,
    ``scala40.NAME.state``): lower-case letters and digits."""
    title: str
    """The game's title, as players write it (``Chinchón``)."""
    summary: str
    """What makes the game, in a sentence or two (the command line's list of games)."""
    ruleset: type[RulesetBase]
    """The game's ruleset class, whose ``profile`` the engine reads."""
    text: GameText
    """The game's wording: the command line's help and its words for the board."""
    kinds: K
    """The family's move kinds the game allows, in the order its notation lists them:
    :data:`~.moves.CLOSE_KINDS` or :data:`~.moves.KNOCK_KINDS`."""
    rule_ids: Mapping[str, str]
    """The rules each kind cites, by verb (``{"draw": "CH-TURN", ...}``), in its
    class's docstring where the family's kind cites the family's; a verb left out (the
    resign, C-RESIGN) keeps the family's description."""
    pack: str = "french"
    """The pack the cards are drawn in, ``"french"`` or ``"spanish"`` (a Spanish pack's
    melds are written in its order, the family's ``SPANISH_NOTATION``: CH-MELDS)."""
    aliases: tuple[str, ...] = ()
    """Other names :func:`~scala40.game.load_game` finds the game by."""
    players: int = 2
    """The number of players the command line offers first."""
    search_tuning: SearchTuning = attrs.field(factory=SearchTuning)
    """What the strongest bot spends on a decision of the game
    (:attr:`scala40.game.Game.search_tuning`)."""


@attrs.frozen
class KnockGame(Generic[K]):
    """What :func:`knock_game` builds from a :class:`KnockGameSpec`."""

    spec: KnockGameSpec[K]
    """The declaration."""
    classes: K
    """The game's own class for each kind of :attr:`KnockGameSpec.kinds`, in that order,
    each a subclass of the family's kind."""
    kinds: MoveKinds
    """The classes as the shared engine asks for them, and the game's move set."""
    state: type[KnockState]
    """The game's ``GameState``."""
    game: Game
    """The game's record, for :func:`~scala40.game.register_game`."""


def knock_game(spec: KnockGameSpec[K], module: str) -> KnockGame[K]:
    """The classes and the registry record of the knock game ``spec`` declares, each
    class named as if written in the package ``module`` (the game's, which binds their
    names: ``DrawStock, TakeDiscard, ... = built.classes``).

    >>> from scala40.games import chinchon
    >>> chinchon.GAME.name, chinchon.GAME.move_set.format, chinchon.GAME.default_players
    ('chinchon', 'scala40.chinchon.move', 2)
    >>> chinchon.DrawStock, chinchon.DrawStock.__doc__
    (<class 'scala40.games.chinchon.DrawStock'>, 'Draw the top card of the stock (CH-TURN).')

    :raises TypeError: the spec does not fit the family (a kind that is not one of the
        family's, a verb without its rules or rules for a verb the game lacks, an unknown
        pack): a game's bug, found when its package is imported.
    """
    verbs = {kind.verb for kind in spec.kinds}
    unknown = set(spec.rule_ids) - verbs
    missing = verbs - set(spec.rule_ids) - {"resign"}
    if spec.kinds not in (CLOSE_KINDS, KNOCK_KINDS) or unknown or missing:
        raise TypeError(
            f"{spec.name}: kinds are CLOSE_KINDS or KNOCK_KINDS, with the rules of each verb "
            f"(missing {sorted(missing)}, unknown {sorted(unknown)})"
        )
    if spec.pack not in _PACKS:
        raise TypeError(f"{spec.name}: pack must be one of {_PACKS}, got {spec.pack!r}")
    classes: Any = tuple(_game_kind(kind, spec, module) for kind in spec.kinds)
    kinds = MoveKinds.declare(spec.name, spec.title, classes, pack=spec.pack)
    state = _game_state(spec, kinds, module)
    game = Game(
        name=spec.name,
        title=spec.title,
        summary=spec.summary,
        version=1,
        ruleset_type=spec.ruleset,
        new_game=state.new,
        state_from_dict=state.from_dict,
        parse_move=kinds.parse_move,
        move_from_dict=kinds.move_from_dict,
        move_set=kinds.moves,
        state_schema=state.json_schema,
        notation=state.notation(),
        max_hand_moves=max_hand_moves,
        hand_bound_option="turn_limit",
        bots={"greedy": GreedyBot, "careful": CarefulBot},
        default_players=spec.players,
        text=spec.text,
        observation=OBSERVATION,
        aliases=spec.aliases,
        hand_value=least_unmatched,
        # A knock game arranges a hand at its end: what it counts is already the least.
        least_deadwood=least_unmatched,
        search_tuning=spec.search_tuning,
    )
    return KnockGame(spec, classes, kinds, state, game)


def _game_kind(kind: type[MoveBase], spec: KnockGameSpec[Any], module: str) -> type[MoveBase]:
    """The game's class for the family's ``kind``: its own, so that it carries the game's
    move set (its format), its module (pickles find it by name there) and its rules."""
    namespace: dict[str, Any] = {"__module__": module, "__qualname__": kind.__name__}
    rules = spec.rule_ids.get(kind.verb)
    # A kind the game describes as the family does (the resign) keeps no docstring of its
    # own: its description is inherited, as a class written without one would have it.
    namespace["__doc__"] = None if rules is None else _cited(kind, rules)
    if kind is Close and spec.pack == "spanish":
        namespace["notation"] = SPANISH_NOTATION  # melds as a Spanish pack writes them
    made: type[MoveBase] = attrs.frozen(type(kind.__name__, (kind,), namespace))
    return made


def _cited(kind: type, rules: str) -> str:
    """``kind``'s docstring, the rules it cites being ``rules``."""
    doc = kind.__doc__ or ""
    if not _RULE_IDS.search(doc):  # pragma: no cover - a family kind's docstring cites rules
        raise TypeError(f"{kind.__name__}'s docstring cites no rule ID to replace")
    return _RULE_IDS.sub(f"({rules})", doc, count=1)


def _game_state(spec: KnockGameSpec[Any], kinds: MoveKinds, module: str) -> type[KnockState]:
    """The game's ``GameState``: the family's state, naming the game's move kinds (its
    name, move set and formats follow: :class:`~.state.KnockState`) and its ruleset."""
    namespace = {
        "__module__": module,
        "__qualname__": "GameState",
        "__doc__": f"A whole game of {spec.title} at one moment (see the shared ``KnockState`` "
        "for its fields and methods).",
        "KINDS": kinds,
        "RULESET": spec.ruleset,
    }
    made: type[KnockState] = attrs.frozen(repr=False)(type("GameState", (KnockState,), namespace))
    return made
