"""What every Scala 40 move handler shares: the phase check and hands as sorted tuples of
cards, with the illegal-move error, the seats in play order and the tuple helpers of
:mod:`scala40._base.engine` (internal)."""

from __future__ import annotations

from scala40._base.engine import illegal, next_active, out_of_phase, replace_item, with_card
from scala40._base.engine import without as hand_without
from scala40.games.scala40.moves import Move
from scala40.games.scala40.phases import DEAL, DRAW, PLAY, RESTOCK, Phase
from scala40.games.scala40.state_record import StateRecord

__all__ = [
    "hand_without",
    "illegal",
    "need_phase",
    "next_active",
    "replace_item",
    "with_card",
]


_WANTED = {
    DRAW: "only at the start of a turn, before drawing",
    PLAY: "only after drawing",
    DEAL: "only when a hand is to be dealt",
    RESTOCK: "only when the stock is to be rebuilt",
}


def need_phase(state: StateRecord, phase: Phase, move: Move) -> None:
    if state.phase is not phase:
        over = ("S40-ELIM", "the match is over")
        raise out_of_phase(move, state.phase, _WANTED[phase], "S40-TURN", over)
