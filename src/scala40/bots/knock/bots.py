"""The greedy bot of the knock games: keep the hand whose melds leave the least unmatched.

It knocks or closes whenever it may (the close that costs it least), takes the top
discard when that lowers its least unmatched value, discards the card whose loss hurts
least, and always claims a Rumino and re-enters. Each game registers it as ``"greedy"``.

**Every hand ends.** The rules let a hand go on for ever, and at three or four seats
players who each keep the low cards another needs can freeze one (careful bots froze
about one first hand in twenty that way at four seats of Chinchón and La Conga). So the
bots of the family play a *stalled* hand otherwise
(:mod:`~scala40.bots.knock.stalled`: one that has lasted three times as many turns as
its deck has cards; :meth:`GreedyBot.progress_move`). At each draw and play with a
choice, unless it closes or knocks, which it does whenever it may, a bot plays a legal
move drawn at random with chance :data:`STALL_RANDOM_SHARE`, and otherwise a move toward
a hand of every card in melds made of its cards and those that go round the table
(:func:`~scala40.bots.knock.stalled.stalled_plan`), where there is one, or its own.
The searches of :mod:`scala40.bots` ask the game's greedy bot for that move at every
decision, and the random bot plays at random throughout.

Why a table of such players ends every hand, with probability one: take any position of
a stalled hand, any seat ``X`` and seven natural cards ``H`` that make melds of every
card (every deck has them: a set of four and a set of three), a knock or a close that no
rule bars (RU-KNOCK, CH-CLOSE; a close with every card in melds is never capped,
LC-CLOSECAP). One course of play from there: every seat draws from the stock; ``X``
keeps the cards of ``H`` and throws another (with eight cards, seven of them ``H``, it
closes, or knocks before its next draw); every other seat throws a card of ``H`` when it
holds one; each card of ``H`` thrown is under the next discard, or the top card at most
one rebuild longer, and so goes into a rebuilt stock, whose shuffle puts it where ``X``
draws it. Every step of that course has a chance bounded below: each decision at least
``STALL_RANDOM_SHARE`` over its number of legal moves (one where a close or a knock is
legal ends the hand at least that often), each shuffle at least one in the number of
orders of the deck; and the course takes a bounded number of moves, ``L`` (seven cards,
each at most two rebuilds of the stock away, each rebuild at most a deck's worth of
turns). So from every position the hand ends within ``L`` moves with a chance ``q > 0``
that does not depend on the position, and it lasts ``k * L`` moves more with a chance of
at most ``(1 - q) ** k``. The argument bounds no length; measured, the hands that froze
end within 1,000 moves (the protocol suite plays thousands to a cap). A seat that never
plays at random (a person, another program) can still keep a hand going: ``turn_limit``
(RU-TURN, CH-TURN) bounds a hand whoever plays.

>>> from scala40.bots.knock.bots import GreedyBot
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
from collections import Counter
from collections.abc import Sequence
from typing import Any

from scala40.bots.knock.stalled import hand_stalled, stalled_plan
from scala40.cards import RANK_OF, SUIT_OF, Card
from scala40.checks import describe
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40.games._knock.analysis import close_cost
from scala40.games._knock.arrange import (
    least_unmatched,
    least_unmatched_without,
)
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
from scala40.games._knock.view import PlayerView
from scala40.legal import LegalMoves

__all__ = ["STALL_RANDOM_SHARE", "GreedyBot", "check_choice"]

STALL_RANDOM_SHARE = 0.2
"""The chance that a bot plays a legal move drawn at random at a decision of a stalled
hand (:func:`~scala40.bots.knock.stalled.hand_stalled`; see the module): what makes
every hand end, spent only where a hand would otherwise go on for ever."""


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


_STALLABLE = (Phase.DRAW, Phase.PLAY)
"""The decisions a stalled hand plays at random at times: a turn's draw and its play (a
claim, RU-RUMINO, and a re-entry, LC-REENGANCHE, end nothing and loop nowhere)."""


def _ends_hand(move: object) -> bool:
    return isinstance(move, (Close, Knock))


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
        check_choice(view, legal)
        if len(legal) == 1:
            return legal[0]
        move = self._decide(view, legal)
        if _ends_hand(move):
            return move  # it closes or knocks whenever it may, stalled or not
        moving = self.progress_move(view, legal, rng)
        return move if moving is None else moving

    def progress_move(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any | None:
        """At a draw or a play of a stalled hand
        (:func:`~scala40.bots.knock.stalled.hand_stalled`) with a choice: with chance
        :data:`STALL_RANDOM_SHARE` drawn from ``rng``, this bot's close or knock if one is
        legal, else a legal move drawn at random; otherwise the move toward the hand the
        bot aims for (:func:`~scala40.bots.knock.stalled.stalled_plan`), where there is
        one. ``None`` at any other decision (without drawing from ``rng``), where the bot
        plays its own move. The searches of :mod:`scala40.bots` ask it of the game's
        greedy bot at every decision: what makes every hand end (see the module).

        >>> import random
        >>> from scala40.bots.knock.bots import GreedyBot
        >>> from scala40.games.chinchon import new_game
        >>> state = new_game(players=2, seed=4).apply("draw")
        >>> GreedyBot().progress_move(state.view(0), list(state.legal_moves()), random.Random(0)) is None
        True

        :raises InvalidArgumentError: ``view`` is not a view of a knock game, or ``legal``
            not a list of its moves.
        :raises InvalidValueError: ``legal`` is empty.
        """
        check_choice(view, legal)
        if len(legal) < 2 or view.phase not in _STALLABLE or not hand_stalled(view):
            return None
        if rng.random() < STALL_RANDOM_SHARE:
            if any(_ends_hand(move) for move in legal):
                return self._decide(view, legal)
            return legal[rng.randrange(len(legal))]
        plan = stalled_plan(view)
        return None if plan is None else self._follow(view, legal, plan)

    def _follow(self, view: Any, legal: Sequence[Any], plan: tuple[Card, ...]) -> Any:
        """The move toward ``plan`` (:func:`~.stalled.stalled_plan`): a close or a knock
        if one is legal (this bot's), the top discard if the plan needs it, else a draw;
        the card the plan needs least, greedy's first, among those it does not need."""
        if any(_ends_hand(move) for move in legal):
            return self._decide(view, legal)
        needed = Counter(plan) - Counter(view.hand)
        if view.phase is Phase.DRAW:
            take = next((move for move in legal if isinstance(move, TakeDiscard)), None)
            if take is not None and view.discard and needed[view.discard[-1]]:
                return take
            return next((move for move in legal if isinstance(move, DrawStock)), legal[0])
        spare = Counter(view.hand) - Counter(plan)
        order = self.ranked(view, legal)
        return next(
            (move for move in order if isinstance(move, Discard) and spare[move.card]),
            order[0],
        )

    def _decide(self, view: Any, legal: Sequence[Any]) -> Any:
        """This bot's own move among two or more ``legal`` moves (no random number)."""
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
            first = self._decide(view, legal)
            return [first, *(move for move in legal if move != first)]
        profile: KnockRules = view.rules.profile
        hand: tuple[Card, ...] = view.hand
        closes = [move for move in legal if isinstance(move, Close)]
        discards = [move for move in legal if isinstance(move, Discard)]
        closes.sort(key=lambda move: close_cost(move, hand, view.rules))

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
