"""What one player may know of a knock game, and sampling full states from it.

A view holds the player's own hand, how many cards the others hold, the discard pile,
the stock size, the totals and the turn's details, and nothing else: not the other hands
(until a hand's end shows them all) and not the stock order. Search bots sample views
into full states consistent with them, reproducibly from a seed.

>>> from scala40.games.rumino import new_game
>>> state = new_game(players=3, seed=11)
>>> view = state.view(1)
>>> view.hand == state.hands[1], view.hand_sizes, view.stock_size
(True, (7, 7, 7), 86)
>>> guess = view.sample(seed=1)
>>> guess.hands[1] == state.hands[1], guess.view(1) == view
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs

from scala40._checks import check_int, describe, is_int
from scala40._rng import random_below, seed_state, shuffle
from scala40._sampling import deal_hidden, draw_consistent, pick
from scala40.cards import RANK_OF, SUIT_OF, Card
from scala40.drawing import view_svg
from scala40.errors import InvalidArgumentError
from scala40.games._knock.arrange import has_rumino
from scala40.games._knock.phases import HandResult, Phase
from scala40.games._knock.profile import ClaimMode, KnockRules
from scala40.games._knock.record import KnockRecord
from scala40.legal import LegalMoves
from scala40.views import view_to_dict

__all__ = ["PlayerView"]


@attrs.frozen
class PlayerView:
    """One player's knowledge of a knock game's state (the shared base of the games'
    ``PlayerView`` classes; see the state's ``view``). Views are made from states; the
    constructor checks nothing."""

    player: int
    rules: Any
    player_count: int
    dealer: int
    hand_number: int
    phase: Phase
    turn: int
    hand: tuple[Card, ...]
    """The viewing player's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    stock_size: int
    discard: tuple[Card, ...]
    """The discard pile, top card last (every card in it was seen face up; a close's
    face-down card is shown with every hand when the hand ends)."""
    turns_played: tuple[int, ...]
    scores: tuple[int, ...]
    active: tuple[bool, ...]
    winners: tuple[int, ...]
    reentries: tuple[int, ...]
    gins: tuple[int, ...]
    taken: Card | None
    """The card the player to move took from the discard pile this turn (seen by all)."""
    pending: tuple[int, ...]
    reentry_total: int
    last_hand: HandResult | None
    """How the previous hand ended: every hand is shown then."""

    move_number: int = attrs.field(default=0, eq=False)
    """The moves applied in the match so far (the state's ``move_number``)."""
    resigned: tuple[int, ...] = ()
    """The seats that resigned, in the order they left (C-RESIGN; public)."""
    state_type: type[KnockRecord] = attrs.field(
        default=KnockRecord, kw_only=True, eq=False, hash=False, repr=False
    )
    """The class of the state the view was made from, which :meth:`sample` builds (not
    part of the value: two views of equal knowledge are equal)."""

    @classmethod
    def of(cls, state: KnockRecord, player: int) -> Any:
        """The view of ``state`` for ``player``."""
        if not (type(player) is int and 0 <= player < state.player_count):
            raise InvalidArgumentError(
                f"player must be a seat from 0 to {state.player_count - 1}, got {describe(player)}"
            )
        public = {name: getattr(state, name) for name in _PUBLIC_FIELDS}
        return cls(
            player=player,
            hand=state.hands[player],
            hand_sizes=tuple(len(hand) for hand in state.hands),
            stock_size=len(state.stock),
            state_type=type(state),
            **public,
        )

    @property
    def profile(self) -> KnockRules:
        """What the engine reads from the rules."""
        profile: KnockRules = self.rules.profile
        return profile

    @property
    def current_player(self) -> int | None:
        """The seat that decides now (public knowledge), or ``None``."""
        phase = self.phase
        if phase is Phase.DRAW or phase is Phase.PLAY:
            return self.turn
        if phase is Phase.CLAIM or phase is Phase.REENTRY:
            return self.pending[0]
        return None

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewing player is the one to decide."""
        return self.current_player == self.player

    @property
    def hands_shown(self) -> bool:
        """Whether every hand has been shown (after a hand's scoring, before the deal)."""
        return self.phase in (Phase.REENTRY, Phase.OVER) or (
            self.phase is Phase.DEAL and self.hand_number > 0
        )

    def unknown_cards(self) -> tuple[Card, ...]:
        """The cards this player cannot see: the other hands and the stock, together."""
        seen = Counter(self.hand) + Counter(self.discard)
        return tuple(sorted((Counter(self.profile.deck.cards) - seen).elements()))

    def sample(self, seed: int) -> Any:
        """A full state consistent with this view, drawn reproducibly from ``seed``: the
        unknown cards dealt at random to the other hands and the stock.

        The sample is consistent by construction: it passes its own ``problems()``,
        gives this view back to this player, and keeps what everyone knows of the hidden
        hands: the hands shown at a hand's end, the card the player to move took from
        the discard pile, and, in Rumino (RU-RUMINO), that no hand holds a Rumino, that
        each seat still to decide on a claim holds the six cards the discard completes
        into one (drawn first, at random from the unknown cards), and that the seats
        known not to be able to claim the top discard (the seats after them; at a draw
        under ``rumino_claim="auto"``, all but the discarder) cannot.

        A dealt state that fails a check is dealt again, at most 32 times in all.

        :raises InvalidArgumentError: ``seed`` is not an integer.
        :raises SearchLimitError: no consistent state was dealt within the bound (only
            a view that no state gives, such as one edited by hand, comes to this).
        """
        if not is_int(seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(seed)}")
        unseen = self.unknown_cards()
        shown: dict[int, list[Card]] = {}
        if self.hands_shown and self.last_hand is not None:
            # Everyone showed his hand at the end of it.
            shown = {
                seat: list(cards)
                for seat, cards in enumerate(self.last_hand.hands)
                if seat != self.player and cards
            }
        elif self.phase is Phase.DEAL and not any(self.hand_sizes) and not self.discard:
            unseen = ()  # a game waiting for its first deal: no card is anywhere yet
        mover = self.turn
        if (
            self.phase is Phase.PLAY
            and mover != self.player
            and self.taken is not None
            and self.taken in unseen
        ):
            # Everyone saw the card taken from the discard pile this turn.
            shown[mover] = [self.taken]
        public = {name: getattr(self, name) for name in _PUBLIC_FIELDS}

        def deal(rng: int) -> tuple[Any, int]:
            known, rng = self._claim_witnesses(unseen, shown, rng)
            hands, stock, rng = deal_hidden(
                unseen,
                viewer=self.player,
                hand=self.hand,
                hand_sizes=self.hand_sizes,
                known=known,
                stock_size=self.stock_size,
                stock_name="stock",
                rng=rng,
            )
            state = self.state_type(hands=hands, stock=stock, rng=rng, auto_chance=True, **public)
            return state, rng

        return draw_consistent(
            deal, self._consistent, seed_state(seed), "the view", self.move_number
        )

    def _claim_witnesses(
        self, unseen: tuple[Card, ...], shown: dict[int, list[Card]], rng: int
    ) -> tuple[dict[int, list[Card]], int]:
        """``shown``, and for each hidden seat still to decide on a claim, six cards the
        top discard completes into a Rumino (RU-RUMINO)."""
        if self.phase is not Phase.CLAIM or not self.discard:
            return shown, rng
        known = dict(shown)
        pool = Counter(unseen)
        for cards in known.values():
            pool -= Counter(cards)
        top = self.discard[-1]
        for seat in self.pending:
            if seat == self.player or seat in known:
                continue
            witness, rng = _rumino_witness(pool, top, self.profile, rng)
            if witness is None:
                break  # not a view a state gives: the checks will say so
            pool -= Counter(witness)
            known[seat] = witness
        return known, rng

    def _consistent(self, state: Any) -> bool:
        """Whether a dealt state passes its own checks and keeps the Rumino facts: no
        hand in play holds a Rumino (it would have won), and the seats that could not
        claim the top discard still cannot (RU-RUMINO)."""
        if state.problems():
            return False
        profile = self.profile
        if not profile.rumino or self.phase not in (Phase.DRAW, Phase.PLAY, Phase.CLAIM):
            return True
        if any(has_rumino(hand, profile) for hand in state.hands if hand):
            return False
        top = self.discard[-1] if self.discard else None
        return not any(
            has_rumino(state.hands[seat], profile, top) for seat in self._cannot_claim()
        )

    def _cannot_claim(self) -> list[int]:
        """The seats known to hold no Rumino with the top discard (RU-RUMINO): at a claim,
        the seats after the first one still to decide, other than those listed; at a
        draw under claims made at once (``rumino_claim="auto"``), every seat but the
        discarder (a claim would have ended the game). The upcard of a hand's first
        turn is not a discard, and after passed claims the passing seats may hold one."""
        count = self.player_count
        if self.phase is Phase.CLAIM and self.pending:
            order = [(self.turn + step) % count for step in range(1, count)]
            if self.pending[0] not in order:
                return []
            later = order[order.index(self.pending[0]) :]
            return [seat for seat in later if self.active[seat] and seat not in self.pending]
        if (
            self.phase is Phase.DRAW
            and self.discard
            and any(self.turns_played)
            and self.profile.claim is ClaimMode.AUTO
        ):
            before = [(self.turn - step) % count for step in range(1, count)]
            discarder = next((seat for seat in before if self.active[seat]), self.turn)
            return [seat for seat in range(count) if self.active[seat] and seat != discarder]
        return []

    def samples(self, count: int, seed: int) -> Iterator[Any]:
        """``count`` sampled states, from seeds derived from ``seed``.

        :raises InvalidArgumentError: ``count`` or ``seed`` is not an integer.
        :raises InvalidValueError: ``count`` is negative.
        """
        check_int("count", count, 0)
        if not is_int(seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(seed)}")
        return self._samples(count, seed)

    def _samples(self, count: int, seed: int) -> Iterator[Any]:
        for index in range(count):
            yield self.sample(seed * 1_000_003 + index)

    def to_dict(self) -> dict[str, Any]:
        """This view as JSON: what an app sends to a client (:mod:`scala40.views`;
        read back with :func:`scala40.views.view_from_dict`)."""
        return view_to_dict(self, self.state_type.game_name, self.state_type.MOVES)

    def legal_moves(self) -> LegalMoves[Any]:
        """The legal moves of the viewing player, when the decision is his: they depend
        only on his hand and on what everyone sees."""
        if not self.is_my_turn:
            raise InvalidArgumentError(f"player {self.player} does not decide now")
        moves: LegalMoves[Any] = self.sample(0).legal_moves()
        return moves

    def _repr_svg_(self) -> str:
        """The view as an SVG picture, which notebooks show (:func:`scala40.drawing.view_svg`)."""
        return view_svg(self)


_RUN = (*range(1, 14), 1)
"""The ranks in sequence order, the ace at both ends (a Rumino window is checked by
:func:`has_rumino`, so a window the rules do not allow is never kept)."""


def _rumino_witness(
    pool: Counter[Card], top: Card, profile: KnockRules, rng: int
) -> tuple[list[Card] | None, int]:
    """Six cards of ``pool`` that ``top`` completes into a Rumino (RU-MELDS,
    RU-RUMINO), at random: seven of a rank or seven in sequence of a suit, wild cards
    standing in where the rules allow; ``None`` when the pool holds none. At most 13
    ranks and 4 suits of 8 windows are tried, each checked once."""
    wild = profile.meld_rules.wild_cards
    top_wild = top in wild
    targets: list[tuple[int, tuple[int, ...]]] = []
    for rank in range(1, 14) if top_wild else (RANK_OF[top],):
        targets.append((-1, (rank,) * 7))
    for suit in range(4) if top_wild else (SUIT_OF[top],):
        for start in range(len(_RUN) - 6):
            window = _RUN[start : start + 7]
            if top_wild or RANK_OF[top] in window:
                targets.append((suit, window))
    order, rng = shuffle(targets, rng)
    wilds = (
        sorted(card for card in pool.elements() if card in wild) if profile.rumino_jokers else []
    )
    for suit, slots in order:
        left = list(slots)
        if top_wild:
            index, rng = random_below(7, rng)
            del left[index]
        else:
            left.remove(RANK_OF[top])
        free = pool.copy()
        chosen: list[Card] = []
        spare = list(wilds)
        for rank in left:
            naturals = sorted(
                card
                for card in free.elements()
                if card not in wild
                and RANK_OF[card] == rank
                and (suit < 0 or SUIT_OF[card] == suit)
            )
            options = naturals + spare
            if not options:
                break
            card, rng = pick(options, rng)
            if card in wild:
                spare.remove(card)
            free[card] -= 1
            chosen.append(card)
        else:
            if has_rumino(chosen, profile, top):
                return chosen, rng
    return None, rng


_PUBLIC_FIELDS = tuple(
    field.name
    for field in attrs.fields(PlayerView)
    if field.name not in ("player", "hand", "hand_sizes", "stock_size", "state_type")
)
"""What a view shares with its state, field for field."""
