"""Undo at the web table: the decision a seat may go back to, the decisions kept for it,
and the undos kept so that a client that holds moves taken back is told (the rule of what
a seat may take back is :mod:`scala40_server.serving.undo`'s, which the deal's check replays
too)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any, Protocol

from scala40_server.serving.undo import table_refusal, undo_refusal

__all__ = ["UndoTable", "keep_decision", "keep_undo", "undo_target", "undone_to"]


class UndoTable(Protocol):
    """What undo reads of a table while a request works on it."""

    id: int
    seats: list[dict[str, Any]]
    state: Any

    def bot(self, seat: int | None) -> str | None:
        """The bot that plays ``seat`` (``None``: a person, or no seat)."""


def undo_target(table: UndoTable, db: sqlite3.Connection, seat: int) -> tuple[int, str] | str:
    """The decision undo goes back to (its move number and state), or why there is none."""
    refusal = table_refusal(table.seats, seat)
    if refusal is not None:
        return refusal
    row = db.execute(
        "SELECT number, state FROM decisions WHERE table_id = ? AND seat = ? AND number < ?"
        " ORDER BY number DESC LIMIT 1",
        (table.id, seat, table.state.move_number),
    ).fetchone()
    if row is None:
        return "nothing to undo: you have not moved yet"
    events = db.execute(
        "SELECT event FROM events WHERE table_id = ? AND seat = ? AND number > ? ORDER BY rowid",
        (table.id, seat, row[0]),
    )
    refusal = undo_refusal((json.loads(text) for (text,) in events), seat)
    if refusal is not None:
        return refusal
    return int(row[0]), str(row[1])


def keep_decision(db: sqlite3.Connection, table: UndoTable) -> None:
    """Keep the table's state as a decision of the person to decide (what undo goes
    back to), once."""
    state = table.state
    seat = state.current_player
    if not state.is_over and not state.is_chance and table.bot(seat) is None:
        known = db.execute(
            "SELECT 1 FROM decisions WHERE table_id = ? AND seat = ? AND number = ?",
            (table.id, seat, state.move_number),
        ).fetchone()
        if known is None:
            db.execute(
                "INSERT INTO decisions (table_id, seat, number, state) VALUES (?, ?, ?, ?)",
                (table.id, seat, state.move_number, json.dumps(state.to_dict())),
            )


def keep_undo(db: sqlite3.Connection, table_id: int, number: int, undone: int) -> None:
    """Keep an undo that took the game back to move ``number`` from move ``undone``
    (one row a move gone back to, its range widened by each undo to it)."""
    known = db.execute(
        "SELECT from_number FROM undos WHERE table_id = ? AND to_number = ?", (table_id, number)
    ).fetchone()
    if known is None:
        db.execute(
            "INSERT INTO undos (table_id, to_number, from_number) VALUES (?, ?, ?)",
            (table_id, number, undone),
        )
    elif known[0] < undone:
        db.execute(
            "UPDATE undos SET from_number = ? WHERE table_id = ? AND to_number = ?",
            (undone, table_id, number),
        )


def undone_to(db: sqlite3.Connection, table_id: int, since: int) -> int | None:
    """The earliest move an undo took the game back to from past move ``since`` (``since``
    between the two): a client that asks for the events since then may hold events of
    moves taken back (``None``: no undo took back a move it holds)."""
    row = db.execute(
        "SELECT MIN(to_number) FROM undos WHERE table_id = ? AND to_number < ? AND from_number >= ?",
        (table_id, since, since),
    ).fetchone()
    return None if row[0] is None else int(row[0])
