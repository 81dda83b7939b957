"""What one player may know: :class:`PlayerView`, and sampling full states from it.

A view holds the player's own hand, how many cards the others hold, the
table, the discard pile, the stock size, scores and turn details, and nothing
else: not the stock order, not the other hands. Search bots sample views
into full states consistent with them (determinization), reproducibly from a
seed.

>>> import scala40
>>> view = scala40.new_game(players=3, seed=11).view(1)
>>> view.is_my_turn, view.may_close, len(view.unknown_cards())
(True, False, 94)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from scala40._base.sampling import pick, random_meld, unplaced
from scala40._base.state_record import order_fields
from scala40._format.codecs import MAX_SEATS
from scala40.cards import JOKER, RANK_OF, Card
from scala40.errors import IllegalMoveError
from scala40.games.scala40.conditions import final_keep
from scala40.games.scala40.hand.packing import COUNT_WEIGHTS, ORDERS, best_packing
from scala40.games.scala40.hand.tables import sorted_hand_melds
from scala40.games.scala40.melding import resolve_meld
from scala40.games.scala40.moves import (
    Discard,
    LayOff,
    Move,
    PutDown,
    Split,
    SwapJoker,
    TakeDiscard,
)
from scala40.games.scala40.phases import DRAW, PLAY, HandResult, Phase
from scala40.games.scala40.rules import Ruleset, hand_value
from scala40.games.scala40.state_record import Scala40Fields, StateRecord
from scala40.melds import Meld, MeldRules
from scala40.rulesets import MAX_OPTION_INT
from scala40.schema_parts import array, integer, meld_text, nullable, obj
from scala40.view_json import MAX_VIEW_ITEMS
from scala40.views import MAX_HELD_MELDS, ViewBase

__all__ = ["MAX_HELD_MELDS", "MAX_OPENING_PLANS", "PlayerView"]

MAX_OPENING_PLANS = 500
"""The most openings of several melds :meth:`PlayerView.opening_plans` lists (a hand of
14 cards rarely has more than a hundred; the bound keeps a view's JSON small whatever
the hand)."""


@attrs.frozen(field_transformer=order_fields)
class PlayerView(Scala40Fields, ViewBase[Ruleset, Phase, HandResult, StateRecord, Move]):
    """One player's knowledge of a :class:`~scala40.games.scala40.state.GameState` (see
    :meth:`scala40.games.scala40.state.GameState.view`). Views are made from states; the
    constructor checks nothing.

    A sample (:meth:`sample`) keeps what everyone knows of the hidden hands. A card the
    player to move took from the discard pile and has not melded is in his hand, with
    cards that meld it, or, when his hand has no room for a meld and a card to discard,
    a card that lets it be laid off after it (and, when the take opens him,
    S40-V-EARLYDISCARD, melds that reach the opening threshold with it,
    S40-DRAW-DISCARD); a player who has put down part of his opening this turn holds
    melds that complete it (S40-OPEN); the cards each player was seen to take and has
    not played (the upcard taken to keep, S40-V-UPCARD; a joker freed by a swap, S40-SWAP)
    are in his hand. Such cards are drawn first, at random from the unknown cards. Its
    public fields are those of ``scala40.games.scala40.state_record.Scala40Fields``.
    """

    def _known_hidden(
        self, unseen: tuple[Card, ...], rng: int
    ) -> tuple[dict[int, list[Card]], int]:
        """The cards the hidden hands must hold: those everyone saw them take and they
        have not played (:meth:`known_cards`: a card taken from the discard pile, the
        upcard taken to keep, a joker freed by a swap); and for the player to move, with
        the card he took from the discard pile and has not melded, cards that meld it,
        and melds that complete his opening when he must open this turn."""
        known, rng = super()._known_hidden(unseen, rng)
        mover = self.turn
        if mover == self.player or self.phase is not PLAY:
            return known, rng
        must = self.taken if self.taken_must_use and not self.taken_used else None
        opened = self.opened[mover]
        needed = 0
        if not opened and (must is not None or self.opening_value):
            needed = self.rules.opening_threshold - self.opening_value
        if must is None and not needed:
            return known, rng
        meld_rules = self.rules.meld_rules
        pool = unplaced(unseen, known)
        cards: list[Card] = list(known.get(mover, ()))
        value = 0
        if must is not None:
            if must not in cards:
                if not pool[must]:
                    return known, rng  # not a view a state gives: the checks will say so
                pool[must] -= 1
                cards.append(must)
            others, rng = random_meld(
                tuple(sorted(pool.elements())), meld_rules, rng, containing=must
            )
            # A meld with it keeps a card back to discard (one of the other cards known to
            # be there will do), unless the hand may close by melding every card
            # (S40-V-NODISCARDCLOSE); a hand too small to meld it with two of its cards
            # lays it off instead.
            keep = 0 if self.rules.close_without_discard and self.may_close else 1
            room = self.hand_sizes[mover] - 1 - max(keep, len(cards) - 1)
            if others is not None and len(others) <= room:
                pool -= Counter(others)
                cards.extend(others)
                value += _meld_value(meld_rules, (must, *others))
            elif room >= 1:
                bridge, rng = self._layoff_bridge(must, pool, rng)
                if bridge is not None:
                    pool[bridge] -= 1
                    cards.append(bridge)
        # Keep two cards out of the melds: one to discard, one more in the first round.
        room = self.hand_sizes[mover] - 2
        while value < needed and len(cards) + 3 <= room:
            meld, rng = random_meld(tuple(sorted(pool.elements())), meld_rules, rng)
            if meld is None:
                break
            pool -= Counter(meld)
            cards.extend(meld)
            value += _meld_value(meld_rules, meld)
        known[mover] = cards
        return known, rng

    def looked_for_moves(self) -> tuple[Move, ...]:
        """Taking the discard pile's top card, at a draw; discarding each card of the
        hand, once drawn: the moves whose refusal a player must be told (S40-DRAW-STOCK,
        S40-DRAW-DISCARD, S40-DISCARD, S40-V-PLAYABLE, S40-OPEN)."""
        if self.phase is DRAW and self.discard:
            return (TakeDiscard(),)
        if self.phase is PLAY:
            return tuple(Discard(card) for card in sorted(set(self.hand)))
        return ()

    def meld_owners(self) -> tuple[int | None, ...]:
        """For each meld on the table, the seat that put it down (a meld split from
        another keeps its owner, S40-V-SPLIT), read from the hand's moves
        (:attr:`history`); ``None`` for each when the view keeps no moves of the hand
        that explain its table (a view read from text).

        >>> import scala40
        >>> state = scala40.GameState.from_position(
        ...     hands=["7H 8H 9H KS KD KC QD 2C 3D 4H 6C JD 5S", "AH 3C 4C"], discard="10S"
        ... )
        >>> state = state.apply("draw").apply("meld KS KD KC").apply("meld 7H 8H 9H")
        >>> state.view(1).meld_owners()
        (0, 0)
        """
        wild = self.rules.meld_rules.wild_cards
        melds: list[list[Card]] = []
        owners: list[int | None] = []
        for entry in self.history:
            move, seat = entry.move, entry.seat
            if isinstance(move, PutDown):
                melds.append(list(move.cards))
                owners.append(seat)
                self._drop_four_of_a_kind(melds, owners, len(melds) - 1, wild)
            elif isinstance(move, LayOff) and move.meld < len(melds):
                melds[move.meld].append(move.card)
                self._drop_four_of_a_kind(melds, owners, move.meld, wild)
            elif isinstance(move, SwapJoker) and move.meld < len(melds):
                cards = melds[move.meld]
                cards[cards.index(JOKER) if JOKER in cards else 0] = move.card
                self._drop_four_of_a_kind(melds, owners, move.meld, wild)
            elif isinstance(move, Split) and move.meld < len(melds):
                owner = owners[move.meld]
                pieces = [list(cards) for cards, _ in move.pieces]
                melds[move.meld : move.meld + 1] = pieces
                owners[move.meld : move.meld + 1] = [owner] * len(pieces)
        if len(owners) != len(self.table):
            return (None,) * len(self.table)
        return tuple(owners)

    def _drop_four_of_a_kind(
        self, melds: list[list[Card]], owners: list[int | None], index: int, wild: Any
    ) -> None:
        """A set of four natural cards leaves the table under S40-V-FOURKIND."""
        cards = melds[index]
        if (
            self.rules.discard_four_of_a_kind
            and len(cards) == 4
            and not any(card in wild for card in cards)
            and len({RANK_OF[card] for card in cards}) == 1
        ):
            del melds[index], owners[index]

    def opening_plans(self) -> tuple[tuple[tuple[PutDown, ...], int], ...]:
        """The ways the viewing player, deciding after his draw and not yet opened, can
        open now with melds from his hand: each legal meld alone, with its points (S40-OPEN
        counts them towards ``opening_value``), and each set of two or
        more melds that completes the opening, in the order they are legal, with their
        points together; at most :data:`MAX_OPENING_PLANS` of several melds. Empty at any
        other decision.

        >>> import scala40
        >>> state = scala40.GameState.from_position(
        ...     hands=["7H 8H 9H KS KD KC QD 2C 3D 4H 6C JD 5S", "AH 3C 4C"], discard="10S"
        ... )
        >>> view = state.apply("draw").view(0)
        >>> [(" + ".join(str(move) for move in moves), points)
        ...  for moves, points in view.opening_plans()]  # doctest: +NORMALIZE_WHITESPACE
        [('meld KS KD KC', 30), ('meld 7H 8H 9H', 24), ('meld JD QD KD', 30),
         ('meld KS KD KC + meld 7H 8H 9H', 54), ('meld 7H 8H 9H + meld JD QD KD', 54)]
        """
        if not self.is_my_turn or self.phase is not PLAY or self.opened[self.player]:
            return ()
        state = self.turn_state()
        melds = [move for move in self.legal_moves() if isinstance(move, PutDown)]
        points = {move: resolve_meld(move, self.rules).value for move in melds}
        plans: list[tuple[tuple[PutDown, ...], int]] = [((move,), points[move]) for move in melds]
        several: list[tuple[tuple[PutDown, ...], int]] = []

        def grow(before: Any, start: int, path: tuple[PutDown, ...], left: Counter[Card]) -> None:
            # Each set once: its melds in the order the legal moves list them.
            for index in range(start, len(melds)):
                if len(several) >= MAX_OPENING_PLANS:
                    return
                move = melds[index]
                need = Counter(move.cards)
                if any(left[card] < count for card, count in need.items()):
                    continue
                try:
                    after = before.apply(move)
                except IllegalMoveError:
                    continue
                taken = (*path, move)
                if after.opened[self.player]:
                    if len(taken) > 1:
                        several.append((taken, sum(points[item] for item in taken)))
                else:
                    grow(after, index + 1, taken, left - need)

        grow(state, 0, (), Counter(self.hand))
        return (*plans, *several)

    def _opening_keep(self) -> int:
        """The cards of the hand the opening must leave: those the turn keeps to end
        (S40-CLOSE; two in the first round, S40-FIRST-ROUND; none where melding every
        card closes, S40-V-NODISCARDCLOSE), one fewer before the draw, whose card may
        be the one kept."""
        keep = final_keep(self)
        if self.is_my_turn and self.phase is PLAY:
            return keep
        return max(0, keep - 1)

    def best_opening_melds(self) -> tuple[tuple[Meld, ...], int] | None:
        """How far the viewing player's hand is from his opening (S40-OPEN): the disjoint
        new melds of the most points (S40-MELD-VALUE) it holds, fewest cards left among
        equals, leaving the cards the turn must keep, and with the card taken from the
        discard pile when it must be melded (S40-DRAW-DISCARD, S40-V-EARLYDISCARD); with
        their points together. ``None`` when the hand holds no meld, and once he has
        opened. Read at any decision, his or not: a hand whose best melds fall short of
        the threshold cannot open this turn, and the points missing are the difference.

        >>> import scala40
        >>> state = scala40.GameState.from_position(
        ...     hands=["8D 9D 10D 2S 4H 6C QS KH 3C 5D 7S JH AC", "AH 3C 4C"], discard="10S"
        ... )
        >>> melds, points = state.view(0).best_opening_melds()
        >>> [str(meld) for meld in melds], points
        (['8D 9D 10D'], 27)
        """
        if self.opened[self.player]:
            return None
        must = None
        if self.is_my_turn and self.phase is PLAY and self.taken_must_use and not self.taken_used:
            must = self.taken
        hand = tuple(sorted(self.hand))
        found = best_packing(
            hand,
            self.rules.meld_rules,
            COUNT_WEIGHTS,
            False,
            ORDERS["value"],
            min(self._opening_keep(), len(hand)),
            must,
        )
        if found is None or not found.melds:
            return None
        return found.melds, found.value

    def held_melds(self) -> tuple[tuple[Meld, int], ...]:
        """Every meld the viewing player's hand holds, each group of cards once with the
        points of its best reading (S40-MELD-VALUE), in the order of the hand's melds
        (sets by rank, then sequences by suit); at most
        :data:`~scala40.views.MAX_HELD_MELDS`. A client tells by them that cards picked
        make a meld, also where no move puts it down yet (an opening short of its
        threshold, S40-OPEN).

        >>> import scala40
        >>> state = scala40.GameState.from_position(
        ...     hands=["8D 9D 10D 2S 4H 6C QS KH 3C 5D 7S JH AC", "AH 3C 4C"], discard="10S"
        ... )
        >>> [(str(meld), points) for meld, points in state.view(0).held_melds()]
        [('8D 9D 10D', 27)]
        """
        best: dict[tuple[Card, ...], tuple[Meld, int]] = {}
        for meld in sorted_hand_melds(tuple(sorted(self.hand)), self.rules.meld_rules):
            cards = tuple(sorted(meld.cards))
            if cards in best:
                if meld.value > best[cards][1]:
                    best[cards] = (meld, meld.value)
            elif len(best) < MAX_HELD_MELDS:
                best[cards] = (meld, meld.value)
        return tuple(best.values())

    def last_hand_parts(self) -> tuple[tuple[tuple[str, tuple[Card, ...], int], ...], ...]:
        """How each seat's points of the last hand were made (S40-SCORE): the closer's
        nothing, another's the cards left in hand (S40-HAND-VALUE) or the flat points of a
        hand not opened (S40-V-NOTOPENED), as much again when the closer opened and closed
        in one turn (S40-V-DOUBLE); a seat out of the match scores nothing."""
        last = self.last_hand
        if last is None:
            return ()
        parts: list[tuple[tuple[str, tuple[Card, ...], int], ...]] = []
        penalty = self.rules.not_opened_penalty
        for seat, points in enumerate(last.points):
            cards = last.hands[seat]
            if seat == last.closer:
                parts.append((("closed", (), points),))
                continue
            single = points // 2 if last.doubled else points
            if single == hand_value(cards, self.rules):
                own: tuple[str, tuple[Card, ...], int] = ("cards left", cards, single)
            elif penalty is not None and single == penalty:
                own = ("not opened", (), single)
            else:
                own = ("points", (), single)
            doubled = ("doubled: opened and closed in one turn", (), points - single)
            parts.append((own, doubled) if last.doubled and points else (own,))
        return tuple(parts)

    def client_facts(self) -> dict[str, Any]:
        """The facts every view gives (:meth:`scala40.views.ViewBase.client_facts`), and
        Scala 40's: ``meld_owners`` (:meth:`meld_owners`)."""
        facts = super().client_facts()
        facts["meld_owners"] = list(self.meld_owners())
        return facts

    @classmethod
    def public_facts_schema(cls, move_text: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """``meld_owners``: the seat that put down each table meld, in the table's order."""
        return {
            "meld_owners": {
                "description": "The seat that put down each table meld, in the order of "
                "the table's melds.",
                **array(integer(0, MAX_SEATS - 1), max_items=MAX_VIEW_ITEMS),
            }
        }

    def own_facts(self) -> dict[str, Any]:
        """The seat's own facts (:meth:`scala40.views.ViewBase.own_facts`), and Scala 40's:
        ``opening`` (for a seat that has not opened: ``threshold``, the points its melds
        must reach; ``put_down``, the points of its melds already down this turn;
        ``plans``, :meth:`opening_plans` as ``{"moves": [text, ...], "points": n}``;
        ``best``, :meth:`best_opening_melds` as ``{"melds": [text, ...], "points": n}`` or
        ``None`` when the hand holds no meld; ``missing``, the points the best melds lack,
        with those put down, to reach the threshold (0 when they reach it); ``held``,
        :meth:`held_melds` as ``{"meld": text, "points": n}``; ``None`` once it has
        opened, and between hands)."""
        facts = super().own_facts()
        if self.opened[self.player] or self.phase not in (DRAW, PLAY):
            facts["opening"] = None
            return facts
        threshold = self.rules.opening_threshold
        put_down = self.opening_value if self.turn == self.player else 0
        best = self.best_opening_melds()
        points = 0 if best is None else best[1]
        facts["opening"] = {
            "threshold": threshold,
            "put_down": put_down,
            "plans": [
                {"moves": [str(move) for move in moves], "points": points}
                for moves, points in self.opening_plans()
            ],
            "best": None
            if best is None
            else {"melds": [str(meld) for meld in best[0]], "points": points},
            "missing": max(0, threshold - put_down - points),
            "held": [{"meld": str(meld), "points": value} for meld, value in self.held_melds()],
        }
        return facts

    @classmethod
    def own_facts_schema(cls, move_text: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """``opening``, as :meth:`own_facts` writes it: ``null``, or its six fields, each
        described."""
        points = integer(0, MAX_OPTION_INT)

        def meld(what: str) -> dict[str, Any]:
            return {"description": what, **meld_text()}

        def worth(what: str) -> dict[str, Any]:
            return {"description": what, **points}

        plan = obj(
            {
                "moves": {
                    "description": "The moves that open, in the order they are played.",
                    **array(move_text, min_items=1, max_items=MAX_VIEW_ITEMS),
                },
                "points": worth("The points those moves put down."),
            },
            description="A way to open now (S40-OPEN), a whole opening of several melds included.",
        )
        best = obj(
            {
                "melds": {
                    "description": "The melds, as text (a wild card followed by '=' and "
                    "the card it stands for).",
                    **array(meld_text(), min_items=1, max_items=MAX_VIEW_ITEMS),
                },
                "points": worth("Their points (S40-MELD-VALUE)."),
            },
            description="The best melds the hand holds towards the opening, and their points.",
        )
        held = obj(
            {
                "meld": meld("The meld, as text."),
                "points": worth("The points of its best reading (S40-MELD-VALUE)."),
            },
            description="A meld the hand holds.",
        )
        opening = obj(
            {
                "threshold": worth("The points the seat's new melds must reach to open."),
                "put_down": worth("The points of the seat's melds already put down this turn."),
                "plans": {
                    "description": "The ways to open now (empty when none, or another "
                    "seat decides).",
                    **array(plan, max_items=MAX_OPENING_PLANS),
                },
                "best": {
                    "description": "The best melds the hand holds towards the opening; "
                    "null when it holds no meld.",
                    **nullable(best),
                },
                "missing": worth(
                    "The points the best melds, with those put down, lack to reach the "
                    "threshold (0: enough)."
                ),
                "held": {
                    "description": "Every meld the hand holds, each group of cards once.",
                    **array(held, max_items=MAX_HELD_MELDS),
                },
            },
            description="How far the seat is from opening (S40-OPEN).",
        )
        return {
            "opening": {
                "description": "How far the seat is from opening; null once it has opened, "
                "and between hands.",
                **nullable(opening),
            }
        }

    def _layoff_bridge(self, must: Card, pool: Counter[Card], rng: int) -> tuple[Card | None, int]:
        """A card of ``pool`` that, laid off first, lets ``must`` be laid off after it on
        the same table meld (``4S`` before ``3S`` on ``5S 6S 7S``), drawn at random among
        those the unseen cards allow; ``None`` when ``must`` can be laid off as it is, or
        no single card bridges the gap. A hand with no room to meld the taken card
        (S40-DRAW-DISCARD: he must use it this turn, and keep a card to discard) uses it so.
        Reads each table meld's extensions and theirs: at most a few hundred."""
        if any(ext.card == must for meld in self.table for ext in meld.extensions()):
            return None, rng
        bridges = sorted(
            {
                ext.card
                for meld in self.table
                for ext in meld.extensions()
                if pool[ext.card] > 0
                and any(after.card == must for after in meld.with_extension(ext).extensions())
            }
        )
        if not bridges:
            return None, rng
        return pick(bridges, rng)


def _meld_value(rules: MeldRules, cards: tuple[Card, ...]) -> int:
    return max(meld.value for meld in rules.readings_of_sorted(tuple(sorted(cards))))
