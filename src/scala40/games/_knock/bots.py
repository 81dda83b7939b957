"""The greedy bot of the knock games: keep the hand whose melds leave the least unmatched.

It knocks or closes whenever it may (the close that costs it least), takes the top
discard when that lowers its least unmatched value, discards the card whose loss hurts
least, and always claims a Rumino and re-enters. Each game registers it as ``"greedy"``.

>>> from scala40.games._knock.bots import GreedyBot
>>> import random
>>> from scala40.games.chinchon import new_game
>>> state = new_game(players=2, seed=4).apply("draw")
>>> bot = GreedyBot()
>>> move = bot.choose(state.view(state.turn), list(state.legal_moves()), random.Random(0))
>>> move in state.legal_moves()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scala40._checks import describe
from scala40.cards import RANK_OF, SUIT_OF, Card
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.games._knock.arrange import (
    is_seven_run,
    least_unmatched,
    least_unmatched_without,
    without,
)
from scala40.games._knock.engine import resolve_spec
from scala40.games._knock.moves import (
    Claim,
    Close,
    Discard,
    DrawStock,
    Knock,
    Reenter,
    TakeDiscard,
)
from scala40.games._knock.phases import Phase
from scala40.games._knock.profile import KnockRules
from scala40.games._knock.spanish import SpanishRules
from scala40.games._knock.view import PlayerView
from scala40.legal import LegalMoves
from scala40.melds import Meld

__all__ = ["GreedyBot", "check_choice"]


def _deadwood(hand: tuple[Card, ...], profile: KnockRules) -> int:
    return least_unmatched(hand, profile)


def _promise(card: Card, hand: Sequence[Card], profile: KnockRules) -> int:
    """How many cards of ``hand`` could one day meld with ``card``: same rank, or same
    suit close by (a wild card: all of them)."""
    if card in profile.wild_cards:
        return 100
    slots = profile.meld_rules.tables.slot_of_rank
    place = slots.get(RANK_OF[card], (0,))[0]
    count = 0
    for other in hand:
        if other == card or other in profile.wild_cards:
            continue
        if RANK_OF[other] == RANK_OF[card]:
            count += 2
        elif SUIT_OF[other] == SUIT_OF[card]:
            distance = abs(slots.get(RANK_OF[other], (99,))[0] - place)
            if distance <= 2:
                count += 3 - distance
    return count


def check_choice(view: object, legal: object) -> None:
    """Refuse what is not a view of a knock game and a non-empty list of its moves."""
    if not isinstance(view, PlayerView):
        raise InvalidArgumentError(f"expected the view of a player, got {describe(view)}")
    kinds = view.state_type.KINDS.kinds
    if not isinstance(legal, (list, tuple, LegalMoves)) or not all(
        type(move) in kinds for move in legal
    ):
        raise InvalidArgumentError(
            f"expected a list of {view.state_type.KINDS.title} moves, got {describe(legal)}"
        )
    if not legal:
        raise InvalidValueError("a bot chooses among legal moves, and there are none")


class GreedyBot:
    """A fast greedy player of Rumino, Chinchón and La Conga (see the module)."""

    name = "greedy"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The greedy choice among ``legal`` (see the module).

        :raises InvalidArgumentError: ``view`` is not a view of a knock game, or ``legal``
            not a list of its moves.
        :raises InvalidValueError: ``legal`` is empty.
        """
        del rng
        check_choice(view, legal)
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        profile: KnockRules = view.rules.profile
        if phase is Phase.CLAIM:
            return next(move for move in legal if isinstance(move, Claim))
        if phase is Phase.REENTRY:
            return next(move for move in legal if isinstance(move, Reenter))
        if phase is Phase.DRAW:
            return self._draw(view, legal, profile)
        if phase is Phase.PLAY:
            return self.ranked(view, legal)[0]
        return legal[0]

    def _draw(self, view: Any, legal: Sequence[Any], profile: KnockRules) -> Any:
        for move in legal:
            if isinstance(move, Knock):
                return move
        take = next((move for move in legal if isinstance(move, TakeDiscard)), None)
        draw = next(move for move in legal if isinstance(move, DrawStock))
        if take is None or not view.discard:
            return draw
        hand: tuple[Card, ...] = view.hand
        top = view.discard[-1]
        now = _deadwood(hand, profile)
        grown = tuple(sorted((*hand, top)))
        after = least_unmatched_without(grown, profile)
        best = min(
            left
            for card, left in after.items()
            if card != top or view.rules.discard_taken_card or grown.count(top) > 1
        )
        return take if best < now else draw

    def ranked(self, view: Any, legal: Sequence[Any]) -> list[Any]:
        """Every legal move, the greedy choice first, then the others from the most to the
        least promising (raises as :meth:`choose`)."""
        check_choice(view, legal)
        if view.phase is not Phase.PLAY:
            first = self.choose(view, legal, random.Random(0))
            return [first, *(move for move in legal if move != first)]
        profile: KnockRules = view.rules.profile
        hand: tuple[Card, ...] = view.hand
        closes = [move for move in legal if isinstance(move, Close)]
        discards = [move for move in legal if isinstance(move, Discard)]
        closes.sort(key=lambda move: self._close_cost(move, hand, view.rules))

        after = least_unmatched_without(hand, profile)

        def discard_cost(move: Discard) -> tuple[int, int, int, Card]:
            return (
                after[move.card],
                _promise(move.card, hand, profile),
                -profile.values[move.card],
                move.card,
            )

        discards.sort(key=discard_cost)
        others = [move for move in legal if not isinstance(move, (Close, Discard))]
        return [*closes, *discards, *others]

    @staticmethod
    def _close_cost(move: Close, hand: tuple[Card, ...], rules: SpanishRules) -> tuple[int, int]:
        """What a close costs the closer, then how much it offers the others: the points of
        his unmatched cards (less for all matched), then the cards his melds accept."""
        profile = rules.profile
        kept = without(hand, (move.card,))
        assert kept is not None
        melds = [resolve_spec(spec, profile.meld_rules) for spec in move.melds]
        used = [card for meld in melds if isinstance(meld, Meld) for card in meld.cards]
        left = without(kept, used) or ()
        value = sum(profile.values[card] for card in left)
        if not left:
            run = is_seven_run(kept, profile.meld_rules)
            if run and not any(card in profile.wild_cards for card in kept):
                return (-10_000, 0)  # CH-CHINCHON: the game is won
            value = (rules.wild_chinchon_bonus if run else rules.all_matched_bonus) - 100
        offered = (
            sum(len(meld.extensions()) for meld in melds if isinstance(meld, Meld)) if left else 0
        )
        return (value, offered)
