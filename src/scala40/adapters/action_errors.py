"""The errors of the action encoding (internal home: :mod:`scala40.adapters.actions`
gives them), in a module of their own so that the compiled modules of a decision raise
them without importing the encoding."""

from __future__ import annotations

from scala40.errors import IllegalMoveError, InvalidMoveError

__all__ = ["ActionEncodingError", "IllegalActionError"]


class ActionEncodingError(InvalidMoveError):
    """A move cannot be written as tokens (a number beyond the encoding's bound, a custom
    field whose JSON is not made of lists, card texts, numbers, yes/no and null), or
    tokens do not read as a move."""


class IllegalActionError(IllegalMoveError):
    """An action that is not among the legal actions of a decision; the message names it
    and the legal ones."""
