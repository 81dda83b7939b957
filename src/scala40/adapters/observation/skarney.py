"""What one Skarney player sees, as numbers and as text, for learning agents.

:data:`OBSERVATION` is the game's :class:`~scala40.game.ObservationEncoding` (the
``observation`` of its :class:`~scala40.game.Game` record). Everything comes from a
:class:`~scala40.games.skarney.view.PlayerView`: the player's own hand, the table and who
put each meld down, the offered card, the cards everyone knows a hand holds, the sides'
contracts and totals; nothing of the other hands, a partner's included (SK-PLAYERS).
Seats are counted from the viewing player (the player first, then the next seat in play
order), and sides likewise (the player's side first), so that one agent can learn every
seat.

>>> from scala40.games import skarney
>>> from scala40.adapters.observation.skarney import OBSERVATION
>>> state = skarney.new_game("partnership", players=4, seed=1)
>>> print(OBSERVATION.text(state.view(2)).splitlines()[1])
hand: 4S 5S 6S JS KH 5D QD AC 2C QC JK
>>> blocks = {field.name: field for field in OBSERVATION.fields(state.rules, 4)}
>>> blocks["totals"].shape, blocks["totals"].low, sum(field.size for field in blocks.values())
((2,), -10.0, 4778)
"""

from __future__ import annotations

from array import array
from typing import Any, ClassVar

from scala40._wording import ints_text, reading_text
from scala40.adapters.observation.base import (
    CARD_CODES,
    SEATS,
    ZERO_ROW,
    Block,
    Kept,
    Mark,
    ObservationBase,
    Row,
    Seen,
    Write,
    card_counts,
    flags_row,
    last_points,
    max_table_melds,
    shared,
)
from scala40.adapters.observation.rows import (
    LayoutBase,
    capped_count_row,
    clipped,
    flag_rows,
    float_bytes,
    seat_mark_row,
)
from scala40.cards import CARD_NAMES, Card
from scala40.game import ObservationField
from scala40.games.skarney.phases import DRAW, PLAY, HandResult, Phase, is_stop_card, side_of
from scala40.games.skarney.rules import MELD_RULES, Ruleset
from scala40.games.skarney.state_record import StateRecord
from scala40.games.skarney.view import PlayerView
from scala40.melds import Meld, MeldKind

__all__ = ["CARD_CODES", "OBSERVATION", "SkarneyObservation", "max_table_melds"]

_SEAT_CARDS = ("seats", "cards")
_MELD_CARDS = ("melds", "cards")
_SIDES_SHAPE = ("sides",)
_FACT_ROWS = flag_rows(4)
"""The ``turn_facts`` block of each set of its four facts."""
_LAST_HAND_ROWS = flag_rows(2)
"""The ``last_hand`` block of each pair of its facts."""
_WILD = MELD_RULES.wild_cards
_POINTS = 1000
"""Totals, points and bonuses are given as fractions of this..."""
_POINTS_CAP = 10.0
"""...clipped to this either way."""
_CONTRACT_CAP = 5
"""Contracts are given as fractions of this many melds (a contract has 1 to 5)."""
_TURN_CAP = 200
"""The turn number is given as a fraction of this, capped at 1."""


def _points(value: int) -> float:
    return clipped(value / _POINTS, _POINTS_CAP)


class SkarneyObservation(ObservationBase[Ruleset, LayoutBase]):
    """The numbers and the text of a :class:`PlayerView` (see :meth:`fields` for the
    blocks, in order)."""

    PHASES: ClassVar[tuple[Any, ...]] = tuple(Phase)
    DISCARD_PILE: ClassVar[bool] = False
    TABLE: ClassVar[tuple[str, str, str] | None] = ("table_kind", "table_cards", "table_wilds")
    BLOCKS: ClassVar[tuple[Block | str, ...]] = (
        Block("offer", ("cards",), "the card being offered"),
        Block("known", _SEAT_CARDS, "cards known in each hand", 0, "copies"),
        Block("accepted", _SEAT_CARDS, "cards each seat accepted", 0, "copies"),
        "table_kind",
        Block("table_cards", _MELD_CARDS, "the cards of each meld", 0, "copies"),
        Block("table_wilds", _MELD_CARDS, "the card each meld's wild card stands for"),
        Block("table_owner", ("melds", "seats"), "who put each meld down"),
        Block("table_extended", ("melds",), "cards added this turn", 0, "deck"),
        Block("table_fresh", ("melds",), "melds put down this turn"),
        "hand_sizes",
        Block("stopped", SEATS, "who skips the next draw"),
        "to_move",
        "turn",
        "dealer",
        Block("partner", SEATS, "the player's partner"),
        "winners",
        Block("last_went_out", SEATS, "who went out in the previous hand"),
        Block("contracts", _SIDES_SHAPE, "which sides have made their contract"),
        Block("totals", _SIDES_SHAPE, "each side's total over 1000", -_POINTS_CAP, _POINTS_CAP),
        Block(
            "last_points", _SIDES_SHAPE, "last hand's points over 1000", -_POINTS_CAP, _POINTS_CAP
        ),
        shared("stock_size", "cards in the pile"),
        "phase",
        Block("turn_facts", (4,), "facts of the current turn"),
        Block("progress", (1,), "contract melds put down this turn"),
        Block("contract", (1,), "the melds of this hand's contract"),
        Block("bonus", (1,), "this hand's bonus over 1000", 0, _POINTS_CAP),
        Block("turn_number", (1,), "the turn being played"),
        Block("last_hand", (2,), "the previous hand's shutout and void"),
        Block("hand_number", (1,), "the hand being played"),
    )
    STOCK_WORD: ClassVar[str] = "pile"

    def fields(self, rules: Ruleset, player_count: int) -> tuple[ObservationField, ...]:
        """The blocks, for ``rules`` and ``player_count`` seats (``n``), with ``s`` sides
        (2 in partnerships, ``n`` alone), in this order:

        * ``hand`` (53): copies of each card code in the player's hand;
        * ``unseen`` (53): copies of each card code the player cannot place: the other
          hands and the pile together, less the cards known to be in a hand (between
          hands and at the end, when every card is back in the deck: the deck);
        * ``offer`` (53): 1 for the card being offered (SK-OFFER);
        * ``known`` (n, 53): for each seat, the player first, copies of each card code
          everyone knows it holds: cards it accepted, or offered and kept (SK-OFFER). The
          player's own row is what the others know of his hand;
        * ``accepted`` (n, 53): for each seat, the cards it accepted since its last turn
          ended (SK-OFFER, ``no_offer_back``);
        * ``table_kind`` (M, 3): for each table meld ``#0`` to ``#M-1`` (M is
          ``max_table_melds(rules)``: the deck's size over 3), 1 under its kind: set,
          sequence, wild (SK-WILDMELD); zeros for a meld index not in use;
        * ``table_cards`` (M, 53): for each table meld, copies of each card code in it,
          a wild card under its own code;
        * ``table_wilds`` (M, 53): for each mixed meld, 1 for the card its wild card
          stands for: the natural card that takes it back (SK-EXCHANGE);
        * ``table_owner`` (M, n): for each table meld, 1 for the seat that put it down,
          counted from the player; its side owns it (SK-EXTEND, SK-SCORE-MELDS);
        * ``table_extended`` (M): cards added to each meld this turn (SK-EXTEND);
        * ``table_fresh`` (M): 1 for each meld put down this turn, which has no limit of
          cards added (SK-EXTEND);
        * ``hand_sizes`` (n): cards held by each seat, the player first;
        * ``stopped`` (n): 1 for each seat that skips its next draw (SK-STOP);
        * ``to_move`` (n): 1 for the seat that decides now: the player whose turn it
          is, or the seat a card is offered to (none at a deal or the end);
        * ``turn`` (n): 1 for the seat whose turn it is (during an offer, the offerer);
        * ``dealer`` (n): 1 for the dealer (SK-DEAL);
        * ``partner`` (n): 1 for the player's partner (SK-PLAYERS; none alone);
        * ``winners`` (n): 1 for each winner, once the game is over (SK-GAME);
        * ``last_went_out`` (n): 1 for the seat that went out in the previous hand
          (SK-END);
        * ``contracts`` (s): 1 for each side that has made its contract this hand, the
          player's side first (SK-CONTRACT);
        * ``totals`` (s): each side's total over 1000, clipped to -10 and 10 (SK-GAME);
        * ``last_points`` (s): what each side's total gained in the previous hand,
          scaled as ``totals`` (SK-SCORE-MELDS, SK-SCORE-HAND, SK-BONUS);
        * ``stock_size`` (1): cards left in the pile;
        * ``phase`` (5): 1 for the phase: deal, draw, play, offer, over;
        * ``turn_facts`` (4): 1 or 0 for the facts of the turn: the player to move has
          melded or extended this turn (no exchange after, SK-TURN), he made his side's
          contract this turn (SK-TURN), it is the hand's last turn (the pile is empty or
          the turn limit reached: SK-END, SK-LOOP), the offered card is a stop card
          (SK-STOP);
        * ``progress`` (1): the contract's melds put down this turn, over 5
          (SK-CONTRACT);
        * ``contract`` (1): the melds of this hand's contract, over 5; 0 without
          contracts (SK-CONTRACT);
        * ``bonus`` (1): this hand's bonus for going out, over 1000, capped at 10
          (SK-BONUS);
        * ``turn_number`` (1): the turn being played in the hand, over 200, capped at 1;
        * ``last_hand`` (2): 1 or 0: the previous hand's shutout bonus was won (SK-BONUS),
          the previous hand did not count (SK-TIE);
        * ``hand_number`` (1): the hand being played, as a fraction of the game's hands
          (SK-GAME).

        Every block lies between its ``low`` and ``high``: 0 and the most copies of a
        card in the deck for card counts, 0 and the deck's size for card totals, -10 and
        10 for points, 0 and 1 otherwise.

        The numbers leave out the details of the previous hand beyond its points, who
        went out and its two facts (the melds and hands scored): the text holds them.
        """
        return self._fields_of(rules, player_count)

    def _block_sizes(self, rules: Ruleset, player_count: int) -> dict[str, float]:
        sizes = super()._block_sizes(rules, player_count)
        sizes["sides"] = StateRecord.side_count(rules, player_count)
        return sizes

    def _own_writes(self) -> tuple[Write, ...]:
        # A card the player knows where it is is not unseen; side blocks, the player's
        # side first.
        return (
            Mark("offer", "offer_card"),
            Row(("known", "accepted"), ("known", "accepted"), _known_rows),
            Seen("known", _known_elsewhere),
            Row(_MELD_FACTS, ("owners", "extended", "fresh_from"), _meld_facts),
            Row("stopped", "stopped", flags_row),
            Row("last_went_out", "last_hand", _went_out_row, "last_hand"),
            Row(_SIDES, ("contracts", "totals", "last_hand"), _sides, "last_hand"),
            Row("last_hand", "last_hand", _last_hand_row, "last_hand"),
            Row("turn_facts", _FACTS, _facts_row),
            Row("progress", "progress", capped_count_row(_CONTRACT_CAP)),  # at most 5
            Row("turn_number", "turn_number", capped_count_row(_TURN_CAP)),
            Row(("contract", "bonus"), "hand_number", _contract_row),
            Row("hand_number", "hand_number", _hand_number_row),
        )

    @staticmethod
    def _meld_rows(meld: Meld) -> tuple[array[float], array[float]]:
        """The ``table_cards`` and ``table_wilds`` rows of ``meld``."""
        cards = card_counts(meld.cards)
        wilds = ZERO_ROW[:]
        if meld.kind is not MeldKind.WILD:
            for card, represented in zip(meld.cards, meld.represented):
                if card in _WILD:
                    wilds[represented] = 1.0
        return cards, wilds

    def _new_layout(self, rules: Ruleset, player_count: int) -> LayoutBase:
        # Its ``start`` sets the ``partner`` block, fixed by the rules.
        places, start = self._start(rules, player_count, rules.deck.cards)
        if rules.partnership:
            start[places["partner"] + 2] = 1.0  # partners sit opposite (SK-PLAYERS)
        return LayoutBase(**self._common(rules, player_count, start))

    def _turn_words(self, view: PlayerView) -> str:
        return f"turn {view.turn} (number {view.turn_number})"

    def _own_lines(self, view: PlayerView) -> tuple[str, ...]:
        offer = "-"
        if view.offer_card is not None:
            offer = f"{CARD_NAMES[view.offer_card]} to {view.offer_to}"
        table = self._table_words(view.table, view.owners, view.extended) or "-"
        return (
            f"table: {table}; fresh from {view.fresh_from}",
            f"contracts: {ints_text(view.contracts)}; totals: {ints_text(view.totals)}",
            f"stopped: {ints_text(view.stopped)}; winners: {ints_text(view.winners)}",
            f"known: {self._seats_cards_words(view.known)}",
            f"accepted: {self._seats_cards_words(view.accepted)}",
            f"turn: melded {int(view.melded)}, contract now {int(view.contract_now)}, "
            f"progress {view.progress}; offer: {offer}",
        )

    def _meld_words(self, meld: Meld) -> str:
        """A table meld in the text: its kind, then its cards, each wild card followed by
        ``=`` and the card it stands for."""
        return f"{meld.kind.value} {reading_text(meld.cards, meld.represented, False)}"

    def _placed_words(self, index: int, words: str, owner: int, added: int) -> str:
        return f"#{index} {words} by {owner} +{added}"

    def _hand_words(self, last: HandResult) -> str:
        went_out = "-" if last.went_out is None else str(last.went_out)
        return (
            f"{last.hand_number} out {went_out} melds {ints_text(last.meld_points)} hands "
            f"{ints_text(last.hand_points)} bonus {ints_text(last.bonus)} shutout "
            f"{int(last.shutout)} void {int(last.void)} points {ints_text(last.points)} "
            f"held {self._seats_cards_words(last.hands)}"
        )


def _known_rows(
    layout: LayoutBase,
    me: int,
    known: tuple[tuple[Card, ...], ...],
    accepted: tuple[tuple[Card, ...], ...],
) -> bytes:
    """The ``known`` and ``accepted`` blocks of seat ``me`` (they follow one another):
    a row of card counts a seat, each kept (the same few sets of cards come again)."""
    seats = layout.seats_from(me)
    return b"".join(
        [_cards_row(known[seat]) for seat in seats]
        + [_cards_row(accepted[seat]) for seat in seats]
    )


def _cards_bytes(cards: tuple[Card, ...]) -> bytes:
    return card_counts(cards).tobytes()


_cards_row = Kept(_cards_bytes).__getitem__
"""The row of :func:`~scala40.adapters.observation.base.card_counts`, kept (the same few sets
of cards come again)."""


def _known_elsewhere(
    layout: LayoutBase, me: int, known: tuple[tuple[Card, ...], ...]
) -> tuple[Card, ...]:
    """The cards known in the other hands (not unseen; the player's own are in his
    hand)."""
    return tuple([card for seat in layout.seats_from(me)[1:] for card in known[seat]])


_MELD_FACTS = ("table_owner", "table_extended", "table_fresh")


def _meld_facts(
    layout: LayoutBase,
    me: int,
    owners: tuple[int, ...],
    extended: tuple[int, ...],
    fresh_from: int,
) -> bytes:
    """The ``table_owner``, ``table_extended`` and ``table_fresh`` blocks of seat ``me``
    (they follow one another)."""
    n = layout.player_count
    melds = layout.melds
    facts = array("f", bytes(4 * melds * (n + 2)))
    extended_at = melds * n
    fresh_at = extended_at + melds
    for index, owner in enumerate(owners):
        facts[index * n + (owner - me) % n] = 1.0
        facts[extended_at + index] = extended[index]
        if index >= fresh_from:
            facts[fresh_at + index] = 1.0
    return facts.tobytes()


def _went_out_row(layout: LayoutBase, me: int, last: HandResult | None) -> bytes:
    return seat_mark_row(layout, me, None if last is None else last.went_out)


_SIDES = ("contracts", "totals", "last_points")


def _sides(
    layout: LayoutBase,
    me: int,
    contracts: tuple[bool, ...],
    totals: tuple[int, ...],
    last: HandResult | None,
) -> bytes:
    """The ``contracts``, ``totals`` and ``last_points`` blocks of seat ``me`` (they
    follow one another)."""
    n = layout.player_count
    partnership = layout.rules.partnership
    count = StateRecord.side_count(layout.rules, n)
    sides = [side_of(seat, partnership) for seat in layout.seats_from(me)[:count]]
    numbers = [1.0 if contracts[side] else 0.0 for side in sides]
    numbers.extend([_points(totals[side]) for side in sides])
    numbers.extend(last_points(last, sides, _points))
    return float_bytes(numbers)


def _last_hand_row(layout: LayoutBase, me: int, last: HandResult | None) -> bytes:
    return _LAST_HAND_ROWS[0 if last is None else 2 * last.shutout + last.void]


_FACTS = ("melded", "contract_now", "phase", "stock_size", "turn_number", "offer_card")
"""What the ``turn_facts`` block is made from."""


def _facts_row(
    layout: LayoutBase,
    me: int,
    melded: bool,
    contract_now: bool,
    phase: Phase,
    stock_size: int,
    turn_number: int,
    offer: Card | None,
) -> bytes:
    """The ``turn_facts`` block: its four facts (see :meth:`SkarneyObservation.fields`)."""
    limit = layout.rules.turn_limit
    return _FACT_ROWS[
        8 * melded
        + 4 * contract_now
        + 2
        * (
            (phase is DRAW or phase is PLAY)
            and (not stock_size or (limit is not None and turn_number >= limit))
        )
        + (offer is not None and is_stop_card(offer))
    ]


def _contract_row(layout: LayoutBase, me: int, hand_number: int) -> bytes:
    """The ``contract`` and ``bonus`` blocks (they follow one another) of hand
    ``hand_number``: the same in every state of a hand."""
    rules = layout.rules
    contract = bonus = 0.0
    if hand_number:
        bonus = min(rules.bonus(hand_number) / _POINTS, _POINTS_CAP)
        if rules.contract:
            contract = rules.contract_size(hand_number) / _CONTRACT_CAP
    return float_bytes((contract, bonus))


def _hand_number_row(layout: LayoutBase, me: int, hand_number: int) -> bytes:
    return float_bytes((min(hand_number / layout.rules.hands, 1.0),))


OBSERVATION = SkarneyObservation()
"""Skarney's observation encoding, as the game record carries it."""
