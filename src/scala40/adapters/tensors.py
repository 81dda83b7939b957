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

from typing import Any

from scala40.adapters.extras import MissingExtraError

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as _missing:  # pragma: no cover - checked with the extra uninstalled
    raise MissingExtraError("scala40.adapters.tensors", ("numpy",), "rl") from _missing

from scala40.adapters.actions import Decision
from scala40.adapters.observations import Observer

__all__ = ["FLOAT32", "observation_array", "observation_bounds", "observation_tensor"]


def observation_array(
    observer: Observer,
    state: Any,
    seat: int,
    decision: Decision | None = None,
    out: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """What ``seat`` observes in ``state`` (see :meth:`Observer.encode`), as a float32
    array, written into ``out`` when given."""
    if out is None:
        # The numbers joined once into a bytearray, which NumPy then shares (writable).
        numbers = observer.writable_numbers(state, seat, decision)
        made: npt.NDArray[np.float32] = np.frombuffer(numbers, FLOAT32)
        return made
    out[:] = np.frombuffer(observer.numbers(state, seat, decision), FLOAT32)
    return out


def observation_tensor(
    observer: Observer, state: Any, seat: int, decision: Decision | None = None
) -> npt.NDArray[np.float32]:
    """:func:`observation_array` as a read-only array, made with one copy of the numbers:
    the game's parts and the decision part's joined as ``bytes``, which NumPy reads in
    place and cannot write (no flag to set)."""
    made: npt.NDArray[np.float32] = np.frombuffer(observer.numbers(state, seat, decision), FLOAT32)
    return made


def observation_bounds(
    observer: Observer,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The lowest and the highest value of each of ``observer``'s numbers: the bounds of
    the environments' observation spaces."""
    fields = observer.fields
    low = np.concatenate([np.full(field.size, field.low, FLOAT32) for field in fields])
    high = np.concatenate([np.full(field.size, field.high, FLOAT32) for field in fields])
    return low, high


FLOAT32 = np.dtype(np.float32)
"""The type of an observation's numbers."""
