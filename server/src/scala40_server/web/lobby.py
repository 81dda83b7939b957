"""What the web table tells anyone about its games (``GET /games``: their names, titles,
presets, players, bots, the bot the lobby seats first and a line on each bot), about a
pack's cards (the names the page shows a Spanish pack's cards by) and about the rules
(the pages a rule ID the page shows links to)."""

from __future__ import annotations

import copy
import inspect
import re
import time
from typing import Any

from scala40.bots import QUICK_BOTS, bot_factories, quick_bot
from scala40.bots.registry import GameBots, game_bots_of
from scala40.cards import CARD_NAMES, Deck, spanish_card_name
from scala40.game import BUILTIN_GAMES, Game, game_names, load_game

__all__ = [
    "BOT_LINES",
    "GAME_PAGES",
    "LISTING_SECONDS",
    "bot_line",
    "card_names",
    "games_listing",
    "rule_pages",
]

GAME_PAGES = "https://scala40.readthedocs.io/en/latest/games/"
"""Where the documentation's game pages are, each ``<game>.html``, its rules anchored by
their IDs (``#s40-open``): the project's Documentation URL (as the package's metadata
names it), its latest build."""

BOT_LINES = {
    "careful": "quick, and stronger than greedy: greedy's play, with more care",
    "greedy": "quick: plays the move that looks best now",
    "random": "plays any legal move, at random",
    "best": "the strongest bot measured in this game: careful, or a level measured above it",
    "search": "thinks about the hands the others may hold: slower, a moment a move",
    "belief": "searches the hands the others' play points to: slower",
    "montecarlo": "plays each likely move out over many deals: slower",
    "playout": "plays each likely move out over many deals: slower",
    "ismcts": "searches a tree of moves over many deals: slower",
}
"""What the lobby says of each bot by name, in words for a person choosing an opponent
(a bot of another name is described by its documentation's first sentence)."""

_ASIDE = re.compile(r"\s*\((?:see|as)\b[^()]*\)")
"""A documentation's aside ("(see the module)"), which a person choosing a bot does not need."""


def card_names(deck: Deck) -> dict[str, str]:
    """What the page calls each card of a Spanish pack (C-DECK), by its notation: the
    names the command line prints beside it ("caballo de copas" for ``QH``); none for a
    French pack, whose notation is its name."""
    if deck.pack != "spanish":
        return {}
    return {CARD_NAMES[card]: spanish_card_name(card) for card in sorted(set(deck.cards))}


def rule_pages() -> dict[str, str]:
    """The page each rule ID's prefix links to, its address whole: the page writes a rule
    ID as a link to its page and the ID's anchor. Each game of the library names its own
    prefix (:attr:`scala40.game.Game.rule_prefix`: ``S40-OPEN`` is Scala 40's; La Conga's
    reasons cite Chinchón's ``CH-`` rules too); the rules every game shares (``C-``) are
    on no game's page, nor are those of a game of another package.

    >>> from scala40_server.web.lobby import rule_pages
    >>> rule_pages()["S40"], sorted(rule_pages())
    ('https://scala40.readthedocs.io/en/latest/games/scala40.html', ['CH', 'LC', 'RU', 'S40', 'SK'])
    """
    pages: dict[str, str] = {}
    for name in BUILTIN_GAMES:
        prefix = load_game(name).rule_prefix
        if prefix is not None:
            pages[prefix] = f"{GAME_PAGES}{name}.html"
    return pages


def bot_line(game: Game, name: str) -> str:
    """What the lobby says of ``game``'s bot ``name``: its line of :data:`BOT_LINES`, and,
    in a game of several quick bots, the strongest (:func:`scala40.bots.quick_bot`) said
    to be so.

    >>> from scala40.game import load_game
    >>> from scala40_server.web.lobby import bot_line
    >>> bot_line(load_game("chinchon"), "careful")
    "quick, and stronger than greedy: greedy's play, with more care; the strongest quick bot"
    """
    line = BOT_LINES.get(name)
    if line is None:
        text = inspect.getdoc(bot_factories(game)[name]) or name
        first = " ".join(text.split("\n\n")[0].split()).split(". ")[0]
        line = _ASIDE.sub("", first.replace("``", "")).rstrip(".")
    quick = [bot for bot in QUICK_BOTS if bot in bot_factories(game)]
    if len(quick) > 1 and name == quick_bot(game):
        line += "; the strongest quick bot"
    return line


LISTING_SECONDS = 60.0
"""How long the listing of the games is kept before the games are listed again (a game
registered meanwhile shows after that at most)."""

_listed: list[tuple[float, tuple[tuple[Game, GameBots], ...], list[dict[str, Any]]]] = []
"""The last listing made: when, of which games and their bots, and the listing."""


def games_listing() -> list[dict[str, Any]]:
    """The games a table may be made of: names, titles, presets (with their numbers of
    players), default players, bots, the bot the lobby seats unless the player chooses
    another (the strongest quick one, :func:`scala40.bots.quick_bot`) and a line on each
    bot: a copy of the listing made at most every
    :data:`LISTING_SECONDS` (listing them took 14 ms, and 12 more to find the games
    other packages offer), or as soon as a game listed, or its bots, is registered anew."""
    now = time.monotonic()
    if _listed:
        made, games, listing = _listed[0]
        if now - made < LISTING_SECONDS and all(
            load_game(game.name) is game and game_bots_of(game) is bots for game, bots in games
        ):
            return copy.deepcopy(listing)
    records = tuple(load_game(name) for name in game_names())
    _listed[:] = [(now, tuple((game, game_bots_of(game)) for game in records), _listing(records))]
    return copy.deepcopy(_listed[0][2])


def _listing(records: tuple[Game, ...]) -> list[dict[str, Any]]:
    games = []
    for game in records:
        name = game.name
        presets = []
        for preset in game.ruleset_type.preset_names():
            rules = game.ruleset_type.preset(preset)
            presets.append(
                {
                    "name": preset,
                    "min_players": rules.min_players,
                    "max_players": rules.max_players,
                }
            )
        games.append(
            {
                "name": name,
                "title": game.title,
                "summary": game.summary,
                "presets": presets,
                "default_preset": game.ruleset_type.DEFAULT_PRESET,
                "default_players": game.default_players,
                "bots": list(bot_factories(game)),
                "default_bot": quick_bot(game),
                "bot_lines": {bot: bot_line(game, bot) for bot in bot_factories(game)},
            }
        )
    return games
