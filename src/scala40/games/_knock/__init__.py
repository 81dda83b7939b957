"""What Rumino, Chinchón and La Conga share (a private game package).

The three games keep their melds in hand and end a hand when a player's unmatched cards
are few enough: Rumino by knocking instead of drawing (RU-KNOCK), Chinchón and La Conga
by closing after the draw (CH-CLOSE). They share one engine, written once here:

* :mod:`~scala40.games._knock.profile`: :class:`KnockRules`, everything the engine reads
  from a game's ruleset (rules as data), and the options' enums;
* :mod:`~scala40.games._knock.arrange`: candidate melds, least unmatched value, the close
  arrangements and the best arrangement with layoffs (C-ARRANGE), the Rumino;
* :mod:`~scala40.games._knock.moves`: the move kinds, which each game derives its own from;
* :mod:`~scala40.games._knock.engine` and :mod:`~scala40.games._knock.generate`: the apply
  handlers, the scoring, elimination and re-entry through :mod:`scala40.match`, and the
  legal moves;
* :mod:`~scala40.games._knock.state` and :mod:`~scala40.games._knock.view`: the state and
  view classes each game derives from;
* :mod:`~scala40.games._knock.spanish`: the Chinchón options La Conga shares (LC-BASE);
* :mod:`~scala40.games._knock.bots` and :mod:`~scala40.games._knock.text`: the greedy bot
  and the command line's wording.

Nothing here is public API: import the games, :mod:`scala40.games.rumino`,
:mod:`scala40.games.chinchon` and :mod:`scala40.games.laconga`.
"""

from __future__ import annotations

__all__: list[str] = []
