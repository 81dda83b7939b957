"""What an episode of the learning-agent adapters is, and what it pays: the same in the
OpenSpiel game and the PettingZoo environment.

* ``episode="match"`` (the default): the whole match; the returns are the state's
  ``returns()``: each seat's share of the win, partners equal.
* ``episode="hand"``: the first hand of a match only. It ends once the hand is scored:
  when the match is over, or at the chance step that deals the next hand. Its returns
  come from the hand's score: each seat's running total (``state.scores``, its side's
  for partners) is what the hand earned, since the match started at zero; the sides
  whose total is best (the lowest in games scored by penalty points, the highest in
  games scored by points won: the game's ``score_order``) share the win equally, the
  others get 0. So a hand pays like a match of that one hand.

**The length cap.** Some games can go on for ever (a hand of Scala 40 where nobody melds
rebuilds its stock again and again), so an episode stops after ``max_game_length``
*steps*: every player's action (a token of the
:class:`~scala40.adapters.actions.ActionEncoding`) and every chance outcome counts one.
A chance step is one outcome per card it shuffles (``chance="card"``, the OpenSpiel
game's default: the deck is drawn card by card) or a single outcome (``chance="deal"``:
one of ``DEAL_OUTCOMES`` (53) sampled shuffles). PettingZoo plays chance inside the
environment but counts it the same way, so that both adapters stop the same game at
the same move. The episode stops at the first move boundary where the next move might
not fit: when the steps so far plus the longest step (the most tokens a move can take,
or the most outcomes a chance step can take) exceed the cap. An episode stopped so is a
**draw**: every side gets the same share (``1 / sides``) in both adapters, which is
what a match that nobody wins would pay on average.

>>> from scala40.adapters.actions import ActionEncoding
>>> from scala40.adapters.episodes import Episode
>>> episode = Episode(ActionEncoding("scala40", players=2), "hand", 5_000, "card")
>>> episode.longest_step, episode.capped(4_600), episode.capped(4_700)
(335, False, True)
"""

from __future__ import annotations

import random
from typing import Any

from scala40.adapters.actions import ActionEncoding, IllegalActionError, shuffled_chance_move
from scala40.errors import InvalidValueError
from scala40.game import ScoreOrder

__all__ = [
    "CHANCE_MODES",
    "DEAL_OUTCOMES",
    "DEFAULT_MAX_GAME_LENGTH",
    "EPISODES",
    "Episode",
    "dealt_move",
]

EPISODES = ("match", "hand")
"""The episodes an adapter plays: a whole match, or its first hand."""

CHANCE_MODES = ("card", "deal")
"""How the OpenSpiel game draws a shuffle: card by card (exact outcomes and
probabilities) or as one sampled outcome."""

DEAL_OUTCOMES = 53
"""The outcomes of a chance step drawn as one (``chance="deal"``), equally likely: each
names a shuffle drawn from it and the step's place in the game."""

DEFAULT_MAX_GAME_LENGTH = {"match": 50_000, "hand": 10_000}
"""The cap on steps, by episode, unless ``max_game_length`` says otherwise: random play
rarely reaches it (a random match of Chinchón, the longest, takes 12,000 to 28,000
steps drawn card by card; a random hand of any game a few thousand)."""


class Episode:
    """The episode rules of one adapter's game: when it ends and what it pays (see the
    module).

    :raises InvalidValueError: an unknown episode or chance mode, or a cap that is not a
        positive integer.
    """

    def __init__(
        self, encoding: ActionEncoding, episode: str, max_game_length: int, chance: str
    ) -> None:
        if episode not in EPISODES:
            raise InvalidValueError(f"episode must be 'match' or 'hand', got {episode!r}")
        if chance not in CHANCE_MODES:
            raise InvalidValueError(f"chance must be 'card' or 'deal', got {chance!r}")
        if not (type(max_game_length) is int and max_game_length >= 1):
            raise InvalidValueError(
                f"max_game_length must be a positive integer, got {max_game_length!r}"
            )
        self.encoding = encoding
        self.episode = episode
        self.chance = chance
        self.max_game_length = max_game_length
        deck = encoding.rules.deck.size
        self.longest_step = max(encoding.max_move_length, 1 if chance == "deal" else deck)
        """The most steps one move or chance step can take."""
        self.low_scores_win = encoding.game.score_order is ScoreOrder.LOW

    def chance_steps(self, state: Any) -> int:
        """The steps the chance step of ``state`` counts (see the module)."""
        return 1 if self.chance == "deal" else len(state.chance_cards())

    def capped(self, steps: int) -> bool:
        """Whether an episode ``steps`` long stops at the next move boundary."""
        return steps + self.longest_step > self.max_game_length

    def over(self, state: Any) -> bool:
        """Whether the episode has ended (the cap aside)."""
        if state.is_over:
            return True
        if self.episode == "match":
            return False
        if state.hand_number > 1:
            return True
        # At a chance step after the first deal: a reshuffle within the hand, or the deal
        # of the next hand; the cards' order does not change which.
        return bool(
            state.is_chance
            and state.hand_number == 1
            and state.apply(state.chance_move(state.chance_cards())).hand_number > 1
        )

    def returns(self, state: Any) -> tuple[float, ...]:
        """What each seat gets when the episode is over (see the module)."""
        if self.episode == "match":
            shares: tuple[float, ...] = tuple(float(share) for share in state.returns())
            return shares
        sides = state.teams
        totals = [state.scores[side[0]] for side in sides]
        best = min(totals) if self.low_scores_win else max(totals)
        winners = [total == best for total in totals]
        share = 1.0 / sum(winners)
        out = [0.0] * state.player_count
        for side, won in zip(sides, winners, strict=True):
            for seat in side:
                out[seat] = share if won else 0.0
        return tuple(out)

    def draw_returns(self, state: Any) -> tuple[float, ...]:
        """What each seat gets when the cap stops the episode: ``1 / sides`` each."""
        count: int = state.player_count
        return (1.0 / len(state.teams),) * count


def dealt_move(state: Any, outcome: int, steps: int) -> Any:
    """The chance move of ``state`` that ``outcome`` (one of ``DEAL_OUTCOMES``) names
    at this place of the game (``steps`` played so far): a shuffle drawn from both, so
    that equal outcomes at different steps deal differently.

    >>> import scala40
    >>> state = scala40.new_game(players=2, seed=1, auto_chance=False)
    >>> dealt_move(state, 3, 0) == dealt_move(state, 3, 0) != dealt_move(state, 4, 0)
    True

    :raises IllegalActionError: ``outcome`` is not one of them.
    """
    if not (type(outcome) is int and 0 <= outcome < DEAL_OUTCOMES):
        raise IllegalActionError(
            f"chance outcome {outcome!r} is not possible: a deal is one of 0 to "
            f"{DEAL_OUTCOMES - 1}"
        )
    return shuffled_chance_move(state, random.Random(f"deal {outcome} at {steps}").randrange)
