"""What declares a knock game besides its moves and ruleset: :class:`KnockGameSpec`, the
``SPEC`` of its ``GameState`` (:mod:`~scala40.games._knock.family`).

>>> from scala40.games import chinchon
>>> chinchon.GameState.SPEC.name, chinchon.GameState.SPEC.pack
('chinchon', 'spanish')
"""

from __future__ import annotations

import attrs

__all__ = ["KnockGameSpec"]


@attrs.frozen(kw_only=True)
class KnockGameSpec:
    """What makes one knock game besides its moves and ruleset, declared as data
    (python-chess declares a variant in attributes, pokerkit a game as a preset over
    records): the ``SPEC`` of its ``GameState``; everything else follows
    (:func:`~scala40.games._knock.family.knock_game`)."""

    name: str
    """The registry name, which names the game's formats (``scala40.NAME.move``,
    ``scala40.NAME.state``): lower-case letters and digits."""
    title: str
    """The game's title, as players write it (``Chinchón``)."""
    summary: str
    """What makes the game, in a sentence or two (the command line's list of games)."""
    pack: str = "french"
    """The pack the cards are drawn in, ``"french"`` or ``"spanish"`` (a game that closes
    plays with the Spanish pack, whose order its closes write melds in: CH-MELDS)."""
    aliases: tuple[str, ...] = ()
    """Other names :func:`~scala40.game.load_game` finds the game by."""
    players: int = 2
    """The number of players the command line offers first."""
    rule_prefix: str | None = None
    """The prefix of the rule IDs the game's documentation page numbers (``"CH"``), or
    ``None`` for a game whose rules have no page of their own
    (:attr:`scala40.game.Game.rule_prefix`)."""
    rule_ids: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    """The rules that decide each kind of question about the game
    (:attr:`scala40.game.Game.rule_ids`)."""
