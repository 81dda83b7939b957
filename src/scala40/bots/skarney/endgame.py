"""Skarney's endgame search (``endgame``): the careful bot's play, with a search of the
hidden cards at the decisions of a hand's last turns, where the pile is short.

A Skarney hand ends when a player goes out, or when the pile runs out (SK-END): then each
side scores its melds less the cards left in its hands, and the side with the better
score of the hand takes the hand bonus, up to 500 points in the last hands (SK-BONUS).
In the last few turns the play left is short and its outcome follows closely from the
cards: a search that deals the hidden cards at random, as the seat's view allows, and
plays the hand out sees there what the careful bot's rules of thumb do not. Earlier in
the hand the play-outs are long, and what a world guesses of the hidden hands decides
too little of them.

:class:`EndgameBot` plays the careful bot's moves
(:class:`~scala40.bots.skarney.careful.CarefulBot`) but, while the pile holds ``pile``
cards or fewer (:data:`BEST_PILE`, 16, by default), at the decisions of the kinds it
searches (``kinds``, :func:`decision_kind`; by default :data:`BEST_KINDS`: which card to
offer, whether to accept an offered card, and whether to meld, extend or take a wild card
by an exchange now or keep the cards):

1. it takes the careful bot's best ``candidates`` moves (careful's own first) and, in a
   turn where none of them ends it, careful's best way to end it (an offer, keeping the
   rest of the hand);
2. it deals ``worlds`` worlds from its view (:meth:`PlayerView.sample
   <scala40.views.ViewBase.sample>`: the hidden hands and the pile at random, keeping
   what everyone knows), plays each candidate in every world and the hand out with the
   careful bot at every seat (common random numbers: every candidate meets the same
   worlds), and values each play-out in the game's unit: the points by which the side's
   score of the hand beats the other side's (:func:`side_margin`);
3. it picks the candidate with the best mean; where that is careful's move, it plays it;
4. otherwise it deals ``confirm`` fresh worlds, which the pick was not chosen on, and
   plays the pick there against careful's move: it departs from careful only if the pick
   beats careful's move there on average, by more than ``margin`` standard errors of
   their paired difference (0 by default). A best of several candidates on the worlds it
   was chosen on looks better than it is (the winner's curse); on fresh worlds it does
   not.

Its work is bounded by design: at most ``candidates + 1`` times ``worlds`` play-outs and
``2 * confirm`` more, each of at most ``rollout_limit`` moves (a play-out cut there is
valued as the hand stands, :func:`side_margin`). It reads only its view: the worlds are
dealt from it, never from the cards it cannot see. It draws its worlds from the ``rng``
it is given, and reads no clock unless its caller gives a deadline or it has a
``time_limit`` (CPU seconds of the calling thread): the same view, legal moves and
``rng`` give the same move. It is anytime: it looks at the clock before each world and
at every move of a play-out, drops a world the deadline cuts short, and plays careful's
move unless a departure was confirmed in full.

>>> import random
>>> from scala40.bots import make_bot
>>> from scala40.games.skarney import new_game
>>> bot = make_bot("endgame", "skarney")
>>> bot
EndgameBot(pile=16, worlds=16, confirm=16, candidates=4, margin=0.0, kinds='offer+accept+meld+exchange', rollout_limit=400, time_limit=None)
>>> state = new_game(seed=3)
>>> seat = state.current_player
>>> bot.choose(state.view(seat), list(state.legal_moves()), random.Random(0)) in state.legal_moves()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from scala40._stats import paired_difference
from scala40.bots.skarney.careful import CarefulBot
from scala40.checks import (
    check_bot_int,
    check_bot_number,
    check_choice,
    check_int,
    describe,
    is_int,
)
from scala40.deadline import Deadline
from scala40.errors import InvalidArgumentError, InvalidBotSpecError
from scala40.games.skarney.moves import (
    MOVES,
    Accept,
    Decline,
    EndTurn,
    Exchange,
    Move,
    Offer,
    PutDown,
)
from scala40.games.skarney.phases import Phase, side_of
from scala40.games.skarney.rules import hand_penalty, meld_points
from scala40.games.skarney.state import GameState
from scala40.games.skarney.view import PlayerView

__all__ = [
    "BEST_KINDS",
    "BEST_PILE",
    "DECISION_KINDS",
    "MAX_PILE",
    "EndgameBot",
    "decision_kind",
    "play_out",
    "side_margin",
]

DECISION_KINDS = ("offer", "accept", "meld", "out", "contract", "exchange")
"""The kinds of decision :func:`decision_kind` tells apart (``kinds`` of
:class:`EndgameBot` names those it searches)."""
BEST_PILE = 16
"""The pile at which the bot starts to search by default (``pile``): measured decision by
decision, its search gains where the pile holds 16 cards or fewer, less and less surely
beyond, at a cost that grows with the play-outs (``benchmarks/bench_endgame.py``)."""
BEST_KINDS = ("offer", "accept", "meld", "exchange")
"""The kinds of decision the bot searches by default (``kinds``): those where a better
move than careful's was measured and the search finds it. Going out is not among them:
no better move was found there (``benchmarks/bench_endgame.py``)."""
MAX_PILE = 108
"""The largest ``pile`` the bot takes: more cards than a pile holds (it then searches from
the first turn)."""
_MOST = 10_000
"""The most worlds, confirming worlds and candidates a decision takes."""
_MOST_ROLLOUT = 100_000
_MAX_TIME_LIMIT = 600.0


def decision_kind(view: PlayerView, ranked: Sequence[Move]) -> str:
    """The kind of a decision with a choice, by the careful bot's favourite move
    (``ranked[0]``, of the moves ranked best first):

    * ``"accept"``: a card is offered to the seat, to accept or decline (SK-OFFER);
    * ``"offer"``: the seat ends its turn, by offering a card (SK-OFFER);
    * ``"exchange"``: it takes a wild card from an opponent's meld (SK-EXCHANGE);
    * ``"contract"``: it puts down a meld of its side's contract (SK-CONTRACT);
    * ``"out"``: it melds or extends, and with that move and the careful bot's next ones
      its hand is empty this turn: it goes out (SK-END);
    * ``"meld"``: any other meld or extension (SK-MELDS, SK-EXTEND).

    >>> import random
    >>> from scala40.bots.skarney import CarefulBot
    >>> from scala40.bots.skarney.endgame import decision_kind
    >>> from scala40.games.skarney import new_game
    >>> state = new_game(seed=3).apply("draw")
    >>> view = state.view(state.current_player)
    >>> decision_kind(view, CarefulBot().ranked(view, list(state.legal_moves())))
    'offer'
    """
    if view.phase is Phase.OFFER:
        return "accept"
    first = ranked[0]
    if isinstance(first, (Offer, EndTurn)):
        return "offer"
    if isinstance(first, Exchange):
        return "exchange"
    if isinstance(first, PutDown) and view.rules.contract and not view.contracts[view.side]:
        return "contract"
    return "out" if _goes_out(view, ranked) else "meld"


def _goes_out(view: PlayerView, ranked: Sequence[Move]) -> bool:
    """Whether the careful bot's play of the rest of the turn, from its favourite move,
    empties the hand: the turn's moves depend on the seat's own hand and the table alone,
    so any state the view comes from answers alike."""
    state: GameState = view.turn_state()
    careful = _POLICY
    move = ranked[0]
    for _ in range(len(view.hand) + 2):
        state = state.apply(move)
        if state.phase is not Phase.PLAY or state.turn != view.player:
            break
        if not state.hands[view.player]:
            return True
        seen = state.view(view.player)
        move = careful.choose(seen, list(state.legal_moves()), _NO_RNG)
        if isinstance(move, (Offer, EndTurn)):
            return False
    last = state.last_hand
    return last is not None and last.went_out == view.player


def side_margin(state: GameState, seat: int, hand_number: int) -> float:
    """The points by which the side of ``seat`` beat the other sides in hand
    ``hand_number`` (its points less the mean of theirs: SK-SCORE-MELDS, SK-SCORE-HAND,
    SK-BONUS), once ``state`` is past that hand. A state still in the hand (a play-out
    cut short) is valued as the hand stands: each side's melds less the cards in its
    hands, the bonus left out.

    >>> from scala40.games.skarney.state import GameState
    >>> from scala40.bots.skarney.endgame import side_margin
    >>> state = GameState.from_position(
    ...     hands=["7S 7H 7D", "AS 3C 4D", "AH 4D 9C", "AD 6S 8H"],
    ...     table=[("5S 5H 5D", 0), ("6C 6D 6H", 0), ("9S 9H 9D", 2)],
    ...     contracts=[True, False],
    ... )
    >>> side_margin(state, 0, 1)  # as the hand stands: 45 in melds, less 40 and 50 in hands
    55.0
    >>> after = state.apply("meld 7S 7H 7D")  # player 0 goes out: a bonus, and the shutout's
    >>> after.last_hand.points, side_margin(after, 0, 1), side_margin(after, 1, 1)
    ((360, -50), 410.0, -410.0)
    """
    partnership = state.rules.partnership
    side = side_of(seat, partnership)
    result = state.last_hand
    if state.hand_number == hand_number and not state.is_over:
        points = _standing(state)
    elif result is not None and result.hand_number == hand_number:
        points = list(result.points)
    else:
        return 0.0
    others = [value for index, value in enumerate(points) if index != side]
    return float(points[side] - sum(others) / len(others)) if others else 0.0


def _standing(state: GameState) -> list[int]:
    """Each side's score of the hand as it stands: its melds' points less its hands'."""
    partnership = state.rules.partnership
    points = [0] * state.side_count(state.rules, state.player_count)
    for meld, owner in zip(state.table, state.owners):
        points[side_of(owner, partnership)] += meld_points(meld)
    for seat, hand in enumerate(state.hands):
        points[side_of(seat, partnership)] -= hand_penalty(hand)
    return points


def play_out(
    state: GameState,
    seat: int,
    hand_number: int,
    rollout_limit: int,
    deadline: Deadline | None = None,
    policy: CarefulBot | None = None,
) -> float | None:
    """:func:`side_margin` of ``seat`` once ``state``'s hand is played out by ``policy``
    (the careful bot by default) at every seat, within ``rollout_limit`` moves (the hand
    valued as it stands there); ``None`` if ``deadline`` passes first.

    >>> from scala40.games.skarney import new_game
    >>> from scala40.bots.skarney.endgame import play_out
    >>> isinstance(play_out(new_game(seed=3), 0, 1, 5_000), float)
    True
    """
    careful = _POLICY if policy is None else policy
    for _ in range(rollout_limit):
        if state.is_over or state.hand_number != hand_number:
            break
        if deadline is not None and deadline.expired():
            return None
        legal = state.legal_moves()
        if state.is_chance or len(legal) == 1:
            state = state.apply(legal[0])
            continue
        mover = state.current_player
        assert mover is not None
        state = state.apply(careful.choose(state.view(mover), list(legal), _NO_RNG))
    return side_margin(state, seat, hand_number)


_POLICY = CarefulBot()
"""The careful bot that plays the play-outs and the rest of a turn (it keeps nothing
between decisions: one serves every seat)."""
_NO_RNG = random.Random(0)
"""The careful bot draws no random number: the generator it is handed is never read."""


class EndgameBot(CarefulBot):
    """The careful bot's play, with a search of the hidden cards at the decisions of a
    hand's last turns (see the module).

    :param pile: it searches while the pile holds this many cards or fewer, 0 to
        :data:`MAX_PILE`.
    :param worlds: the worlds the candidates are compared on, 1 to 10,000.
    :param confirm: the fresh worlds a departure from careful's move is confirmed on,
        1 to 10,000.
    :param candidates: the careful bot's best moves compared (its own first), 2 to 10,000.
    :param margin: the standard errors of the paired difference by which a departure
        must beat careful's move on the confirming worlds, 0 to 100.
    :param kinds: the kinds of decision it searches (:func:`decision_kind`), joined by
        ``+`` (``"offer+accept"``: a bot specification's options are separated by
        commas), or ``"all"``.
    :param rollout_limit: the moves of a play-out, 1 to 100,000.
    :param time_limit: CPU seconds of the calling thread a decision may take, or ``None``
        (the caller's deadline alone bounds it).
    :raises InvalidBotSpecError: an option of the wrong type or out of its range.
    """

    name = "endgame"

    def __init__(
        self,
        pile: int = BEST_PILE,
        worlds: int = 16,
        confirm: int = 16,
        candidates: int = 4,
        margin: float = 0.0,
        kinds: str = "+".join(BEST_KINDS),
        rollout_limit: int = 400,
        time_limit: float | None = None,
    ) -> None:
        super().__init__()
        self.pile: int = check_bot_int("pile", pile, 0, MAX_PILE)
        self.worlds: int = check_bot_int("worlds", worlds, 1, _MOST)
        self.confirm: int = check_bot_int("confirm", confirm, 1, _MOST)
        self.candidates: int = check_bot_int("candidates", candidates, 2, _MOST)
        self.margin: float = check_bot_number("margin", margin, 0, 100)
        self.kinds: tuple[str, ...] = _kinds(kinds)
        self.rollout_limit: int = check_bot_int("rollout_limit", rollout_limit, 1, _MOST_ROLLOUT)
        if time_limit is not None:
            check_bot_number("time_limit", time_limit, 0, _MAX_TIME_LIMIT)
            time_limit = float(time_limit)
        self.time_limit: float | None = time_limit

    def __repr__(self) -> str:
        return (
            f"EndgameBot(pile={self.pile}, worlds={self.worlds}, confirm={self.confirm}, "
            f"candidates={self.candidates}, margin={self.margin}, "
            f"kinds={'+'.join(self.kinds)!r}, rollout_limit={self.rollout_limit}, "
            f"time_limit={self.time_limit})"
        )

    def choose(
        self,
        view: PlayerView,
        legal: Sequence[Move],
        rng: random.Random,
        *,
        deadline: Deadline | None = None,
    ) -> Move:
        """The careful bot's move, unless the search confirms another (see the module),
        by ``deadline`` (within the bot's ``time_limit``).

        :param view: what the seat to decide may see.
        :param legal: the legal moves, one of which is returned.
        :param rng: the only randomness drawn from (the worlds' seeds).
        :param deadline: when the caller needs the move (``None``: the bot's own budget).
        :raises InvalidArgumentError: ``view`` is not a Skarney view, ``legal`` not a list
            of Skarney moves, ``rng`` not a :class:`random.Random` or ``deadline`` not a
            :class:`~scala40.deadline.Deadline`.
        :raises InvalidValueError: ``legal`` is empty.
        """
        ranked = self.ranked(view, legal)
        if not isinstance(rng, random.Random):
            raise InvalidArgumentError(f"rng must be a random.Random, got {describe(rng)}")
        limit = Deadline.given(deadline, cpu_seconds=self.time_limit)
        if len(ranked) == 1 or not self.searches(view, ranked):
            return ranked[0]
        options = self.options(view, ranked)
        if len(options) == 1:
            return options[0]
        return options[self._search(view, options, rng.getrandbits(62), limit)]

    def searches(self, view: PlayerView, ranked: Sequence[Move]) -> bool:
        """Whether the bot searches this decision (the moves ``ranked`` by the careful
        bot, best first): the pile holds ``pile`` cards or fewer and the decision is of a
        kind it searches."""
        if view.stock_size > self.pile:
            return False
        return decision_kind(view, ranked) in self.kinds

    def options(self, view: PlayerView, ranked: Sequence[Move]) -> list[Move]:
        """The moves a searched decision compares: the careful bot's best
        ``candidates`` (its own first), and, in a turn where none of them ends it,
        careful's best way to end it (to keep the rest of the hand rather than meld it)."""
        chosen = list(ranked[: self.candidates])
        if view.phase is Phase.PLAY and not any(_ends_turn(move) for move in chosen):
            ending = next((move for move in ranked if _ends_turn(move)), None)
            if ending is not None:
                chosen.append(ending)
        return chosen

    def _search(self, view: PlayerView, options: list[Move], seed: int, limit: Deadline) -> int:
        """The index in ``options`` of the move to play: careful's (0) unless a departure
        is confirmed (see the module)."""
        values = self._values(view, options, range(len(options)), self.worlds, seed, limit)
        played = min(len(row) for row in values)
        if not played:
            return 0
        means = [sum(row[:played]) / played for row in values]
        pick = max(range(len(options)), key=lambda index: (means[index], -index))
        if pick == 0 or means[pick] <= means[0]:
            return 0
        fresh = self._values(view, options, (0, pick), self.confirm, seed + _FRESH, limit)
        if len(fresh[0]) < self.confirm:
            return 0  # not confirmed in full by the deadline: careful's move
        mean, error = paired_difference(fresh[1], fresh[0], lone_error=math.inf)
        return pick if mean > 0 and mean > self.margin * error else 0

    def values(
        self,
        view: PlayerView,
        moves: Sequence[Move],
        count: int,
        seed: int,
        deadline: Deadline | None = None,
    ) -> list[list[float]]:
        """The play-out value of each of ``moves`` (legal moves of ``view``'s seat) in each
        of ``count`` worlds dealt from ``view`` (world ``i`` from seed ``seed + i``), as the
        search values them (step 2 of the module's): a row a move, the worlds in order,
        those finished by ``deadline``.

        >>> import random
        >>> from scala40.games.skarney import new_game
        >>> from scala40.bots.skarney.endgame import EndgameBot
        >>> state = new_game(seed=3).apply("draw")
        >>> view, legal = state.view(state.current_player), list(state.legal_moves())
        >>> rows = EndgameBot().values(view, legal[-2:], 3, seed=1)
        >>> [len(row) for row in rows]
        [3, 3]

        :raises InvalidArgumentError: ``view`` is not a Skarney view, ``moves`` not a list
            of Skarney moves, ``count`` or ``seed`` not an integer.
        :raises InvalidValueError: ``moves`` is empty, or ``count`` out of 0 to 10,000.
        :raises IllegalMoveError: a move is not legal at ``view``'s decision.
        """
        check_choice(view, moves, PlayerView, _MOVE_KINDS, "Skarney")
        check_int("count", count, 0, _MOST)
        if not is_int(seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(seed)}")
        limit = Deadline.given(deadline)
        return self._values(view, list(moves), range(len(moves)), count, seed, limit)

    def _values(
        self,
        view: PlayerView,
        options: list[Move],
        indices: Sequence[int],
        count: int,
        seed: int,
        limit: Deadline,
    ) -> list[list[float]]:
        """:meth:`values` of the options of ``indices``, unchecked."""
        values: list[list[float]] = [[] for _ in indices]
        seat, hand = view.player, view.hand_number
        for number in range(count):
            if limit.expired():
                break
            world: GameState = view.sample(seed + number)
            row = []
            for index in indices:
                value = play_out(
                    world.apply(options[index]), seat, hand, self.rollout_limit, limit, _POLICY
                )
                if value is None:
                    return values  # a world the deadline cut short counts for no option
                row.append(value)
            for kept, value in zip(values, row):
                kept.append(value)
        return values


_MOVE_KINDS = frozenset(MOVES.kinds)
_FRESH = 1 << 40
"""Where the confirming worlds' seeds start from the choosing worlds' (none shared)."""


def _ends_turn(move: Move) -> bool:
    return isinstance(move, (Offer, EndTurn, Accept, Decline))


def _kinds(kinds: object) -> tuple[str, ...]:
    """The kinds of decision of a bot option: names of :data:`DECISION_KINDS`."""
    if not isinstance(kinds, str):
        raise InvalidBotSpecError(
            f"kinds must be names of decision kinds ({', '.join(DECISION_KINDS)}) or 'all', "
            f"got {describe(kinds)}"
        )
    names = kinds.replace(" ", "").split("+")
    if names == ["all"]:
        return DECISION_KINDS
    if not all(name in DECISION_KINDS for name in names):
        raise InvalidBotSpecError(
            f"kinds must be names of decision kinds ({', '.join(DECISION_KINDS)}) or 'all', "
            f"got {describe(kinds)}"
        )
    return tuple(dict.fromkeys(names))
