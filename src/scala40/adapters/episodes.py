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

**The length cap.** Some games can go on for ever (a hand of Chinchón where nobody
closes, a hand of Scala 40 where the stock is rebuilt again and again), so an episode
stops after ``max_game_length`` *steps*: every player's action (a token of the
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

**Unfinished episodes, for learning** (``unfinished="truncate"``; the PettingZoo
environment and the Gymnasium :class:`~scala40.adapters.gym.SeatEnv` take it): an episode
stopped by the cap, and a one-hand episode whose hand ended with no side's total moved (a
hand blocked by the rules' ``turn_limit``: nobody scores), are *truncated* and pay
nothing (0 to every seat). A learner then bootstraps the value of such a state, rather
than learning that not finishing a hand is worth a draw: against weak opponents, a draw
is more than a policy that never goes out deserves. The default, ``"draw"``, pays them as
above (a blocked hand is then a hand that every side tied). OpenSpiel has no truncation,
so its games keep the default.

**Short hands, for learning** (:func:`learning_rules`): in the games whose hands may go on
for ever (the knock games, Skarney: a player who never goes out keeps a hand going), the
rules' own ``turn_limit`` ends a hand after a number of turns. ``learning_rules`` sets it
so that a hand's cap is about ``LEARNING_HAND_STEPS`` (300) steps with
``chance="deal"``, as OpenSpiel's gin rummy caps a whole game at 300 actions, but never
fewer than ``LEARNING_MIN_TURNS`` (12) turns a seat: 52 turns for Chinchón or La Conga
with 2 players (299 steps), 41 for La Conga with 3 (296 steps), 37 for Rumino with 3
(296 steps), 48 for Skarney with 4 (508 steps). Scala 40's hands end by its rules
(S40-STALL): its rules are left as they are. Every recipe of the documentation learns
on these rules.

**The default cap** comes from the game, its rules and its seats
(:func:`default_max_game_length`). A hand is given ``HAND_DECK_PASSES`` (10) times as
many turns as its deck has cards, each turn drawing a card: ten passes through the
whole deck, where a hand played to win ends within one or two (fewer when the rules'
own bound on a hand, the game's ``hand_bound_option`` such as ``turn_limit``, is
lower). A turn counts ``players + 2`` steps (a draw, a discard, and a step for each
other seat's claim or answer, or for a meld), and one more in ``chance="card"`` (the
card's outcome when the stock is rebuilt); the deal and the longest step come on top.
A match is given as many such hands as its rules allow at most (the ruleset's
``most_hands``: 1 for a single hand, Skarney's ``hands``), or ``MATCH_HANDS`` (10)
where hands go on until a score decides; and no cap is more than ``MAX_GAME_LENGTH``
(8,192) steps, the longest history a state read back from text checks within the bound
of a call, with room for a slower machine (the standard rules of every game reach it in
a match: a cap counts what reading the history back costs, not what a match may take).
Measured with the standard rules,
hands played by the greedy bots took at most 82 to 702 steps (``chance="deal"``, 40
hands of each game), a twentieth to a tenth of their caps. Random moves never stopped
at the cap in Scala 40 (whose hands end, S40-STALL) or Skarney, 200 hands each; in the
knock games, where a player who never knocks or closes keeps a hand going, they did
now and then: 1 to 2 Rumino hands in 200, 7 to 21 Chinchón hands and 9
to 15 La Conga hands. Of 20 random matches in each game (``chance="card"``), one
Rumino match stopped at the 8,192 cap, none of the others (the longest Scala 40 match
3,046 steps, Skarney 5,224, La Conga 6,240).

>>> from scala40.adapters.actions import ActionEncoding
>>> from scala40.adapters.episodes import Episode, default_max_game_length, learning_rules
>>> encoding = ActionEncoding("scala40", players=2)
>>> default_max_game_length(encoding, "hand", "deal"), default_max_game_length(encoding, "hand", "card")
(4656, 5843)
>>> episode = Episode(encoding, "hand", 5_000, "card")
>>> episode.longest_step, episode.capped(4_600), episode.capped(4_700)
(335, False, True)
>>> learning_rules("chinchon").turn_limit, learning_rules("scala40").turn_limit is None
(52, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from scala40.adapters.actions import ActionEncoding, IllegalActionError
from scala40.adapters.chance import shuffled_chance_move
from scala40.errors import InvalidValueError
from scala40.game import Game, ScoreOrder, load_game

__all__ = [
    "CALL_CPU_SECONDS",
    "CHANCE_MODES",
    "DEAL_OUTCOMES",
    "EPISODES",
    "HAND_DECK_PASSES",
    "LEARNING_HAND_STEPS",
    "LEARNING_MIN_TURNS",
    "MATCH_HANDS",
    "MAX_GAME_LENGTH",
    "READ_BACK_ACTION_SECONDS",
    "READ_BACK_MARGIN",
    "UNFINISHED",
    "Episode",
    "dealt_move",
    "default_max_game_length",
    "learning_rules",
]

EPISODES = ("match", "hand")
"""The episodes an adapter plays: a whole match, or its first hand."""

CHANCE_MODES = ("card", "deal")
"""How the OpenSpiel game draws a shuffle: card by card (exact outcomes and
probabilities) or as one sampled outcome."""

DEAL_OUTCOMES = 53
"""The outcomes of a chance step drawn as one (``chance="deal"``), equally likely: each
names a shuffle drawn from it and the step's place in the game."""

HAND_DECK_PASSES = 10
"""The turns a hand is given under the default cap, in passes through its deck (see the
module)."""

MATCH_HANDS = 10
"""The hands a match is given under the default cap (see the module)."""

MAX_GAME_LENGTH = 8_192
"""The longest cap an episode may have, in steps, and the default cap where a game's
rules and seats would give more (see the module): no history is longer, so that a state
read back from text (:meth:`scala40.adapters.openspiel.OpenSpielGame.deserialize_state`)
checks every step of its history, each move replayed once through the game's rules,
within the quarter second of CPU that bounds a call of the library
(:data:`CALL_CPU_SECONDS`) on a machine :data:`READ_BACK_MARGIN` times slower than the
slowest measured: ``MAX_GAME_LENGTH * READ_BACK_ACTION_SECONDS * READ_BACK_MARGIN`` is
at most ``CALL_CPU_SECONDS`` (8,192 actions at 21 microseconds, 0.17 s; at 32,768
actions a Chinchón match that nobody closes took 0.42-0.45 s at 21,212)."""
CALL_CPU_SECONDS = 0.25
"""The CPU time that bounds a call of the library (docs/security.rst)."""
READ_BACK_ACTION_SECONDS = 21e-6
"""The most CPU time measured reading back one action of a history
(:meth:`~scala40.adapters.openspiel.OpenSpielGame.deserialize_state`): 0.42-0.45 s for
the 21,212 actions of a two-seat Chinchón match nobody closes (its first hand played to
the cap), at rest on the slower of two machines; the other took 0.155 s at a load of
13, and 0.15-0.33 s for the longest histories of the five games (32,508-32,659 actions,
5-10 microseconds an action) at a load of 10-12."""
READ_BACK_MARGIN = 1.4
"""How many times slower than the slowest measured (:data:`READ_BACK_ACTION_SECONDS`) a
machine may be and still read back the longest history within :data:`CALL_CPU_SECONDS`."""

UNFINISHED = ("draw", "truncate")
"""What an unfinished episode pays: a draw, or nothing, truncated (see the module)."""

LEARNING_HAND_STEPS = 300
"""The steps of a hand's cap (``chance="deal"``) that :func:`learning_rules` aims at."""

LEARNING_MIN_TURNS = 12
"""The fewest turns a seat that :func:`learning_rules` leaves a hand."""


def default_max_game_length(encoding: ActionEncoding, episode: str, chance: str) -> int:
    """The default cap on the steps of an episode of ``encoding``'s game, rules and seats
    (see the module): a hand's turns are its deck's cards times ``HAND_DECK_PASSES``, or
    the rules' own bound on a hand's turns where it is lower; a match is the most
    hands its rules allow, or ``MATCH_HANDS`` hands.

    >>> from scala40.adapters.actions import ActionEncoding
    >>> from scala40.adapters.episodes import default_max_game_length
    >>> chinchon = ActionEncoding("chinchon", players=2)
    >>> default_max_game_length(chinchon, "hand", "deal")
    1691
    >>> default_max_game_length(chinchon, "match", "deal")
    8192
    >>> limited = ActionEncoding("chinchon", chinchon.rules.replace(turn_limit=50), players=2)
    >>> default_max_game_length(limited, "hand", "deal")
    291

    :raises InvalidValueError: an unknown episode or chance mode.
    """
    _check_modes(episode, chance)
    rules = encoding.rules
    deck: int = rules.deck.size
    turns = HAND_DECK_PASSES * deck
    option = encoding.game.hand_bound_option
    bound = None if option is None else getattr(rules, option)
    if type(bound) is int:
        turns = min(turns, bound)
    by_card = chance == "card"
    turn_steps: int = encoding.players + 2 + by_card
    deal_steps = deck if by_card else 1
    hand: int = deal_steps + turns * turn_steps + encoding.max_move_length
    if episode == "hand":
        return min(hand, MAX_GAME_LENGTH)
    most = rules.most_hands
    return min(hand * (MATCH_HANDS if most is None else most), MAX_GAME_LENGTH)


def learning_rules(game: str | Game, rules: Any = None, players: int | None = None) -> Any:
    """``rules`` (a ruleset, a preset's name or ``None``: the standard rules) of ``game``
    for ``players`` seats (its usual number when ``None``), with hands short enough to
    learn from (see the module): where the rules let a hand go on for ever, the game's
    ``turn_limit`` (its ``hand_bound_option``) set so that a hand's cap is about
    :data:`LEARNING_HAND_STEPS` steps with ``chance="deal"``, but at least
    :data:`LEARNING_MIN_TURNS` turns a seat. Rules whose hands end anyway, or whose
    bound is lower already, come back as they are.

    >>> from scala40.adapters.episodes import default_max_game_length, learning_rules
    >>> from scala40.adapters.actions import ActionEncoding
    >>> rules = learning_rules("chinchon")
    >>> rules.turn_limit, default_max_game_length(ActionEncoding("chinchon", rules), "hand", "deal")
    (52, 299)
    >>> learning_rules("laconga", players=3).turn_limit, learning_rules("skarney").turn_limit
    (41, 48)

    :raises UnknownGameError: ``game`` names no game.
    :raises InvalidValueError: the rules or the number of players are not valid.
    """
    encoding = ActionEncoding(game, rules, players)
    record = load_game(game)
    rules = encoding.rules
    option = record.hand_bound_option
    bounded = record.max_hand_moves
    if option is None or bounded is None or bounded(rules, encoding.players) is not None:
        return rules
    turn_steps = encoding.players + 2
    turns = (LEARNING_HAND_STEPS - 1 - encoding.max_move_length) // turn_steps
    turns = max(turns, LEARNING_MIN_TURNS * encoding.players)
    return rules.replace(**{option: turns})


def _check_modes(episode: str, chance: str) -> None:
    if episode not in EPISODES:
        raise InvalidValueError(f"episode must be 'match' or 'hand', got {episode!r}")
    if chance not in CHANCE_MODES:
        raise InvalidValueError(f"chance must be 'card' or 'deal', got {chance!r}")


class Episode:
    """The episode rules of one adapter's game: when it ends and what it pays (see the
    module).

    :raises InvalidValueError: an unknown episode, chance mode or ``unfinished``, or a
        cap that is not an integer from 1 to :data:`MAX_GAME_LENGTH`.
    """

    def __init__(
        self,
        encoding: ActionEncoding,
        episode: str,
        max_game_length: int,
        chance: str,
        unfinished: str = "draw",
    ) -> None:
        _check_modes(episode, chance)
        if unfinished not in UNFINISHED:
            raise InvalidValueError(f"unfinished must be 'draw' or 'truncate', got {unfinished!r}")
        if not (type(max_game_length) is int and 1 <= max_game_length <= MAX_GAME_LENGTH):
            raise InvalidValueError(
                f"max_game_length must be an integer from 1 to {MAX_GAME_LENGTH}, got "
                f"{max_game_length!r}"
            )
        self.encoding = encoding
        self.episode = episode
        self.chance = chance
        self.unfinished = unfinished
        """What an unfinished episode pays: ``"draw"`` or ``"truncate"`` (see the
        module)."""
        self.max_game_length = max_game_length
        deck = encoding.rules.deck.size
        self.longest_step: int = max(encoding.max_move_length, 1 if chance == "deal" else deck)
        """The most steps one move or chance step can take."""
        self.low_scores_win: bool = encoding.game.score_order is ScoreOrder.LOW

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

    def outcome(self, state: Any) -> tuple[tuple[float, ...], bool]:
        """What each seat gets when the episode ends at ``state`` (over, or stopped by the
        cap), and whether it ends truncated rather than terminated (see the module)."""
        truncate = self.unfinished == "truncate"
        if not self.over(state):
            if truncate:
                return (0.0,) * state.player_count, True
            return self.draw_returns(state), True
        if truncate and self.episode == "hand" and not state.is_over and not any(state.scores):
            # The hand moved no total (blocked by the turn limit): nobody finished it.
            return (0.0,) * state.player_count, True
        return self.returns(state), False

    def play_chance(
        self, state: Any, steps: int, draw: Callable[[int], int]
    ) -> tuple[Any, int, int]:
        """``state`` after the chance steps that come next (shuffles drawn by ``draw(n)``,
        a uniform integer below ``n``), up to a seat's decision, the end of the episode
        or the cap; the steps counted so far; and how many chance moves were played."""
        played = 0
        while state.is_chance and not (self.over(state) or self.capped(steps)):
            steps += self.chance_steps(state)
            state = state.apply(shuffled_chance_move(state, draw))
            played += 1
        return state, steps, played


def dealt_move(state: Any, outcome: int, steps: int) -> Any:
    """The chance move of ``state`` that ``outcome`` (one of ``DEAL_OUTCOMES``) names
    at this place of the game (``steps`` played so far): a shuffle drawn from both, so
    that equal outcomes at different steps deal differently.

    >>> from scala40.adapters.episodes import dealt_move
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
