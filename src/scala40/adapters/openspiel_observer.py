"""The observers of the OpenSpiel game (:mod:`scala40.adapters.openspiel`): OpenSpiel's
Python observer of each kind of observation it asks for, public, private or both, with
or without perfect recall (:class:`SeatObserver`, which
:meth:`~scala40.adapters.openspiel.OpenSpielGame.make_py_observer` makes).

Needs the ``openspiel`` extra (NumPy; the game itself needs ``open_spiel``).
"""

from __future__ import annotations

from typing import Any, Protocol

from scala40.adapters.extras import MissingExtraError

try:
    import numpy as np
except ImportError as _missing:  # pragma: no cover - checked with the extra uninstalled
    raise MissingExtraError(
        "the OpenSpiel observers (scala40.adapters.openspiel_observer)", ("numpy",), "openspiel"
    ) from _missing

from scala40.adapters.actions import Decision
from scala40.adapters.observations import Observer
from scala40.adapters.tensors import observation_array
from scala40.errors import InvalidValueError

__all__ = ["NO_INFORMATION_TENSOR", "ObservedGame", "ObservedState", "SeatObserver"]


class ObservedGame(Protocol):
    """What an observer asks of the game: its observer (the encoding), and what a seat
    observes at a node of the game's tree, encoded once."""

    @property
    def observer(self) -> Observer: ...

    def observation(self, node: Any, player: int) -> Any: ...


class ObservedState(Protocol):
    """What an observer asks of a state: where it stands in the game's tree."""

    @property
    def node(self) -> Any: ...


NO_INFORMATION_TENSOR = (
    "these games have no information-state tensor: a perfect-recall history has no fixed "
    "size; use information_state_string(), or observation_tensor() for a fixed-size view"
)


class SeatObserver:
    """OpenSpiel's Python observer of one :class:`pyspiel.IIGObservationType`.

    * **public and private** (OpenSpiel's default observation): the seat's whole view
      and the tokens it has chosen so far, as :class:`~scala40.adapters.observations.Observer`
      writes them;
    * **public only**: the view's blocks that are not ``private`` (the seat's hand and
      the cards it has not seen are left out, as zeros) and no decision part (the tokens
      of a move being chosen are the chooser's until the move is complete); the string
      lists those numbers. Two states that differ only in cards hidden from every seat
      read the same;
    * **private only**: the view's ``private`` blocks and the decision part;
    * **perfect recall**: the information-state string: the observation string of the
      same kind, and a digest of every such observation since the start (and the
      seat's own moves, when private information is asked for). There is no tensor:
      ``set_from`` raises, so ``information_state_tensor()`` does too.
    """

    def __init__(
        self, game: ObservedGame, perfect_recall: bool, public: bool, private: bool
    ) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.public = public
        self.private = private
        # Names the digests this kind remembers: "" is the whole observation's, so an
        # observer of neither part is "none" (it shared the whole's memo, and the first
        # one asked gave both their digests).
        self.kind = f"{'public' if public else ''}{'private' if private else ''}" or "none"
        observer = game.observer
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        self.mask: Any = None
        """Which numbers of the whole observation this kind keeps (``None``: all)."""
        self._bytes: Any = None
        if not perfect_recall:
            self.tensor = np.zeros(observer.size, np.float32)
            self.dict["observation"] = self.tensor
            # The tensor's bytes, kept: the observer's numbers are copied into them.
            self._bytes = memoryview(self.tensor).cast("B")
        if not (public and private):
            keep = np.zeros(observer.size, np.float32)
            at = 0
            for field in observer.game_fields:
                if (private if field.private else public) and field.size:
                    keep[at : at + field.size] = 1.0
                at += field.size
            if private:
                keep[observer.game_size :] = 1.0
            self.mask = keep
        self._fields = [
            (field.name, start, start + field.size)
            for field, start in zip(observer.fields, _starts(observer.fields), strict=True)
            if self.mask is None or self.mask[start : start + field.size].any()
        ]

    def set_from(self, state: ObservedState, player: int) -> None:
        """Write what ``player`` observes in ``state`` into :attr:`tensor`."""
        tensor = self.tensor
        if tensor is None:
            raise InvalidValueError(NO_INFORMATION_TENSOR)
        node = state.node
        observer = self.game.observer
        if not (type(player) is int and 0 <= player < node.state.player_count):
            raise InvalidValueError(
                f"player must be a seat from 0 to {node.state.player_count - 1}, got {player!r}"
            )
        # Filled in place (in C, from the numbers the observer joins), without an array
        # of the whole observation made on the way.
        self._bytes[:] = observer.numbers(node.state, player, node.decision)
        if self.mask is not None:
            np.multiply(tensor, self.mask, out=tensor)

    def string_from(self, state: ObservedState, player: int) -> str:
        """What ``player`` observes in ``state`` (its information state with perfect
        recall) as text."""
        node = state.node
        observer = self.game.observer
        if self.mask is None:
            text = observer.text(node.state, player, node.decision)
            view_text = observer.game_encoding.text
        else:
            text = self._numbers_text(node.state, player, node.decision)

            def view_text(view: Any) -> str:
                return self._numbers_text(view, None, None)

        if not self.perfect_recall:
            return text
        kind = "" if self.mask is None else self.kind
        digest = node.history.digest(player, view_text, kind, self.private)
        return f"{text}\nhistory {digest.hex()} after {node.history.number} moves"

    def _numbers_text(self, source: Any, player: int | None, decision: Decision | None) -> str:
        observer = self.game.observer
        if player is None:  # a view
            game_part = observer.game_encoding.encode(source)
            numbers = np.zeros(observer.size, np.float32)
            numbers[: observer.game_size] = game_part
        else:
            numbers = observation_array(observer, source, player, decision)
        numbers *= self.mask
        lines = [self.kind]
        for name, start, end in self._fields:
            block = numbers[start:end]
            found = np.flatnonzero(block)
            lines.append(
                name + ":" + "".join(f" {index}={block[index]:g}" for index in found.tolist())
            )
        return "\n".join(lines)


def _starts(fields: Any) -> list[int]:
    out = []
    at = 0
    for field in fields:
        out.append(at)
        at += field.size
    return out
