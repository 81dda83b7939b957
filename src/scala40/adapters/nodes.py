"""Where an OpenSpiel state stands (internal): the node of the game's tree that an
:class:`~scala40.adapters.openspiel.OpenSpielState` holds, and how an action moves it on
(a token of the move being chosen, a card drawn, a whole deal).

This is the learner's step less what OpenSpiel and NumPy do, in a module of its own so
that the compiled build compiles it (it imports neither). A node reads the action a
caller gives (annotated ``Any`` and checked where it is used: a decision, a chance
step), the rest are the library's own values.
"""

from __future__ import annotations

import json
from typing import Any, Final

from scala40.adapters.actions import Decision, IllegalActionError
from scala40.adapters.chance import ChanceDraws
from scala40.adapters.episodes import DEAL_OUTCOMES, dealt_move
from scala40.adapters.observations import History
from scala40.errors import SerializationError

__all__ = ["DEAL", "Deal", "Node"]


class Deal:
    """A chance step drawn as one sampled outcome (``chance="deal"``)."""

    __slots__ = ()

    def outcomes(self) -> tuple[tuple[int, float], ...]:
        """Each deal, equally likely."""
        return _DEAL_OUTCOMES


_DEAL_OUTCOMES: Final = tuple((outcome, 1.0 / DEAL_OUTCOMES) for outcome in range(DEAL_OUTCOMES))
DEAL: Final = Deal()
"""The chance step of every deal (one value: a node compares by identity)."""

READ_BACK: list[Any] = []
"""How a pickled node comes back (the OpenSpiel module's reader, given when it is
imported): what :meth:`Node.__reduce__` names."""


class Node:
    """Where an OpenSpiel state stands: immutable, so that clones share it."""

    __slots__ = ("decision", "draws", "game", "history", "over", "state", "steps", "trail")

    def __init__(
        self,
        game: Any,
        state: Any,
        steps: int,
        history: History,
        trail: tuple[Any, ...] | None,
        decision: Decision | None,
        draws: ChanceDraws | Deal | None,
        over: bool = False,
    ) -> None:
        self.game: Any = game
        """The OpenSpiel game."""
        self.state: Any = state
        """The game's state (a value of the game's state class)."""
        self.steps: int = steps
        """Actions played, chance outcomes included."""
        self.history: History = history
        self.trail: tuple[Any, ...] | None = trail
        """The actions that led here, as ``(last, (previous, ...))`` from the start
        (``()``), or from a state read back (``(actions,)``, its actions in one tuple);
        ``None`` for a state resampled from an information state."""
        self.decision: Decision | None = decision
        """The move being chosen, at a player's decision."""
        self.draws: ChanceDraws | Deal | None = draws
        """The shuffle being drawn, at a chance node."""
        self.over: bool = over
        """Whether the episode ended (not stopped by the cap)."""

    @classmethod
    def settle(
        cls,
        game: Any,
        state: Any,
        steps: int,
        history: History,
        trail: tuple[Any, ...] | None,
    ) -> Node:
        """The node at ``state``: its end, the cap, a chance step or a decision."""
        episode = game.episode
        if episode.over(state):
            return Node(game, state, steps, history, trail, None, None, True)
        if episode.capped(steps):
            return Node(game, state, steps, history, trail, None, None)
        if state.is_chance:
            draws: ChanceDraws | Deal = (
                DEAL if episode.chance == "deal" else ChanceDraws(state.chance_cards())
            )
            return Node(game, state, steps, history, trail, None, draws)
        decision: Decision = game.encoding.decision(state)
        return Node(game, state, steps, history, trail, decision, None)

    @property
    def terminal(self) -> bool:
        """Whether the episode is over (ended, or stopped by the cap)."""
        return self.decision is None and self.draws is None

    def after(self, action: Any) -> Node:
        """The node once ``action`` is played.

        :raises IllegalActionError: ``action`` is not legal here.
        """
        draws = self.draws
        steps = self.steps + 1
        trail = None if self.trail is None else (action, self.trail)
        if draws is DEAL:
            return self._moved(None, dealt_move(self.state, action, self.steps), trail)
        if isinstance(draws, ChanceDraws):
            draws = draws.after(action)
            if draws.complete:
                move = self.state.chance_move(draws.order)
                return self._moved(None, move, trail)
            return Node(self.game, self.state, steps, self.history, trail, None, draws)
        decision = self.decision
        if decision is None:
            raise IllegalActionError(f"the game is over: no action applies, got {action!r}")
        decision = decision.after(action)
        move = decision.move  # None until the tokens make a whole move
        if move is not None:
            return self._moved(decision.player, move, trail)
        return Node(self.game, self.state, steps, self.history, trail, decision, None)

    def _moved(self, mover: int | None, move: Any, trail: tuple[Any, ...] | None) -> Node:
        state = self.state.apply(move)
        history = self.history.after(state, mover, move)
        return Node.settle(self.game, state, self.steps + 1, history, trail)

    def actions(self) -> tuple[int, ...]:
        """The actions from the start to here."""
        if self.trail is None:
            raise SerializationError(
                "a state resampled from an information state has no history of actions: "
                "it cannot be serialized"
            )
        out: list[int] = []
        trail = self.trail
        while len(trail) == 2:
            out.append(trail[0])
            trail = trail[1]
        if trail:  # a state read back: the actions up to it in one tuple
            out.extend(reversed(trail[0]))
        out.reverse()
        return tuple(out)

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self

    @property
    def pending(self) -> int:
        """How many of the last actions are the tokens of a move still being chosen."""
        if self.decision is not None:
            return len(self.decision.prefix)
        if isinstance(self.draws, ChanceDraws):
            return len(self.draws.order)
        return 0

    def __reduce__(self) -> Any:
        # What OpenSpiel's own C++ writer stores (it pickles a Python state's attributes,
        # and its reader unpickles them): the game, the library state as its dictionary,
        # the actions, the pending tokens and the moves made (the OpenSpiel module's
        # reader, READ_BACK). The library's serialize() writes no pickle, and its reader
        # reads none.
        state_json = json.dumps(self.state.to_dict(), separators=(",", ":"))
        fields = (str(self.game), state_json, self.actions(), self.pending, self.history.number)
        return (READ_BACK[0], fields)

    def __setstate__(self, state: Any) -> None:
        # A node comes back from its fields alone; a pickle that sets attributes on it
        # afterwards is not one this module wrote.
        raise SerializationError("a state's node takes no attributes after it is made")
