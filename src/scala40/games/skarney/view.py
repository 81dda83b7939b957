"""What one seat may know of a Skarney game: :class:`PlayerView`, and sampling full
states from it.

A view holds the seat's own hand, how many cards every hand holds, the table and who
owns each meld, the offered card, the cards everyone knows a hand holds (accepted, or
offered and kept), the scores and the turn's details; not the order of the pile, not
the other hands, not even a partner's (SK-PLAYERS). Sampling deals the unseen cards at
random, keeping the known ones where they are.

>>> from scala40.games.skarney import new_game
>>> view = new_game(seed=11).view(2)
>>> view.side, view.partner, view.current_player, view.known
(0, 0, 2, ((), (), (), ()))
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

import attrs

from scala40._base.sampling import random_meld, unplaced
from scala40._base.state_record import order_fields
from scala40.cards import Card
from scala40.games.skarney import search
from scala40.games.skarney.moves import Move
from scala40.games.skarney.phases import PLAY, HandResult, Phase, side_of
from scala40.games.skarney.rules import MELD_RULES, Ruleset
from scala40.games.skarney.state_record import SkarneyFields, StateRecord
from scala40.melds import Meld, MeldKind
from scala40.rulesets import MAX_OPTION_INT
from scala40.schema_parts import array, enum_of, integer, meld_text, nullable, obj
from scala40.view_json import MAX_VIEW_ITEMS
from scala40.views import MAX_HELD_MELDS, ViewBase

__all__ = ["MAX_HELD_MELDS", "PlayerView"]


@attrs.frozen(field_transformer=order_fields)
class PlayerView(SkarneyFields, ViewBase[Ruleset, Phase, HandResult, StateRecord, Move]):
    """One seat's knowledge of a :class:`~scala40.games.skarney.state.GameState` (see
    :meth:`~scala40.games.skarney.state.GameState.view`). Views are made from states; the
    constructor checks nothing.

    A sample (:meth:`sample`, the unseen cards dealt to the other hands and the pile)
    keeps what everyone knows of the hidden hands: the known cards (SK-OFFER), and, for
    a player to move who has put down part of his side's contract this turn, the 3-card
    melds of the same kind that complete it (SK-CONTRACT), drawn first at random from
    the unseen cards. Its public fields are those of
    ``scala40.games.skarney.state_record.SkarneyFields``.
    """

    STOCK_NAME: ClassVar[str] = "pile"

    @property
    def side(self) -> int:
        """The side this seat plays for."""
        return side_of(self.player, self.rules.partnership)

    @property
    def partner(self) -> int | None:
        """The seat of this seat's partner, or ``None`` when playing alone."""
        if not self.rules.partnership:
            return None
        return (self.player + 2) % self.player_count

    def last_hand_parts(self) -> tuple[tuple[tuple[str, tuple[Card, ...], int], ...], ...]:
        """How each side's points of the last hand were made: its melds on the table
        (SK-SCORE-MELDS), less the cards left in its hands (SK-SCORE-HAND: nothing for a
        side that does not subtract them), and its bonus (SK-BONUS, with the shutout's);
        a hand that does not count (SK-TIE) scores nothing."""
        last = self.last_hand
        if last is None:
            return ()
        if last.void:
            return tuple((("tie: the hand does not count", (), 0),) for _ in last.points)
        partnership = self.rules.partnership
        parts = []
        for side, _ in enumerate(last.points):
            left = tuple(
                sorted(
                    card
                    for seat, cards in enumerate(last.hands)
                    if side_of(seat, partnership) == side
                    for card in cards
                )
            )
            bonus = "bonus, with the shutout" if last.shutout and last.bonus[side] else "bonus"
            kept = (
                "cards left" if last.hand_points[side] or not left else "cards left, not counted"
            )
            parts.append(
                (
                    ("melds", (), last.meld_points[side]),
                    (kept, left, -last.hand_points[side]),
                    (bonus, (), last.bonus[side]),
                )
            )
        return tuple(parts)

    def contract_parts(self) -> dict[str, Any] | None:
        """How far the viewing seat's side is from its contract (SK-CONTRACT): ``melds``,
        the 3-card melds it needs this hand; ``put_down``, those the seat has put down
        this turn; ``kind``, the kind they fix (``None`` before the first); for each kind
        still open to it (``MeldKind.SET``, ``MeldKind.SEQUENCE``), the most disjoint
        melds of that kind the hand holds towards the rest, at most the rest, the best by
        points (SK-SCORE-MELDS); ``missing``, the melds the better kind still lacks; and
        ``held``, every 3-card meld of a kind still open that the hand holds, each group
        of cards once, at most :data:`~scala40.views.MAX_HELD_MELDS`. ``None`` once the
        side has its contract, in a game without contracts, and while no hand is in play.

        >>> from scala40.games.skarney import GameState
        >>> state = GameState.from_position(
        ...     hands=["5S 5H 5D 7C 7D 9S 9H KS KD QH 4C", "AH 3C", "AC 4D", "AD 6S"]
        ... )
        >>> parts = state.view(0).contract_parts()
        >>> [str(meld) for meld in parts["sets"]], parts["sequences"], parts["missing"]
        (['5S 5H 5D'], (), 2)
        """
        rules = self.rules
        if (
            not rules.contract
            or self.contracts[self.side]
            or self.phase not in (Phase.DRAW, PLAY, Phase.OFFER)
        ):
            return None
        needed = rules.contract_size(self.hand_number)
        put_down = self.progress if self.turn == self.player and self.phase is PLAY else 0
        kind = None
        if put_down and self.fresh_from < len(self.table):
            kind = self.table[self.fresh_from].kind
        kinds = search.CONTRACT_KINDS if kind is None else (kind,)
        hand = tuple(sorted(self.hand))
        rest = needed - put_down
        most: dict[MeldKind, tuple[Meld, ...]] = {}
        held: dict[tuple[Card, ...], Meld] = {}
        for one in search.CONTRACT_KINDS:
            most[one] = ()
            if one not in kinds:
                continue
            for count in range(rest, 0, -1):
                if search.can_complete(hand, one, count):
                    found = search.best_contract(hand, count, kind=one, within_limit=True)
                    most[one] = () if found is None else found
                    break
            for meld in search.contract_melds(hand, one):
                if len(held) < MAX_HELD_MELDS:
                    held.setdefault(tuple(sorted(meld.cards)), meld)
        return {
            "melds": needed,
            "put_down": put_down,
            "kind": kind,
            "sets": most[MeldKind.SET],
            "sequences": most[MeldKind.SEQUENCE],
            "missing": rest - max(len(melds) for melds in most.values()),
            "held": tuple(held.values()),
        }

    def own_facts(self) -> dict[str, Any]:
        """The seat's own facts (:meth:`scala40.views.ViewBase.own_facts`), and Skarney's:
        ``contract``, :meth:`contract_parts` with its melds as their text (``held`` as
        ``{"meld": text, "kind": "set"}``), or ``None``."""
        facts = super().own_facts()
        parts = self.contract_parts()
        if parts is not None:
            kind = parts["kind"]
            parts = {
                **parts,
                "kind": None if kind is None else kind.value,
                "sets": [str(meld) for meld in parts["sets"]],
                "sequences": [str(meld) for meld in parts["sequences"]],
                "held": [{"meld": str(meld), "kind": meld.kind.value} for meld in parts["held"]],
            }
        facts["contract"] = parts
        return facts

    @classmethod
    def own_facts_schema(cls, move_text: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """``contract``, as :meth:`own_facts` writes it: ``null``, or its seven fields,
        each described."""
        kinds = [kind.value for kind in search.CONTRACT_KINDS]

        def count(what: str) -> dict[str, Any]:
            return {"description": what, **integer(0, MAX_OPTION_INT)}

        def melds(what: str) -> dict[str, Any]:
            return {"description": what, **array(meld_text(), max_items=MAX_VIEW_ITEMS)}

        held = obj(
            {
                "meld": {"description": "The meld, as text.", **meld_text()},
                "kind": {"description": "Its kind.", **enum_of(kinds)},
            },
            description="A 3-card meld of a kind still open to the contract that the hand holds.",
        )
        contract = obj(
            {
                "melds": count("The 3-card melds the side's contract needs this hand."),
                "put_down": count("The contract's melds the seat has put down this turn."),
                "kind": {
                    "description": "The kind the melds put down fix; null before the first.",
                    **enum_of(kinds, nullable=True),
                },
                "sets": melds(
                    "The most disjoint sets the hand holds towards the rest, at most the "
                    "rest, the best by points (SK-SCORE-MELDS); empty when the kind is "
                    "fixed to sequences."
                ),
                "sequences": melds("The same, of sequences; empty when fixed to sets."),
                "missing": count("The melds the better kind still lacks."),
                "held": {
                    "description": "Every 3-card meld of a kind still open that the hand "
                    "holds, each group of cards once.",
                    **array(held, max_items=MAX_HELD_MELDS),
                },
            },
            description="How far the seat's side is from its contract (SK-CONTRACT).",
        )
        return {
            "contract": {
                "description": "How far the seat's side is from its contract; null once "
                "the side has it, in a game without contracts, and while no hand is in play.",
                **nullable(contract),
            }
        }

    def known_cards(self) -> tuple[tuple[Card, ...], ...]:
        """What this player knows each hand holds: his own whole, and of the others the
        cards they offered or accepted (:attr:`known`, SK-OFFER) with the wild cards they
        freed by an exchange (SK-EXCHANGE: :meth:`ViewBase.known_cards`)."""
        seen = super().known_cards()
        return tuple(
            cards
            if seat == self.player
            else tuple(sorted((Counter(cards) | Counter(known)).elements()))
            for seat, (cards, known) in enumerate(zip(seen, self.known))
        )

    def _known_hidden(
        self, unseen: tuple[Card, ...], rng: int
    ) -> tuple[dict[int, list[Card]], int]:
        """The cards the other hands must hold: their known cards (:meth:`known_cards`);
        for a hidden offerer, the card on offer beside the copies of it shown in its hand;
        and for a hidden player to move with his side's contract in progress, melds that
        complete it."""
        known, rng = super()._known_hidden(unseen, rng)
        mover = self.turn
        if self.phase is Phase.OFFER and self.offer_card is not None and mover != self.player:
            # SK-OFFER: the card on offer stays in the offerer's hand, beyond the copies of
            # it the hand's log shows there (a card it was seen to take and has not
            # played): a sample deals the offerer those copies and the offered one.
            card, cards = self.offer_card, known.get(mover, [])
            shown = self.shown[mover].count(card) if self.shown else 0
            pool = unplaced(unseen, known)
            extra = min(shown + 1 - cards.count(card), pool[card])
            if extra > 0:
                known[mover] = [*cards, *(card,) * extra]
            return known, rng
        if mover == self.player or self.phase is not PLAY or not self.progress:
            return known, rng
        kind = self.table[self.fresh_from].kind if self.fresh_from < len(self.table) else None
        if kind is None:
            return known, rng  # not a view a state gives: the checks will say so
        pool = unplaced(unseen, known)
        cards = known.get(mover, [])
        missing = self.rules.contract_size(self.hand_number) - self.progress
        room = self.hand_sizes[mover] - len(cards)
        for _ in range(missing):
            if room < 3:
                break
            meld, rng = random_meld(tuple(sorted(pool.elements())), MELD_RULES, rng, kind=kind)
            if meld is None:
                break
            pool -= Counter(meld)
            cards = [*cards, *meld]
            room -= 3
        known[mover] = cards
        return known, rng
