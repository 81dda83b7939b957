"""The state of a knock game: an immutable, hashable value holding a whole game.

:class:`KnockState` is shared by Rumino, Chinchón and La Conga; each game's ``GameState``
derives from it, generic in the game's moves and ruleset
(``class GameState(KnockState[Move, Ruleset])``), and declares the game in its ``SPEC``
(:class:`~scala40.games._knock.spec.KnockGameSpec`). Apply a move and get a new state;
nothing is ever mutated.

>>> from scala40.games.chinchon import new_game
>>> state = new_game(players=2, seed=1)
>>> state.phase, state.current_player, [len(hand) for hand in state.hands], len(state.stock)
(<Phase.DRAW: 'draw'>, 0, [7, 7], 25)
>>> state = state.apply("draw")
>>> state.phase, len(state.hands[0])
(<Phase.PLAY: 'play'>, 8)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, get_args, get_origin

import attrs
from typing_extensions import Self, TypeVar

from scala40._base.engine import new_game_fields, resolve_rules
from scala40._base.load import deal_problems, last_hand_problems, winners_left
from scala40._base.position import PositionReader
from scala40._base.state import MAX_COUNT, MAX_SEED_DIGITS, new_state, position_stock
from scala40._base.state_record import order_fields
from scala40._format.codecs import MAX_SEATS
from scala40._format.serial import (
    MAX_READ_ITEMS,
    card_counts,
    count_problems,
    deck_counts,
    tuple_or,
)
from scala40.cards import Card
from scala40.errors import InvalidStateError
from scala40.games._knock import engine
from scala40.games._knock.arrange import has_rumino
from scala40.games._knock.generate import barred_moves, generate
from scala40.games._knock.knocking import KnockingRules
from scala40.games._knock.moves import Claim, MoveKinds, TakeDiscard
from scala40.games._knock.phases import HandEnd, HandResult, Phase
from scala40.games._knock.profile import ClaimMode, Ending, EndMode
from scala40.games._knock.result import HAND_RESULT
from scala40.games._knock.spanish import SpanishRules
from scala40.games._knock.spec import KnockGameSpec
from scala40.games._knock.state_record import FamilyRules, KnockRecord
from scala40.games._knock.view import PlayerView
from scala40.match import ScoreOrder, best_seats

__all__ = ["MAX_COUNT", "MAX_SEED_DIGITS", "STATE_FORMAT_VERSION", "KnockState"]

M = TypeVar("M", default=Any)
"""The game's moves (its package's ``Move``)."""
R = TypeVar("R", bound=FamilyRules, default=FamilyRules, covariant=True)
"""The game's ruleset class, one of the family's."""

STATE_FORMAT_VERSION = 2

_HAND_OVER = (Phase.REENTRY, Phase.OVER)
"""Phases after a hand's scoring: every hand has been shown."""


@attrs.frozen(repr=False, weakref_slot=False, field_transformer=order_fields)
class KnockState(KnockRecord[M, R, PlayerView[M, R]]):
    """A whole game of Rumino, Chinchón or La Conga at one moment (the shared base of
    the games' ``GameState`` classes; its fields are
    :class:`~scala40.games._knock.state_record.KnockRecord`'s). Build one with the game's
    ``new_game`` or :meth:`from_position`; change it with :meth:`apply`.

    A game's class names its moves and its ruleset as its type arguments, which a type
    checker reads (``apply`` takes the game's moves) and so does the class itself (its
    move set and ruleset), and the rest of the game in ``SPEC``::

        @attrs.frozen(repr=False, weakref_slot=False)
        class GameState(KnockState[Move, Ruleset]):
            SPEC = KnockGameSpec(name="chinchon", title="Chinchón", ...)
    """

    FORMAT_VERSION: ClassVar[int] = STATE_FORMAT_VERSION
    # Set for each game's class from its declaration (below), as its move set and format.
    game_name: ClassVar[str] = ""
    SPEC: ClassVar[KnockGameSpec]
    """The game's declaration."""
    VIEW = PlayerView
    HAND_RESULT = HAND_RESULT

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A game's class names its moves and its ruleset as its type arguments, and the
        # rest of the game in SPEC: its kinds, move set, name and state format follow,
        # so that they cannot disagree (read once, from the class attrs makes).
        spec = cls.__dict__.get("SPEC")
        if spec is not None and "__attrs_attrs__" in cls.__dict__:
            moves, ruleset = _type_arguments(cls)
            kinds = MoveKinds.declare(spec.name, spec.title, get_args(moves), pack=spec.pack)
            cls.KINDS = kinds
            cls.RULESET = ruleset
            cls.game_name = spec.name
            cls.MOVES = kinds.moves
            cls.FORMAT = f"scala40.{spec.name}.state"
            # A take and a claim bring the top discard, seen by all, into the hand.
            cls.SHOWING_KINDS = frozenset({TakeDiscard, Claim} & kinds.kinds)
        super().__init_subclass__(**kwargs)

    # The engine's functions themselves (StateBase calls them through the class).
    _generate = generate
    _barred_moves = barred_moves
    _apply = engine.apply
    _apply_trusted = engine.apply_trusted
    _deal = engine.deal
    _resign = engine.resign

    def _taken_this_turn(self) -> tuple[int, Card] | None:
        # The top discard taken this turn: it may not be thrown back (CH-TURN).
        taken = self.taken
        if self.phase is Phase.PLAY and taken is not None and taken in self.hands[self.turn]:
            return self.turn, taken
        return None

    def _consistency_problems(self) -> list[str]:
        return _consistency_problems(self, self._seats_in())

    # -- building --------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: R | str | None = None,
        players: int = 2,
        seed: int | None = None,
        *,
        auto_chance: bool = True,
        dealer: int | None = None,
    ) -> Self:
        """A new game: the first dealer drawn by lot (C-LOT) and the first hand dealt.

        ``rules`` is a ruleset of the game, a preset name or ``None``; ``seed=None``
        draws a seed from the operating system; with ``auto_chance=False`` the state
        waits at :attr:`~scala40.games._knock.phases.Phase.DEAL` for an explicit deal.
        ``dealer`` fixes the first dealer (RU-DEAL: the winner of a game deals first in
        the next).
        """
        ruleset = resolve_rules(cls.RULESET, rules, cls.RULESET.__name__)
        fields = new_game_fields(ruleset, players, seed, auto_chance, dealer, Phase.DEAL)
        count = fields["player_count"]
        return new_state(cls, {**fields, "discard": (), "scores": (0,) * count}, auto_chance)

    @classmethod
    def from_position(
        cls,
        *,
        hands: Sequence[Iterable[Card] | str],
        discard: Iterable[Card] | str = (),
        stock: Iterable[Card] | str | None = None,
        rules: R | str | None = None,
        phase: Phase | str = Phase.DRAW,
        turn: int = 0,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
        hand_number: int = 1,
        seed: int = 0,
        auto_chance: bool = True,
        **fields: Any,
    ) -> Self:
        """A state built from a position (for tests, puzzles and apps keeping their own
        table). Cards are given as text or codes (stock and discard pile top card last);
        without ``stock`` the cards of the deck not placed elsewhere make the stock,
        shuffled from ``seed``; ``scores`` are 0 by default. ``fields`` give the state's
        other fields by name, each as its spec reads it (``turns_played``, ``active``,
        ``reentries``, ``gins``, ``taken``, ``pending``, ``reentry_total``), a field left
        out taking its usual value. The position is validated: every problem is named
        in one :class:`~scala40.InvalidStateError`.

        >>> from scala40.games.chinchon import GameState
        >>> state = GameState.from_position(
        ...     hands=["AC 2C 3C 4C 5S 5H 5D", "6H 6D 6C 7S 7D 3H QC"], discard="KC",
        ...     turns_played=[1, 1], taken=None,
        ... )
        >>> state.turns_played, len(state.stock)
        ((1, 1), 25)
        >>> GameState.from_position(hands=["AC", "2C"], takes=[1, 0])
        Traceback (most recent call last):
        ...
        scala40.errors.InvalidArgumentError: from_position takes no field 'takes'; it takes active, gins, pending, reentries, reentry_total, taken, turns_played by name, beside the position's parts

        :raises InvalidArgumentError: a field named is none of the state's.
        """
        kind: Any = cls.RULESET  # the class's ruleset, R
        ruleset: FamilyRules = kind.resolve(rules)
        read = PositionReader(hands, most_cards=MAX_READ_ITEMS, most_seats=MAX_SEATS)
        count = read.count
        pile = read.cards(discard, "discard pile")
        phase = read.phase(phase, Phase, Phase.DRAW)
        named = read.named(cls, fields)
        read.seed(seed)
        stock_cards = position_stock(read, stock, ruleset.deck.cards, seed, pile)
        if read.problems:
            raise InvalidStateError(read.problems)
        return cls._positioned(
            read,
            {
                **read.fields(ruleset, phase, turn, dealer, hand_number, seed, auto_chance),
                "stock": stock_cards,
                "discard": pile,
                "scores": tuple_or(scores, (0,) * count),
                **named,
            },
        )


def _type_arguments(cls: type) -> tuple[Any, type[FamilyRules]]:
    """The moves and the ruleset a game's class names as its type arguments
    (``KnockState[Move, Ruleset]``).

    :raises TypeError: the class names none, or no ruleset of the family's (a game's bug,
        found when its package is imported).
    """
    for base in cls.__dict__.get("__orig_bases__", ()):
        if get_origin(base) is KnockState:
            moves, ruleset = get_args(base)
            if isinstance(ruleset, type) and issubclass(ruleset, (KnockingRules, SpanishRules)):
                return moves, ruleset
    raise TypeError(f"{cls.__qualname__} names its moves and ruleset: KnockState[Move, Ruleset]")


# ---------------------------------------------------------------- validation

_IN_HAND = (Phase.DRAW, Phase.PLAY, Phase.CLAIM, Phase.RESTOCK)
"""Phases of a hand being played."""
_KNOCK_ENDS = frozenset({HandEnd.KNOCK, HandEnd.GIN})
_CLOSE_ENDS = frozenset(
    {HandEnd.CLOSE, HandEnd.ALL_MATCHED, HandEnd.WILD_CHINCHON, HandEnd.CHINCHON}
)


def _consistency_problems(state: KnockState, seats_in: tuple[int, ...]) -> list[str]:
    problems: list[str] = []
    profile = state.profile
    phase = state.phase
    # Every card of the deck is somewhere, exactly once (C-DECK); before the first deal,
    # nowhere.
    found = card_counts(state.stock, state.discard, *state.hands)
    # Before the first deal (or a match ended by resignations before it, C-RESIGN).
    first_deal = state.hand_number == 0 and (
        phase is Phase.DEAL or (phase is Phase.OVER and bool(state.resigned))
    )
    if first_deal:
        if any(found):
            problems.append("cards are placed before the first deal")
    else:
        problems.extend(count_problems(found, deck_counts(profile.deck)))
    active = sum(state.active)
    if phase is not Phase.OVER and active < 2:
        problems.append("fewer than two players are still in the game, which should be over")
    if phase is not Phase.OVER:
        for name in ("turn", "dealer"):
            if not state.active[getattr(state, name)]:
                problems.append(f"the {name} seat, {getattr(state, name)}, is out of the game")
    if phase is Phase.DEAL:
        problems.extend(deal_problems(state.turn, state.dealer))
    problems.extend(_phase_problems(state))
    problems.extend(_score_problems(state))
    problems.extend(_last_hand_problems(state))
    if state.winners and phase is Phase.OVER and state.last_hand is not None:
        best = _expected_winners(state, state.last_hand)
        winners = winners_left(state.winners, state.resigned, seats_in, best)
        if state.winners != winners:
            problems.append(
                f"the winners are {list(winners)} as the game ended, not "
                f"{list(state.winners)} (C-WINNERS)"
            )
    if state.taken is not None and (
        phase is not Phase.PLAY or state.taken not in state.hands[state.turn]
    ):
        problems.append("the card taken from the discard pile is not in the mover's hand")
    return problems


def _expected_winners(state: KnockState, result: HandResult) -> tuple[int, ...]:
    """Who won a game that is over, as its last hand ended it (RU-RUMINO, RU-GINSTREAK,
    RU-ELIM, CH-CHINCHON, CH-END, LC-ELIM, C-WINNERS)."""
    closer = result.closer
    if result.end in (HandEnd.RUMINO, HandEnd.CHINCHON):
        return (closer,)
    rules = state.rules
    if result.end is HandEnd.GIN and state.gins[closer] == rules.gin_streak:
        return (closer,)
    seats = [seat for seat in range(state.player_count) if state.active[seat]]
    if rules.end_mode is EndMode.LOWEST:
        return best_seats(state.scores, seats, ScoreOrder.LOW)
    if len(seats) == 1:
        return (seats[0],)
    return best_seats(state.scores, result.eliminated, ScoreOrder.LOW)


def _phase_problems(state: KnockState) -> list[str]:
    problems: list[str] = []
    profile = state.profile
    phase = state.phase
    size = profile.hand_size
    if phase in (Phase.CLAIM, Phase.REENTRY):
        if not state.pending:
            problems.append(f"a {phase.value} needs a seat to decide")
        elif len(set(state.pending)) != len(state.pending) or not all(
            state.active[seat] for seat in state.pending
        ):
            problems.append("the seats to decide must be distinct seats still in the game")
    elif state.pending:
        problems.append(f"no seat decides out of turn at the {phase.value} phase")
    if phase is not Phase.REENTRY and state.reentry_total:
        problems.append(f"reentry_total is set at the {phase.value} phase")
    if phase in _IN_HAND:
        if state.hand_number < 1:
            problems.append("no hand has been dealt")
        for seat in range(state.player_count):
            held = len(state.hands[seat])
            wanted = 0 if not state.active[seat] else size
            if seat == state.turn and phase in (Phase.PLAY, Phase.RESTOCK):
                wanted += 1
            if held != wanted:
                problems.append(f"player {seat} holds {held} cards, expected {wanted}")
        if phase in (Phase.DRAW, Phase.PLAY, Phase.CLAIM) and not state.stock:
            problems.append(f"the stock is empty at the {phase.value} phase")
        limit = state.rules.turn_limit
        played = sum(state.turns_played)
        if phase in (Phase.DRAW, Phase.PLAY) and limit is not None and played >= limit:
            problems.append(f"the hand has played its turn_limit of {limit} turns")
        if phase is Phase.RESTOCK and (state.stock or len(state.discard) < 2):
            problems.append(
                "a restock rebuilds an empty stock from a discard pile of two cards or more"
            )
    else:
        most = size + 1
        for seat, hand in enumerate(state.hands):
            if len(hand) > most:
                problems.append(f"player {seat} holds {len(hand)} cards, more than {most}")
    if phase is Phase.CLAIM:
        rules = state.rules
        if not isinstance(rules, KnockingRules) or rules.rumino_claim is not ClaimMode.DECISION:
            problems.append("claims are decided only under rumino_claim='decision' (RU-RUMINO)")
        elif not state.discard:
            problems.append("a claim needs a discard")
        else:
            top = state.discard[-1]
            for seat in state.pending:
                if seat == state.turn or not has_rumino(state.hands[seat], rules, top):
                    problems.append(f"seat {seat} cannot claim the discard (RU-RUMINO)")
    if phase is Phase.REENTRY:
        if state.rules.end_mode is not EndMode.ELIMINATION or state.rules.reentry == 0:
            problems.append("nobody re-enters under these rules (LC-REENGANCHE)")
        if profile.reaches(state.reentry_total):
            problems.append(f"a player would re-enter at {state.reentry_total}, at the limit")
        for seat in state.pending:
            allowed = state.rules.reentry
            if not profile.reaches(state.scores[seat]) or (
                allowed is not None and state.reentries[seat] >= allowed
            ):
                problems.append(f"seat {seat} may not re-enter (LC-REENGANCHE)")
        result = state.last_hand
        if result is None:
            problems.append("a re-entry follows a hand, but no hand result is given")
        else:
            # Those who re-entered took the one total computed for all (LC-REENGANCHE).
            for seat in result.reentered:
                if seat in state.pending or state.scores[seat] != state.reentry_total:
                    problems.append(
                        f"player {seat} re-entered, so his total is the re-entry total "
                        f"{state.reentry_total} and he decides nothing more (LC-REENGANCHE)"
                    )
    return problems


def _score_problems(state: KnockState) -> list[str]:
    """Totals, who is still in, re-entries and gin streaks, as the rules make them
    (RU-ELIM, RU-GINSTREAK, CH-END, LC-ELIM, LC-REENGANCHE)."""
    problems: list[str] = []
    profile = state.profile
    phase = state.phase
    if phase is Phase.OVER:
        return problems
    rules = state.rules
    lowest = rules.end_mode is EndMode.LOWEST
    # While re-entries are decided, those who reached the limit and have not re-entered
    # are still in.
    result = state.last_hand
    deciding = set(result.busted) - set(result.reentered) if result is not None else set()
    for seat, (score, playing) in enumerate(zip(state.scores, state.active)):
        busted = profile.reaches(score)
        if seat in state.resigned:
            continue  # out whatever his total (C-RESIGN)
        if lowest and not playing:
            problems.append(f"player {seat} is out, but nobody drops out under end_mode 'lowest'")
        elif playing and busted and not (phase is Phase.REENTRY and seat in deciding):
            problems.append(
                f"player {seat} is still in with {score}, at the limit {profile.limit}"
            )
        elif not playing and not busted:
            problems.append(f"player {seat} is out with {score}, below the limit {profile.limit}")
    allowed = rules.reentry
    if allowed is not None and any(count > allowed for count in state.reentries):
        problems.append(f"a player re-entered more than {allowed} times")
    streak = rules.gin_streak
    gins = [value for value in state.gins if value]
    if len(gins) > 1 or any(value > state.hand_number for value in gins):
        problems.append("gins counts the gins of one player in the first hands")
    if gins and (streak is None or gins[0] >= streak):
        problems.append(f"a gin streak of {gins[0]} is not counted under these rules")
    return problems


def _last_hand_problems(state: KnockState) -> list[str]:
    """The result of the last hand, field by field and against the state that follows it
    (RU-SCORE, RU-GIN, CH-CLOSE, CH-LAYOFF, CH-SCORE, CH-MINUS10, CH-CHINCHON)."""
    result = state.last_hand
    phase = state.phase
    shown_phase = state.hands_shown
    if result is None:
        if phase in _HAND_OVER and not (state.hand_number == 0 and state.resigned):
            return [f"the {phase.value} phase follows a hand, but no hand result is given"]
        return []
    problems: list[str] = []
    profile = state.profile
    problems.extend(last_hand_problems(result, state.hand_number, shown_phase, profile.deck))
    if shown_phase and result.hands != state.hands:
        problems.append("the hands shown at the end of the last hand are not the hands held")
    end = result.end
    if end in _KNOCK_ENDS and profile.ending is not Ending.KNOCK:
        problems.append(f"last_hand: a hand of this game never ends with a {end.value}")
    if end in _CLOSE_ENDS and profile.ending is not Ending.CLOSE:
        problems.append(f"last_hand: a hand of this game never ends with a {end.value}")
    if end is HandEnd.RUMINO and not profile.rumino:
        problems.append("last_hand: only Rumino has a Rumino")
    most = profile.hand_size + 1
    for seat, hand in enumerate(result.hands):
        if len(hand) > most:
            problems.append(f"last_hand: player {seat} held {len(hand)} cards, more than {most}")
    if not set(result.eliminated) | set(result.reentered) <= set(result.busted):
        problems.append("last_hand: only players who reached the limit drop out or re-enter")
    if set(result.eliminated) & set(result.reentered):
        problems.append("last_hand: a player both dropped out and re-entered")
    if any(state.reentries[seat] < 1 for seat in result.reentered):
        problems.append("last_hand: a player re-entered, but his re-entries count none")
    if end in _CLOSE_ENDS and result.discard is None:
        problems.append("last_hand: a close discards a card face down")
    if end in _KNOCK_ENDS and result.discard is not None:
        problems.append("last_hand: a knock discards no card")
    if end is HandEnd.RUMINO:
        if any(item is not None for item in result.shown) or any(result.points):
            problems.append("last_hand: a Rumino is shown by nobody and scores nothing")
        return problems
    if end is HandEnd.BLOCKED:
        if state.rules.turn_limit is None and not state.resigned:
            # A hand abandoned at a resignation ends as a blocked one (C-RESIGN).
            problems.append("last_hand: a hand ends blocked only under a turn_limit")
        if any(item is not None for item in result.shown) or any(result.points):
            problems.append("last_hand: a blocked hand is shown by nobody and scores nothing")
        if result.discard is not None or result.busted:
            problems.append("last_hand: a blocked hand discards no card and puts nobody out")
        return problems
    problems.extend(_showing_problems(state, result))
    return problems


_BONUSES = {
    HandEnd.GIN: "gin_bonus",
    HandEnd.ALL_MATCHED: "all_matched_bonus",
    HandEnd.WILD_CHINCHON: "wild_chinchon_bonus",
}
"""The option that scores the closer of a hand ended so, by how it ended."""


def _showing_problems(state: KnockState, result: HandResult) -> list[str]:
    """What each player showed: his hand's cards, valid melds, layoffs onto others' melds,
    and the points they make."""
    problems: list[str] = []
    profile = state.profile
    rules = profile.meld_rules
    closer = result.closer
    end = result.end
    shown = result.shown
    if shown[closer] is None:
        return ["last_hand: the closer shows his hand"]
    for seat, showing in enumerate(shown):
        if showing is None:
            if result.hands[seat] or result.points[seat]:
                problems.append(f"last_hand: player {seat} holds cards but shows nothing")
            continue
        cards: Counter[Card] = Counter(showing.unmatched)
        for meld in showing.melds:
            cards.update(meld.cards)
            if meld.rules != rules or meld not in rules.readings(meld.cards):
                problems.append(f"last_hand: player {seat} shows {meld}, which is not a meld")
        for layoff in showing.layoffs:
            cards[layoff.card] += 1
            target = shown[layoff.owner] if 0 <= layoff.owner < len(shown) else None
            if layoff.owner == seat or target is None or not 0 <= layoff.meld < len(target.melds):
                problems.append(f"last_hand: player {seat} lays off on a meld nobody shows")
        if cards != Counter(result.hands[seat]):
            problems.append(f"last_hand: player {seat} shows cards other than his hand's")
        value = sum(profile.values[card] for card in showing.unmatched)
        if seat != closer:
            points = 0 if end is HandEnd.CHINCHON else value
        elif end in (HandEnd.KNOCK, HandEnd.CLOSE):
            points = value
        else:
            if showing.unmatched:
                problems.append(f"last_hand: a {end.value} leaves no card unmatched")
            # Each bonus is an option of the games whose hands end so (RU-GIN, CH-MINUS10,
            # CH-CHINCHON), read only there.
            bonus = _BONUSES.get(end)
            points = 0 if bonus is None else getattr(state.rules, bonus)
        if result.points[seat] != points:
            problems.append(
                f"last_hand: player {seat} scores {result.points[seat]}, not the {points} "
                "his hand makes"
            )
    return problems
