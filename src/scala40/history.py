"""A hand's history: the moves of the hand in play, oldest first, as every seat saw them.

Every move of the library's games is made in the open: a draw from the stock says
"draw", a discard names its card. A state keeps the hand's moves in order, and so does
each seat's view: ``state.history`` and ``view.history`` read them as a
:class:`HandHistory`, a sequence of :class:`LoggedMove` values (the seat that moved, the
move, and the cards the move took into the mover's hand from a face-up place: the top of
the discard pile, a card on offer, a joker freed from the table). A bot asked only at its
own turns reads from it what the others did in between; a server tells from it whether a
seat has moved in the hand (a seat that has not may, say, leave without a forfeit).

A history keeps the last :data:`MAX_LOGGED_MOVES` moves of a hand or more (a hand
without a turn limit may go on for ever; :attr:`HandHistory.dropped` counts the moves no
longer kept), and reading it costs nothing until it is read: a state's log is a chain
that a move extends by one link. A chance step (the deal, a restock) is logged without
the order of its cards.

>>> from scala40.games.chinchon import new_game
>>> from scala40.history import HandHistory, LoggedMove
>>> state = new_game(players=2, seed=1).apply("take")
>>> state.history
HandHistory(['0: take (shows KC)'])
>>> state.history[-1] == LoggedMove(0, state.history[-1].move, state.history[-1].shown)
True
>>> any(entry.seat == 1 for entry in state.history), state.history.dropped
(False, 0)

:class:`HandHistory` also reads the log a state holds as its ``hand_log`` field (what its
dictionary and its text keep): ``HandHistory(state.hand_log) == state.history``.
"""

from __future__ import annotations

from scala40._hand_log import MAX_LOGGED_MOVES, TEXT_MOVES, HandHistory, LoggedMove

__all__ = ["MAX_LOGGED_MOVES", "TEXT_MOVES", "HandHistory", "LoggedMove"]
