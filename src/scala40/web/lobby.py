"""What the web table tells anyone about its games (``GET /games``: their names, titles,
presets, players and bots) and about a pack's cards (the names the page shows a Spanish
pack's cards by)."""

from __future__ import annotations

import copy
import time
from typing import Any

from scala40.bots import bot_names
from scala40.cards import CARD_NAMES, Deck, spanish_card_name
from scala40.game import Game, game_names, load_game
from scala40.serving.bot_seats import DEFAULT_BOT

__all__ = ["LISTING_SECONDS", "card_names", "games_listing"]


def card_names(deck: Deck) -> dict[str, str]:
    """What the page calls each card of a Spanish pack (C-DECK), by its notation: the
    names the command line prints beside it ("caballo de copas" for ``QH``); none for a
    French pack, whose notation is its name."""
    if not deck.name.startswith("spanish"):
        return {}
    return {CARD_NAMES[card]: spanish_card_name(card) for card in sorted(set(deck.cards))}


LISTING_SECONDS = 60.0
"""How long the listing of the games is kept before the games are listed again (a game
registered meanwhile shows after that at most)."""

_listed: list[tuple[float, tuple[Game, ...], list[dict[str, Any]]]] = []
"""The last listing made: when, of which games, and the listing."""


def games_listing() -> list[dict[str, Any]]:
    """The games a table may be made of: names, titles, presets (with their numbers of
    players), default players and bots: a copy of the listing made at most every
    :data:`LISTING_SECONDS` (listing them took 14 ms, and 12 more to find the games
    other packages offer), or as soon as a game listed is registered anew."""
    now = time.monotonic()
    if _listed:
        made, games, listing = _listed[0]
        if now - made < LISTING_SECONDS and all(load_game(game.name) is game for game in games):
            return copy.deepcopy(listing)
    games = tuple(load_game(name) for name in game_names())
    _listed[:] = [(now, games, _listing(games))]
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
                "bots": list(bot_names(game)),
                "default_bot": DEFAULT_BOT,
            }
        )
    return games
