"""Observations as NumPy arrays, for the framework adapters (needs numpy).

>>> import scala40
>>> from scala40.adapters.actions import ActionEncoding
>>> from scala40.adapters.observations import Observer
>>> from scala40.adapters.tensors import observation_array
>>> observer = Observer(ActionEncoding("scala40", players=2))
>>> state = scala40.new_game(players=2, seed=1)
>>> array = observation_array(observer, state, 0)
>>> array.dtype.name, array.shape == (observer.size,)
('float32', True)
"""

from __future__ import annotations

from array import array
from typing import Any

from scala40.adapters.extras import MissingExtraError

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - checked with the extra uninstalled
    raise MissingExtraError("scala40.adapters.tensors", ("numpy",), "rl") from error

from scala40.adapters.actions import Decision
from scala40.adapters.observations import Observer

__all__ = ["observation_array"]


def observation_array(
    observer: Observer,
    state: Any,
    seat: int,
    decision: Decision | None = None,
    out: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """What ``seat`` observes in ``state`` (see :meth:`Observer.encode`), as a float32
    array, written into ``out`` when given."""
    game = observer.game_part(state, seat)
    context = observer.context_part(seat, decision)
    size = observer.game_size
    if out is None and isinstance(game, array) and game.typecode == "f":
        # The game's numbers and the decision part's zeros joined as one array.array,
        # the few context numbers set in it, then shared with NumPy without a copy:
        # about a third of the time of filling a new NumPy array.
        tail = _zeros(observer.size - size)
        numbers = game + tail
        for index, value in context.items():
            numbers[index] = value
        # An array over the numbers, as np.frombuffer makes it, in two thirds of its time.
        made: npt.NDArray[np.float32] = np.ndarray((len(numbers),), _FLOAT32, numbers)
        return made
    if out is None:
        out = np.empty(observer.size, np.float32)
    if isinstance(game, array) and game.typecode == "f":
        out[:size] = np.frombuffer(game, np.float32)
    else:
        out[:size] = game
    out[size:] = 0.0
    for index, value in context.items():
        out[index] = value
    return out


_FLOAT32 = np.dtype(np.float32)
_ZEROS: dict[int, array[float]] = {}


def _zeros(count: int) -> array[float]:
    """``count`` float zeros (one array per count, never written: ``+`` copies it)."""
    found = _ZEROS.get(count)
    if found is None:
        found = _ZEROS[count] = array("f", bytes(4 * count))
    return found
