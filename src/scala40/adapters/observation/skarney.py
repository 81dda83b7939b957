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

from typing import Any, ClassVar

from scala40._wording import ints_text, reading_text
from scala40.adapters.observation.base import (
    CARD_CODES,
    SEATS,
    Block,
    Mark,
    ObservationBase,
    Row,
    Seen,
    Write,
    flags_row,
    max_table_melds,
    shared,
)
from scala40.adapters.observation.rows import LayoutBase, capped_count_row
from scala40.adapters.observation.skarney_rows import (
    CONTRACT_CAP,
    KNOWN_FIELDS,
    MELD_FACTS,
    POINTS_CAP,
    SIDES,
    TURN_CAP,
    TURN_FACTS,
    contract_row,
    facts_row,
    hand_number_row,
    known_elsewhere,
    known_rows,
    last_hand_row,
    meld_facts,
    meld_rows,
    sides_row,
    went_out_row,
)
from scala40.cards import CARD_NAMES
from scala40.game import ObservationField
from scala40.games.skarney.phases import HandResult, Phase
from scala40.games.skarney.rules import Ruleset
from scala40.games.skarney.state_record import StateRecord
from scala40.games.skarney.view import PlayerView
from scala40.melds import Meld

__all__ = ["CARD_CODES", "OBSERVATION", "SkarneyObservation", "max_table_melds"]

_SEAT_CARDS = ("seats", "cards")
_MELD_CARDS = ("melds", "cards")
_SIDES_SHAPE = ("sides",)


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
        Block("totals", _SIDES_SHAPE, "each side's total over 1000", -POINTS_CAP, POINTS_CAP),
        Block(
            "last_points", _SIDES_SHAPE, "last hand's points over 1000", -POINTS_CAP, POINTS_CAP
        ),
        shared("stock_size", "cards in the pile"),
        "phase",
        Block("turn_facts", (4,), "facts of the current turn"),
        Block("progress", (1,), "contract melds put down this turn"),
        Block("contract", (1,), "the melds of this hand's contract"),
        Block("bonus", (1,), "this hand's bonus over 1000", 0, POINTS_CAP),
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
            Row(KNOWN_FIELDS, ("known", "accepted"), known_rows),
            Seen("known", known_elsewhere),
            Row(MELD_FACTS, ("owners", "extended", "fresh_from"), meld_facts),
            Row("stopped", "stopped", flags_row),
            Row("last_went_out", "last_hand", went_out_row, "last_hand"),
            Row(SIDES, ("contracts", "totals", "last_hand"), sides_row, "last_hand"),
            Row("last_hand", "last_hand", last_hand_row, "last_hand"),
            Row("turn_facts", TURN_FACTS, facts_row),
            Row("progress", "progress", capped_count_row(CONTRACT_CAP)),  # at most 5
            Row("turn_number", "turn_number", capped_count_row(TURN_CAP)),
            Row(("contract", "bonus"), "hand_number", contract_row),
            Row("hand_number", "hand_number", hand_number_row),
        )

    _meld_rows = staticmethod(meld_rows)  # compiled: made for each new meld met

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


OBSERVATION = SkarneyObservation()
"""Skarney's observation encoding, as the game record carries it."""
