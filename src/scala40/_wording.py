"""The words the games' texts share (internal): cards by name or by symbol, seats by
label and the checks of what a command-line text helper is given; cards, numbers and a
view's heading in the observations' texts; and a text's cards as a player reads them.

>>> from scala40._wording import card_names, cards_count, cards_text, ints_text
>>> from scala40._wording import notation_text, players_text, seat_label
>>> card_names((0, 52), unicode=True), card_names((), unicode=False)
('A♠ JK', '-')
>>> cards_count(1), seat_label(1, ["you", "greedy"])
('1 card', 'P1 (greedy)')
>>> notation_text("layoff JK=6S #2 low", unicode=True)
'layoff JK=6♠ #2 low'
>>> cards_text((0, 52)), cards_text(()), ints_text((3, True))
('AS JK', '-', '3 1')
>>> players_text("discard QC: QC extends meld #2 (S40-V-PLAYABLE)", spanish=False)
'discard Q♣: Q♣ extends meld #2 (S40-V-PLAYABLE)'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from scala40.cards import (
    CARD_NAMES,
    CARD_SYMBOLS,
    JOKER,
    RANK_OF,
    SPANISH_RANK_NAMES,
    Card,
    spanish_card_name,
)
from scala40.checks import check_flag, check_names, describe
from scala40.errors import InvalidArgumentError

__all__ = [
    "DRAW_HINT",
    "card_name",
    "card_names",
    "cards_count",
    "cards_text",
    "check_state",
    "ints_text",
    "move_text",
    "not_deciding",
    "notation_text",
    "players_text",
    "reading_text",
    "seat_label",
    "seat_values",
    "view_heading",
]

_SYMBOLS = {name: CARD_SYMBOLS[card] for card, name in enumerate(CARD_NAMES)}

DRAW_HINT = "Your turn: draw a card ('moves' lists the legal moves, 'help' the commands)."
"""The hint of a turn that begins with a draw from the stock."""


def card_name(card: Card, unicode: bool) -> str:
    """A card's name, or its symbol form (``7♠``) when ``unicode``."""
    return (CARD_SYMBOLS if unicode else CARD_NAMES)[card]


def card_names(cards: Sequence[Card], unicode: bool, none: str = "-") -> str:
    """Cards by name (:func:`card_name`), ``none`` when there are none."""
    return " ".join(card_name(card, unicode) for card in cards) or none


def cards_count(count: int) -> str:
    """``1 card``, ``7 cards``."""
    return f"{count} card" if count == 1 else f"{count} cards"


def seat_label(seat: int, names: Sequence[str]) -> str:
    """A seat and its player's name: ``P1 (greedy)``."""
    return f"P{seat} ({names[seat]})"


def reading_text(cards: Sequence[Card], represented: Sequence[Card], unicode: bool) -> str:
    """A meld's ``cards`` in order, each that stands for another (its ``represented``
    card) followed by ``=`` and that card.

    >>> from scala40._wording import reading_text
    >>> reading_text((52, 47, 46), (48, 47, 46), unicode=False)
    'JK=10C 9C 8C'
    """
    names = CARD_SYMBOLS if unicode else CARD_NAMES
    return " ".join(
        [
            names[card] if card == stands_for else f"{names[card]}={names[stands_for]}"
            for card, stands_for in zip(cards, represented)
        ]
    )


def seat_values(values: Sequence[int]) -> str:
    """Each seat's number (a total, points), as the announcements list them.

    >>> from scala40._wording import seat_values
    >>> seat_values((12, -3))
    'P0 12, P1 -3'
    """
    return ", ".join(f"P{seat} {value}" for seat, value in enumerate(values))


def check_state(state: object, accepted: bool, what: str, *names: object) -> None:
    """Refuse a ``state`` that is not ``accepted`` (``what`` says what was expected: ``a
    Scala 40 state``), or the seats' ``names``, when given, if they do not name its seats.

    :raises InvalidArgumentError: naming what was wrong.
    """
    if not accepted:
        raise InvalidArgumentError(f"expected {what}, got {describe(state)}")
    for given in names:
        check_names(given, state.player_count)  # type: ignore[attr-defined]


def notation_text(text: str, unicode: bool) -> str:
    """``text`` in the notation (a move, a meld), each card name in its symbol form when
    ``unicode``."""
    if not unicode:
        return text
    # Card names are whole tokens of the notation, or sides of a wild card's "=".
    return " ".join(
        "=".join(_SYMBOLS.get(part, part) for part in token.split("="))
        for token in text.split(" ")
    )


_CARD = r"(?:10|[2-9AJQK])[SHDC]"
CARD_WORD = re.compile(rf"(?<![\w=#-])({_CARD}|JK)(?:=({_CARD}))?(?![\w=-])")
"""A card written in the notation inside a text, with the card a wild card stands for
(``JK=7S``): the card, and the card it stands for, if given. The web table's page finds
cards in a text by the same expression (``scala40_server/web/static/app.js``, ``CARD_WORD``)."""
_CARD_WORDS = re.compile(rf"{CARD_WORD.pattern}(?: +{CARD_WORD.pattern})*")
"""Cards one after another, a space apart (a meld's, a hand's)."""
_CODES = {name: card for card, name in enumerate(CARD_NAMES)}


def _spoken(card: Card, spanish: bool) -> str:
    if spanish and (card == JOKER or SPANISH_RANK_NAMES[RANK_OF[card]]):
        return spanish_card_name(card)
    return CARD_SYMBOLS[card]


def players_text(text: str, spanish: bool) -> str:
    """``text`` (a reason, a status, a move) with each card as a player reads it, as the
    web table's page writes it: by its suit symbol (``Q♣``; the joker ``JK``), or in a
    Spanish pack by its Spanish name (``caballo de bastos``; cards one after another
    a comma apart), a wild card's reading after it (``JK=7♠``, ``comodín (siete de
    espadas)``). The notation (``QC``) is for programs: the library's errors and texts
    keep it.

    >>> from scala40._wording import players_text
    >>> players_text("meld JK=7S 8S 9S", spanish=False)
    'meld JK=7♠ 8♠ 9♠'
    >>> players_text("QC cannot be melded with JK=7S 7H", spanish=True)
    'caballo de bastos cannot be melded with comodín (siete de espadas), siete de copas'
    """

    def spell(found: re.Match[str]) -> str:
        own = _spoken(_CODES[found[1]], spanish)
        if found[2] is None:
            return own
        reading = _spoken(_CODES[found[2]], spanish)
        return f"{own} ({reading})" if spanish else f"{own}={reading}"

    def spell_run(run: re.Match[str]) -> str:
        words = [CARD_WORD.sub(spell, word) for word in run[0].split()]
        return (", " if spanish else " ").join(words)

    return _CARD_WORDS.sub(spell_run, text)


def move_text(move: object, accepted: bool, unicode: bool, what: str = "a move") -> str:
    """A move in the notation, with suit symbols if asked. Whether ``move`` is a move is
    the caller's verdict, ``accepted`` (as for :func:`check_state`; ``what`` says what was
    expected): the words know no move class, so that the move kinds, and the pictures
    over them, may use the words.

    :raises InvalidArgumentError: ``move`` is not ``accepted``, or ``unicode`` not a bool.
    """
    if not accepted:
        raise InvalidArgumentError(f"expected {what}, got {describe(move)}")
    check_flag("unicode", unicode)
    return notation_text(str(move), unicode)


def view_heading(view: Any) -> str:
    """How the text of a view opens: whose it is, the hand, the dealer and the phase."""
    return (
        f"player {view.player} of {view.player_count}, hand {view.hand_number}, "
        f"dealer {view.dealer}, {view.phase.value}"
    )


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as the notation writes them, ``-`` for none."""
    return " ".join([CARD_NAMES[card] for card in cards]) or "-"


def ints_text(values: Sequence[int] | Sequence[bool]) -> str:
    """Numbers (yes/no as 1/0), ``-`` for none."""
    return " ".join([str(int(value)) for value in values]) or "-"


def not_deciding(
    seat: int, current: int | None, is_over: bool, *, game_word: str, may_resign: bool
) -> str:
    """Why ``seat`` has no decision now, for every game's messages: whose decision it is
    (``current``, ``None`` at a chance step), or that the ``game_word`` (game, match) is
    over; and what the seat may do meanwhile (resign, C-RESIGN, where the game has
    resignations; else wait).

    >>> from scala40._wording import not_deciding
    >>> not_deciding(1, 0, False, game_word="game", may_resign=True)
    'seat 1 does not decide now: seat 0 does; seat 1 may only resign until its turn (C-RESIGN)'
    >>> not_deciding(1, None, False, game_word="match", may_resign=False)
    'seat 1 does not decide now: a chance step comes next (a deal or a restock); seat 1 waits for its turn'
    >>> not_deciding(1, None, True, game_word="match", may_resign=True)
    'seat 1 does not decide now: the match is over, and nothing is left to play'
    """
    if is_over:
        return f"seat {seat} does not decide now: the {game_word} is over, and nothing is left to play"
    now = (
        "a chance step comes next (a deal or a restock)"
        if current is None
        else f"seat {current} does"
    )
    meanwhile = (
        f"seat {seat} may only resign until its turn (C-RESIGN)"
        if may_resign
        else f"seat {seat} waits for its turn"
    )
    return f"seat {seat} does not decide now: {now}; {meanwhile}"
