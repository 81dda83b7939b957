"""The command line's words for each game (a :class:`~scala40.texts.GameText`), found by
the game's name: the command line's part of every game.

A game's record holds its rules and formats, never its words: each game's wording lives
with the command line (:mod:`scala40.cli.text`), and :func:`text_of` finds it by the
game's name, in this order:

* given with :func:`register_text` (a game made in a program, a test's);
* for a game of the library, in the module ``scala40.cli.text.NAME`` by convention;
* for another package's game, through the entry point of the group ``scala40.texts``
  (:data:`ENTRY_POINT_GROUP`) named as the game, pointing at a module that holds
  ``TEXT``.

A game none of these gives words to is written in the default words
(:class:`~scala40.texts.GameText`: the state's own text and the moves' notation), so that
every registered game plays and replays on the command line. Beside them, the command line's words
for cards in a game: why the cards a pack lacks are in no hand (:func:`missing_cards`),
and cards as a report shows them (:func:`shown_cards`). The tools that write a
game for people (the command line, ``scala40 check``'s verdicts, the conformance
corpus, the environments' boards) read its words here.

>>> from scala40.texts import text_of
>>> text_of("chinchon").move_help.splitlines()[0].split()[0]
'draw'
>>> type(text_of("scala40")).__name__
'Scala40Text'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from scala40._by_game import PartsByGame
from scala40._moved import parts_given_with
from scala40._wording import (
    card_name,
    card_names,
    cards_count,
    move_text,
    reading_text,
    seat_label,
    seat_values,
)
from scala40.cards import JOKER, RANK_OF, Card, Deck, format_cards, spanish_card_name
from scala40.checks import check_flag, check_int, check_names, describe
from scala40.errors import InvalidArgumentError
from scala40.game import MAX_MELD_TOTAL, Game, State, check_meld_value
from scala40.melds import Meld

__all__ = [
    "ENTRY_POINT_GROUP",
    "GameText",
    "missing_cards",
    "register_text",
    "shown_cards",
    "text_of",
]

ENTRY_POINT_GROUP = "scala40.texts"
"""The entry-point group through which other packages offer their games' words
(``GAME_NAME = module``: a module holding ``TEXT``)."""


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

        >>> from scala40.melds import check_meld
        >>> from scala40.texts import GameText
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

        >>> from scala40.melds import check_meld
        >>> from scala40.texts import GameText
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
        >>> from scala40.texts import text_of
        >>> rules = load_game("skarney").ruleset_type.preset("partnership")
        >>> meld = check_meld("2H 2S 2D", rules.meld_rules)
        >>> text_of("skarney").meld_value(meld), text_of("skarney").meld_points(meld)
        (6, 150)

        :raises InvalidArgumentError: ``meld`` is not a meld.
        """
        return self.meld_value(meld)

    def meld_total(self, total: int, rules: Any) -> list[str]:
        """Lines ``scala40 check`` prints after the melds it was given, worth ``total``
        points (:meth:`meld_points`) together under ``rules`` (such as whether they open a hand); none by default.

        :raises InvalidArgumentError: ``total`` is not a whole number of points.
        :raises InvalidValueError: ``total`` is negative or past :data:`~scala40.game.MAX_MELD_TOTAL`."""
        del rules
        check_int("total", total, 0, MAX_MELD_TOTAL)
        return []


_DEFAULT = GameText()


def _checked(text: object) -> GameText:
    if not isinstance(text, GameText):
        raise InvalidArgumentError(f"expected a GameText, got {describe(text)}")
    return text


def _read(holder: object) -> GameText:
    """The words a game's module (or the object of its entry point) holds."""
    return _checked(getattr(holder, "TEXT", None))


def _given(record: Game) -> GameText:
    """The words a game's record was given the way 0.5 took them, or the default."""
    given: object = parts_given_with(record).get("text")
    return given if isinstance(given, GameText) else _DEFAULT


_TEXTS: PartsByGame[GameText] = PartsByGame("scala40.cli.text", ENTRY_POINT_GROUP, _read, _given)


def register_text(game: str | Game, text: GameText) -> None:
    """Give the game ``game`` (its name or its record) its words on the command line,
    before what its module or entry point gives.

    >>> from scala40.texts import GameText, register_text, text_of
    >>> register_text("toy", GameText())

    :raises InvalidArgumentError: ``game`` is not a game's name or record, or ``text``
        not a :class:`GameText`.
    """
    _TEXTS.register(game, _checked(text))


def text_of(game: str | Game) -> GameText:
    """The words of ``game`` (a registered game, or its name) on the command line: its
    own, or the default words.

    :raises UnknownGameError: ``game`` names no game.
    :raises InvalidArgumentError: the game's module or entry point holds no ``TEXT``
        wording.
    """
    return _TEXTS.of(game)


def missing_cards(cards: Sequence[Card], rules: Any, game: Game) -> str:
    """Why ``cards`` (cards the pack of ``rules`` lacks) are in no hand of ``game``, in a
    player's words: what the pack has no copies of, and the presets of the game whose
    pack has them all.

    >>> from scala40 import parse_cards
    >>> from scala40.texts import missing_cards
    >>> from scala40.game import load_game
    >>> chinchon = load_game("chinchon")
    >>> rules = chinchon.ruleset_type.default()
    >>> missing_cards(parse_cards("9C 8C"), rules, chinchon)
    'the 40-card Spanish pack has no 8s or 9s; --rules argentina_50 plays the 48-card pack'
    >>> missing_cards(parse_cards("JK"), rules, chinchon)
    'the 40-card Spanish pack has no jokers; --rules argentina_50 plays with 2 jokers'
    """
    deck: Deck = rules.deck
    ranks = sorted({RANK_OF[card] for card in cards if card != JOKER})
    # The deck's own words (what check_meld says too), then the presets that have them.
    lacking = deck.why_cannot_hold(cards)
    words = [lacking] if lacking is not None else []
    for name, preset in game.ruleset_type.presets().items():
        other: Deck = preset.deck
        if preset == rules or not set(cards) <= set(other.cards):
            continue
        plays = []
        if ranks and set(ranks) - set(deck.ranks):
            plays.append(f"the {other.size - other.jokers}-card pack")
        if JOKER in cards:
            plays.append(f"with {other.jokers} jokers")
        words.append(f"--rules {name} plays " + " ".join(plays))
    return "; ".join(words)


def shown_cards(cards: Sequence[Card], unicode: bool, rules: Any) -> str:
    """Cards as a report prints them: with ``unicode``, a French pack's suits as symbols
    and a Spanish pack's cards also named in Spanish, as its pictures show them.

    >>> from scala40 import parse_cards
    >>> from scala40.texts import shown_cards
    >>> from scala40.game import load_game
    >>> rules = load_game("chinchon").ruleset_type.default()
    >>> shown_cards(parse_cards("AS 7H KD"), True, rules)
    'AS 7H KD (as de espadas, siete de copas, rey de oros)'
    """
    if unicode and rules.deck.pack == "spanish":
        words = ", ".join(spanish_card_name(card) for card in cards)
        return f"{format_cards(cards)} ({words})" if cards else ""
    return format_cards(cards, unicode=unicode)
