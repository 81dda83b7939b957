"""What Rumino, Chinchón and La Conga share (a private game package).

The three games keep their melds in hand and end a hand when a player's unmatched cards
are few enough: Rumino by knocking instead of drawing (RU-KNOCK), Chinchón and La Conga
by closing after the draw (CH-CLOSE). They share one engine, written once here; a game
is a declaration (its ruleset, the move kinds it allows, its ``GameState``).
The modules:

* :mod:`~scala40.games._knock.profile`: :class:`KnockRules`, what the engine works out
  from a game's ruleset (rules as data), and the options' enums;
* :mod:`~scala40.games._knock.knocking`: the options of a game that knocks, Rumino's;
* :mod:`~scala40.games._knock.spanish`: the Chinchón options La Conga shares (LC-BASE),
  and La Conga's own;
* :mod:`~scala40.games._knock.tables`: the card values left unmatched;
* :mod:`~scala40.games._knock.moves`: the move kinds, one class each, shared by the games,
  and the kinds of a game that knocks and of one that closes (a game's ``Move``);
* :mod:`~scala40.games._knock.phases`: the phases, the layoffs and how a hand ended;
* :mod:`~scala40.games._knock.state_record`: the state's record, the fields the engine reads;
* :mod:`~scala40.games._knock.conditions`: each condition of a knock and of a close,
  one predicate citing its rule, which the engine, the generator and the search ask;
* :mod:`~scala40.games._knock.arrange`: candidate melds, least unmatched value, the close
  arrangements and the best arrangement with layoffs (C-ARRANGE), the Rumino;
* :mod:`~scala40.games._knock.loose`: the loose cards read on bit masks, the bound asked
  before any search;
* :mod:`~scala40.games._knock.analysis`: the arrangement functions offered to callers,
  every argument checked;
* :mod:`~scala40.games._knock.engine`: the apply handlers, the scoring, elimination and
  re-entry through :mod:`scala40.match`;
* :mod:`~scala40.games._knock.generate`: the legal moves;
* :mod:`~scala40.games._knock.result`: the last hand's result in a saved game;
* :mod:`~scala40.games._knock.state`: the state class each game derives from, generic
  in its moves and ruleset;
* :mod:`~scala40.games._knock.spec`: the rest of a game's declaration, its ``SPEC``;
* :mod:`~scala40.games._knock.view`: what one player may know, and sampling from it;
* :mod:`~scala40.games._knock.family`: what a game's package declares itself with, and
  its registry record, made from its declaration;
* :mod:`~scala40.games._knock.shared`: the names every game's package re-exports, the
  kinds every game allows among them.

Nothing here is public API: import the games, :mod:`scala40.games.rumino`,
:mod:`scala40.games.chinchon` and :mod:`scala40.games.laconga`.
"""

from __future__ import annotations

__all__: list[str] = []
