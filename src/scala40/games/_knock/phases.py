"""What a knock game's state is made of besides its cards: where the game stands, and how
the last hand ended (values shared by the states, the engine and the views).

>>> from scala40.games.chinchon import HandEnd, Phase
>>> Phase("draw"), HandEnd.CHINCHON.value
(<Phase.DRAW: 'draw'>, 'chinchon')
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from scala40.cards import CARD_NAMES, Card, format_cards
from scala40.melds import Meld
from scala40.melds._words import placed_card_text
from scala40.views import HandResultBase

__all__ = [
    "CLAIM",
    "DEAL",
    "DRAW",
    "OVER",
    "PLAY",
    "REENTRY",
    "RESTOCK",
    "HandEnd",
    "HandResult",
    "Layoff",
    "Phase",
    "Showing",
]


class Phase(enum.Enum):
    """Where the game stands."""

    DEAL = "deal"
    """Chance: a hand is to be dealt (only seen with ``auto_chance=False``)."""
    DRAW = "draw"
    """The player to move draws (or, in Rumino, knocks instead: RU-TURN, RU-KNOCK)."""
    PLAY = "play"
    """The player to move has drawn and discards (or closes: CH-TURN, CH-CLOSE); also
    La Conga's first player at his first turn (LC-DEAL)."""
    CLAIM = "claim"
    """A player not on turn may claim the discard that completes his Rumino (RU-RUMINO,
    with ``rumino_claim="decision"``)."""
    RESTOCK = "restock"
    """Chance: the discard pile is to be shuffled into a new stock (only with
    ``auto_chance=False``: RU-RESTOCK, CH-RESTOCK)."""
    REENTRY = "reentry"
    """After a hand, a player whose total reached the limit decides whether to re-enter
    (LC-REENGANCHE)."""
    OVER = "over"
    """The game has ended; ``winners`` says who won."""


# The phases as module constants, which the hot paths compare with (``phase is DRAW``):
# an enum member costs some 15 times as much to read on CPython 3.11 (see the
# architecture page, "Hot code reads what it compares often as module constants").
DEAL, DRAW, PLAY, CLAIM, RESTOCK, REENTRY, OVER = Phase  # every member, in order


class HandEnd(enum.Enum):
    """How a hand ended."""

    KNOCK = "knock"
    """A knock with cards unmatched (RU-KNOCK, RU-SCORE)."""
    GIN = "gin"
    """A knock with every card in melds (RU-GIN)."""
    CLOSE = "close"
    """A close with cards unmatched (CH-CLOSE, CH-LAYOFF, CH-SCORE)."""
    ALL_MATCHED = "all_matched"
    """A close with all seven cards in melds (CH-MINUS10)."""
    WILD_CHINCHON = "wild_chinchon"
    """A close whose seven cards make one run holding a wild card (CH-CHINCHON)."""
    CHINCHON = "chinchon"
    """A close whose seven cards make one run without a wild card: the closer wins the
    game (CH-CHINCHON; the conga of LC-BASE)."""
    RUMINO = "rumino"
    """A player holds a Rumino and wins the game (RU-RUMINO)."""
    BLOCKED = "blocked"
    """The hand reached the ruleset's ``turn_limit`` turns: it ends with no score, and
    the deal passes on (a Decision, RU-TURN, CH-TURN)."""

    @property
    def words(self) -> str:
        """How the ending reads after the seat that made it ("seat 2 closed with a
        chinchón"), as the pictures of a hand's end write it.

        >>> from scala40.games._knock.phases import HandEnd
        >>> HandEnd.GIN.words, HandEnd.BLOCKED.words
        ('knocked with gin', 'played the last turn of a blocked hand')
        """
        return _END_WORDS[self]


_END_WORDS = {
    HandEnd.KNOCK: "knocked",
    HandEnd.GIN: "knocked with gin",
    HandEnd.CLOSE: "closed",
    HandEnd.ALL_MATCHED: "closed with every card matched",
    HandEnd.WILD_CHINCHON: "closed with a chinchón holding a wild card",
    HandEnd.CHINCHON: "closed with a chinchón",
    HandEnd.RUMINO: "showed a Rumino",
    HandEnd.BLOCKED: "played the last turn of a blocked hand",
}


@attrs.frozen
class Layoff:
    """One card laid off onto another player's shown meld (CH-LAYOFF)."""

    card: Card
    """The card laid off."""
    represents: Card
    """The natural card it stands for (itself when natural)."""
    owner: int
    """The seat whose shown meld takes it."""
    meld: int
    """The index of that meld among the owner's shown melds."""

    def __str__(self) -> str:
        return f"{placed_card_text(self.card, self.represents)} on P{self.owner}#{self.meld}"


@attrs.frozen
class Showing:
    """What one player shows at the end of a hand: melds, layoffs, unmatched cards."""

    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    """Cards laid off on other players' shown melds (CH-LAYOFF)."""
    unmatched: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (melds as text such as ``8C 9C JK=10C``)."""
        return {
            "melds": [_meld_text(meld) for meld in self.melds],
            "layoffs": [
                {
                    "card": CARD_NAMES[layoff.card],
                    "represents": CARD_NAMES[layoff.represents],
                    "owner": layoff.owner,
                    "meld": layoff.meld,
                }
                for layoff in self.layoffs
            ],
            "unmatched": format_cards(self.unmatched),
        }


def _meld_text(meld: Meld) -> str:
    return " ".join(
        CARD_NAMES[card] if card == rep and card not in meld.rules.wild_cards
        else f"{CARD_NAMES[card]}={CARD_NAMES[rep]}"
        for card, rep in zip(meld.cards, meld.represented)
    )  # fmt: skip


@attrs.frozen
class HandResult(HandResultBase):
    """How a hand ended: who ended it, how, what everyone showed and scored."""

    hand_number: int
    end: HandEnd
    closer: int
    """The seat that knocked, closed, or holds the Rumino (in a blocked hand, the seat
    whose discard played the last turn)."""
    points: tuple[int, ...]
    """Points added to each seat's total this hand."""
    shown: tuple[Showing | None, ...]
    """What each seat showed (``None``: out of the game, or the hand was a Rumino)."""
    hands: tuple[tuple[Card, ...], ...]
    """The cards each seat held at the end (everyone shows his hand)."""
    discard: Card | None = None
    """The card the closer discarded face down (CH-CLOSE), or the discard a Rumino
    claimed (RU-RUMINO)."""
    busted: tuple[int, ...] = ()
    """Seats whose totals reached the limit this hand (RU-ELIM, LC-ELIM)."""
    eliminated: tuple[int, ...] = ()
    """Seats that dropped out after this hand."""
    reentered: tuple[int, ...] = ()
    """Seats that re-entered after this hand (LC-REENGANCHE)."""

    def to_state_dict(self) -> dict[str, Any]:
        """The hand result as a saved state writes it (its own fields, by name)."""
        return {
            "hand_number": self.hand_number,
            "end": self.end.value,
            "closer": self.closer,
            "points": list(self.points),
            "shown": [None if shown is None else shown.to_dict() for shown in self.shown],
            "hands": [format_cards(hand) for hand in self.hands],
            "discard": None if self.discard is None else CARD_NAMES[self.discard],
            "busted": list(self.busted),
            "eliminated": list(self.eliminated),
            "reentered": list(self.reentered),
        }
