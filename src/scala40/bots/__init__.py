"""Bots for every game: the bot protocol, generic bots, and a loop that plays games.

A bot is any object with a ``choose(view, legal, rng)`` method (the
:class:`~scala40.game.Bot` protocol): it gets the view of the seat whose decision it is,
the list of legal moves and a :class:`random.Random`, and returns one of the moves. It
never sees the full state: the other hands and the order of the stock stay hidden, as
at a real table. This works for every registered game, decisions out of turn included
(an offer, a claim): :func:`play_game` asks the seat the state names as
``current_player``.

Two bots work for any game from the protocol alone (:mod:`scala40.bots.generic`):

* :class:`~scala40.bots.generic.RandomBot` picks a legal move at random;
* :class:`~scala40.bots.generic.PlayoutBot` samples the hidden cards from its view many times, tries each
  candidate move in every sample and plays the hand out with the game's greedy bot.

Each game adds its own (a greedy bot at least; Scala 40 a tuned Monte Carlo search too),
which the bots layer finds by the game's name (:mod:`scala40.bots.registry`: the module
``scala40.bots.NAME``, an entry point, or :func:`~scala40.bots.registry.register_bots`); :func:`bot_factories` puts the
generic ones around them, and ``best``: the strongest bot measured in the game
(:func:`best_bot`). :func:`make_bot`
builds any of them from a name such as ``"greedy"`` or ``"montecarlo:playouts=50"`` and
the game it plays; :func:`bot_names` lists a game's bots. The tools name no game: they
reach a game's bots through :func:`~scala40.game.load_game` alone.

>>> import scala40
>>> from scala40.bots import RandomBot, make_bot, play_game
>>> rules = scala40.Ruleset(match_format="single")
>>> state = scala40.new_game(rules, players=2, seed=7)
>>> final = play_game(state, [make_bot("greedy", "scala40"), RandomBot()], rng=7)
>>> final.is_over, len(final.winners)
(True, 1)
"""

from __future__ import annotations

import functools
import inspect
import math
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from scala40.bots.generic import GENERIC_BOTS, PlayoutBot, RandomBot, bot_name, game_bots
from scala40.bots.registry import GameBots, game_bots_of, register_bots
from scala40.bots.strength import strongest
from scala40.checks import describe, is_int
from scala40.deadline import Deadline
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidBotSpecError,
    InvalidValueError,
    Scala40Error,
)
from scala40.game import Bot, Game, SearchTuning, State, load_game

__all__ = [
    "GENERIC_BOTS",
    "QUICK_BOTS",
    "Bot",
    "GameBots",
    "InvalidBotSpecError",
    "PlayoutBot",
    "RandomBot",
    "SearchTuning",
    "best_bot",
    "bot_factories",
    "bot_name",
    "bot_names",
    "bot_options",
    "choose_move",
    "make_bot",
    "play_game",
    "quick_bot",
    "register_bots",
    "takes_deadline",
]


# ---------------------------------------------------------------- the registry


def bot_factories(game: str | Game) -> dict[str, Callable[..., Bot]]:
    """Every bot of ``game`` by name: the generic bots around its own
    (:func:`~scala40.bots.registry.game_bots_of`), as :func:`~scala40.bots.generic.game_bots` orders
    them, then ``best``, which makes the bot :func:`best_bot` names. A game lists only its
    own, so that its rules load no search.

    >>> from scala40.bots import PlayoutBot, bot_factories
    >>> list(bot_factories("scala40"))
    ['random', 'greedy', 'careful', 'montecarlo', 'search', 'playout', 'ismcts', 'belief', 'best']
    >>> bot_factories("chinchon")["playout"] is PlayoutBot
    True
    >>> bot_factories("scala40")["best"] is bot_factories("scala40")["careful"]
    True

    :raises UnknownGameError: ``game`` names no game.
    """
    return _factories(load_game(game))


def _factories(record: Game) -> dict[str, Callable[..., Bot]]:
    """:func:`bot_factories` of the game ``record``, resolved by the caller."""
    factories = game_bots(game_bots_of(record).bots)
    name, _, option_text = _best(record).partition(":")
    factory = factories[name]
    if option_text:
        factory = functools.partial(factory, **_read_options(name, option_text, factory))
    factories["best"] = factory
    return factories


def best_bot(game: str | Game) -> str:
    """The bot ``best`` plays in ``game`` (a :func:`make_bot` specification): the
    strongest measured in the game's own unit within the time budget, climbing from its
    quick bot (:func:`quick_bot`) through the duels of the strength record, each won
    against the bot below (:func:`scala40.bots.strength.strongest`). Where no search was
    measured above the careful bot, ``best`` is the careful bot: never a bot that loses
    to a cheaper one. A game with no measured duel plays its quick bot.

    >>> from scala40.bots import best_bot, make_bot
    >>> best_bot("scala40"), best_bot("chinchon")
    ('careful', 'careful:take_saving=1000')
    >>> make_bot("best", "chinchon").take_saving
    1000

    :raises UnknownGameError: ``game`` names no game.
    """
    return _best(load_game(game))


def _best(record: Game) -> str:
    """:func:`best_bot` of the game ``record``, resolved by the caller."""
    names = game_bots(game_bots_of(record).bots)
    start = next((name for name in QUICK_BOTS if name in names), "random")
    return strongest(record, start)


def bot_names(game: str | Game) -> tuple[str, ...]:
    """The names :func:`make_bot` knows for ``game``: those of :func:`bot_factories`.

    >>> from scala40.bots import bot_names
    >>> bot_names("chinchon")
    ('random', 'greedy', 'careful', 'montecarlo', 'playout', 'ismcts', 'belief', 'search', 'best')
    """
    return tuple(_factories(load_game(game)))


QUICK_BOTS = ("careful", "greedy")
"""The bots that answer without searching, each decision a few rules of thumb, the stronger
first: ``careful`` plays greedy's moves with the care its game's study found worth it,
and beats ``greedy`` in every game that has both (the bots page of the documentation
measures it)."""


def quick_bot(game: str | Game) -> str:
    """The strongest of ``game``'s bots that answer without searching: the first of
    :data:`QUICK_BOTS` it has (:func:`bot_names`). The web table's lobby seats it unless
    the player chooses another.

    >>> from scala40.bots import quick_bot
    >>> quick_bot("chinchon")
    'careful'

    :raises UnknownGameError: ``game`` names no game.
    :raises InvalidBotSpecError: the game has none of :data:`QUICK_BOTS` (every game of
        the library has a greedy bot).
    """
    record = load_game(game)
    names = _factories(record)
    for name in QUICK_BOTS:
        if name in names:
            return name
    raise InvalidBotSpecError(
        f"{record.title} has none of the quick bots ({', '.join(QUICK_BOTS)})"
    )


_WORDS: dict[str, Any] = {"none": None, "true": True, "false": False}
MAX_BOT_SPEC = 1_000
"""The longest bot specification :func:`make_bot` reads."""


_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def _option_value(text: str) -> Any:
    """An option value as written in a bot specification: a number (ASCII digits, at most
    30 characters, finite), a word of :data:`_WORDS`, or the text itself."""
    if len(text) <= 30 and text.isascii() and _NUMBER.fullmatch(text):
        try:
            return int(text)
        except ValueError:
            number = float(text)
            if math.isfinite(number):
                return number
    return _WORDS.get(text.lower(), text)


_NAMED = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)


def bot_options(factory: Callable[..., Any]) -> tuple[str, ...] | None:
    """The options a bot factory takes by name (those of its ``__init__``, and of the
    classes it hands ``**options`` on to), or ``None`` when it takes any name.

    >>> from scala40.bots import bot_options, make_bot
    >>> from scala40.bots.ismcts import ISMCTSBot
    >>> bot_options(ISMCTSBot)[:3]
    ('iterations', 'time_limit', 'rollout')
    >>> "particles" in bot_options(type(make_bot("search", "chinchon")))
    True
    """
    names: list[str] = []
    owners = inspect.getmro(factory) if inspect.isclass(factory) else (factory,)
    for owner in owners:
        if inspect.isclass(owner):
            if owner is object:
                break
            function = owner.__dict__.get("__init__")
            if function is None:
                continue  # inherited: the next class of the order defines it
        else:
            function = owner
        try:
            parameters = list(inspect.signature(function).parameters.values())
        except (TypeError, ValueError):
            return None
        if inspect.isclass(owner):
            parameters = parameters[1:]  # self
        open_ended = False
        for parameter in parameters:
            if parameter.kind is inspect.Parameter.VAR_KEYWORD:
                open_ended = True
            elif parameter.kind in _NAMED and parameter.name not in names:
                names.append(parameter.name)
        if not open_ended:
            return tuple(names)
        if not inspect.isclass(owner):
            return None
    return tuple(names) if inspect.isclass(factory) else None


def make_bot(spec: str, game: str | Game) -> Bot:
    """A new bot of ``game`` (a game's name or record) from its name, optionally followed
    by options: ``"greedy"``, ``"montecarlo:playouts=50"``,
    ``"montecarlo:time_limit=0.5,candidates=3"``.

    The game is required: the same name gives each game its own bot (``"greedy"`` is
    Scala 40's greedy bot for ``"scala40"``, Chinchón's for ``"chinchon"``), and a bot of
    one game cannot play another.

    The specification is checked whole here, not at the bot's first move: an option the
    bot does not take (:func:`bot_options`), an option given twice, and a value of the
    wrong type, out of range or that names nothing the bot knows are refused, the
    message naming the option.

    >>> from scala40.bots import make_bot
    >>> from scala40.bots.registry import game_bots_of
    >>> make_bot("montecarlo:playouts=50,candidates=3", "scala40")
    MonteCarloBot(playouts=50, time_limit=None, candidates=3, ...)
    >>> isinstance(make_bot("greedy", "chinchon"), game_bots_of("chinchon").bots["greedy"])
    True
    >>> make_bot("clever", "chinchon")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidBotSpecError: no bot named 'clever'; bots: random, greedy, careful, montecarlo, playout, ismcts, belief, search, best
    >>> make_bot("ismcts:iterations=10,iterations=20", "chinchon")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidBotSpecError: option 'iterations' is given twice in 'ismcts:iterations=10,iterations=20'
    >>> make_bot("greedy:depth=3", "chinchon")
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidBotSpecError: bot 'greedy' takes no option 'depth'; it takes no options

    :raises InvalidBotSpecError: the name is unknown or an option is not accepted.
    :raises UnknownGameError: ``game`` names no game.
    """
    if not isinstance(spec, str):
        raise InvalidBotSpecError(f"expected a bot name, got {describe(spec)}")
    if len(spec) > MAX_BOT_SPEC:
        raise InvalidBotSpecError(
            f"a bot specification of {len(spec)} characters: at most {MAX_BOT_SPEC}"
        )
    factories = _factories(load_game(game))
    name, _, option_text = spec.strip().partition(":")
    name = name.strip().lower()
    factory = factories.get(name)
    if factory is None:
        raise InvalidBotSpecError(f"no bot named {describe(name)}; bots: {', '.join(factories)}")
    options = _read_options(name, option_text, factory, spec)
    try:
        return factory(**options)
    except InvalidBotSpecError:
        raise
    except (Scala40Error, TypeError, ValueError, ArithmeticError) as error:
        # A factory that checks less than ours: its own complaint, as a refused spec.
        raise InvalidBotSpecError(
            f"bot {name!r} refuses the options {describe(sorted(options), 200)}: {error}"
        ) from None


def _read_options(
    name: str, option_text: str, factory: Callable[..., Any], spec: str | None = None
) -> dict[str, Any]:
    """The options of a specification's text after its name (``a=1,b=x``), checked
    against those ``factory`` takes (:func:`make_bot`'s rules)."""
    spec = f"{name}:{option_text}" if spec is None else spec
    known = bot_options(factory)
    options: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in option_text.split(","))):
        key, equals, value = item.partition("=")
        key = key.strip()
        if not equals or not key.isidentifier():
            raise InvalidBotSpecError(
                f"bad bot option {describe(item)} in {describe(spec)}: expected NAME=VALUE"
            )
        if key in options:
            raise InvalidBotSpecError(f"option {key!r} is given twice in {describe(spec)}")
        if known is not None and key not in known:
            takes = f"its options: {', '.join(known)}" if known else "it takes no options"
            raise InvalidBotSpecError(f"bot {name!r} takes no option {key!r}; {takes}")
        options[key] = _option_value(value.strip())
    return options


# ---------------------------------------------------------------- asking a bot


_TAKES_DEADLINE: dict[type, bool] = {}
"""Whether each bot class's ``choose`` takes a ``deadline``, read once per class."""


def takes_deadline(bot: object) -> bool:
    """Whether ``bot``'s ``choose`` takes a keyword ``deadline`` (the bots that search do).

    >>> from scala40.bots import RandomBot, make_bot, takes_deadline
    >>> takes_deadline(RandomBot())
    False
    """
    kind = type(bot)
    known = _TAKES_DEADLINE.get(kind)
    if known is None:
        try:
            parameters = inspect.signature(kind.choose).parameters  # type: ignore[attr-defined]
        except (AttributeError, TypeError, ValueError):
            parameters = {}  # type: ignore[assignment]
        known = _TAKES_DEADLINE[kind] = "deadline" in parameters
    return known


def choose_move(
    bot: Bot,
    view: Any,
    legal: Sequence[Any],
    rng: random.Random,
    deadline: Deadline | None = None,
) -> Any:
    """``bot``'s choice among ``legal`` for ``view``'s seat, handing it ``deadline`` if
    its ``choose`` takes one (:func:`takes_deadline`): the one way the tools ask a bot,
    so that the caller's time reaches every bot that thinks. A bot that takes no deadline
    is asked as the :class:`~scala40.game.Bot` protocol says (such bots search nothing).

    >>> import random
    >>> import scala40
    >>> from scala40 import Deadline
    >>> from scala40.bots import choose_move, make_bot
    >>> state = scala40.new_game(players=2, seed=1)
    >>> legal = list(state.legal_moves())
    >>> bot = make_bot("greedy", "scala40")
    >>> choose_move(bot, state.view(0), legal, random.Random(1), Deadline.after(0.5)) in legal
    True
    """
    if deadline is not None and takes_deadline(bot):
        return bot.choose(view, legal, rng, deadline=deadline)  # type: ignore[call-arg]
    return bot.choose(view, legal, rng)


# ---------------------------------------------------------------- playing a game


def play_game(
    state: Any,
    bots: Sequence[Bot],
    rng: random.Random | int = 0,
    max_actions: int | None = None,
    on_move: Callable[[Any, Any], None] | None = None,
) -> Any:
    """Play ``state`` (of any game) to its end with ``bots[p]`` deciding for seat ``p``.

    Each decision goes to the seat the state names as ``current_player`` (out of turn
    too: an offer, a claim). Chance steps (seen with ``auto_chance=False``) are played
    as the engine offers them. Each bot gets the view of its seat, the list of legal
    moves and its own random generator, seeded from ``rng`` (a seed or a
    :class:`random.Random`), so the game is reproducible. ``on_move(state, move)`` is
    called before each move is applied. With ``max_actions``, play stops after that many
    moves, whether or not the game is over.

    :param state: the game to play on, at any point of it.
    :param bots: one bot for each seat.
    :param on_move: called with the state and the move before each move.
    :returns: the final state (or the state after ``max_actions`` moves).
    :raises IllegalMoveError: a bot chose a move that is not legal; the message names
        the bot, the seat and the rule broken.
    :raises InvalidValueError: there is not one bot per seat.
    """
    if not isinstance(state, State):
        raise InvalidArgumentError(f"expected a game state, got {describe(state)}")
    given: object = bots
    if not isinstance(given, Sequence) or isinstance(given, str):
        raise InvalidArgumentError(f"expected a list of bots, got {describe(bots)}")
    if len(bots) != state.player_count:
        raise InvalidValueError(
            f"expected {state.player_count} bots, one per player, got {len(bots)}"
        )
    for bot in bots:
        if not callable(getattr(bot, "choose", None)):
            raise InvalidArgumentError(
                f"expected a bot (with a choose method), got {describe(bot)}"
            )
    if max_actions is not None and not (is_int(max_actions) and max_actions >= 0):
        raise InvalidValueError(
            f"max_actions must be an integer of at least 0, got {describe(max_actions)}"
        )
    if on_move is not None and not callable(on_move):
        raise InvalidArgumentError(f"on_move must be callable, got {describe(on_move)}")
    if not isinstance(rng, random.Random) and not (is_int(rng) and abs(rng) < 10**40):
        raise InvalidArgumentError(
            f"rng must be a random.Random or an integer seed of at most 40 digits, "
            f"got {describe(rng)}"
        )
    master = rng if isinstance(rng, random.Random) else random.Random(rng)
    seat_rngs = [random.Random(master.getrandbits(64)) for _ in bots]
    actions = 0
    while not state.is_over and (max_actions is None or actions < max_actions):
        legal = state.legal_moves()
        if state.is_chance:
            move = legal[0]
        else:
            player = state.current_player
            assert player is not None
            bot = bots[player]
            options = list(legal)
            move = bot.choose(state.view(player), options, seat_rngs[player])
            if move not in options:
                _check_bot_move(state, move, bot, player)
        if on_move is not None:
            on_move(state, move)
        state = state.apply(move)
        actions += 1
    return state


def _check_bot_move(state: Any, move: object, bot: Bot, player: int) -> None:
    """Raise ``IllegalMoveError`` unless ``move`` is a legal move written another way."""
    try:
        state.apply(move)
    except Scala40Error as error:
        if isinstance(move, str):
            text = move if len(move) <= 200 else move[:197] + "..."
        else:
            text = str(move) if hasattr(type(move), "verb") else describe(move)
        raise IllegalMoveError(
            f"bot {bot_name(bot)!r} (player {player}) chose {text}, which is not legal: {error}"
        ) from error
    if isinstance(move, str):
        raise IllegalMoveError(
            f"bot {bot_name(bot)!r} (player {player}) returned the text {move!r}; "
            "a bot must return a move value (see the game's parse_move)"
        )
