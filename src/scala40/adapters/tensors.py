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

__all__ = ["observation_array", "observation_tensor"]


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
    context = observer.context_numbers(seat, decision)
    if out is None:
        if type(game) is not array or game.typecode != "f":
            game = array("f", game)
        # The game's numbers and the decision part's joined as one array.array (one
        # copy), then shared with NumPy without another: an array over the numbers, as
        # np.frombuffer makes it, in two thirds of its time.
        numbers = game + context
        made: npt.NDArray[np.float32] = np.ndarray((len(numbers),), _FLOAT32, numbers)
        return made
    size = observer.game_size
    if type(game) is array and game.typecode == "f":
        out[:size] = np.frombuffer(game, np.float32)
    else:
        out[:size] = game
    out[size:] = np.frombuffer(context, np.float32)
    return out


def observation_tensor(
    observer: Observer, state: Any, seat: int, decision: Decision | None = None
) -> npt.NDArray[np.float32]:
    """:func:`observation_array` as a read-only array, made with one copy of the numbers:
    the game's and the decision part's joined as ``bytes``, which NumPy reads in place
    and cannot write (no flag to set)."""
    game = observer.game_part(state, seat)
    if type(game) is not array or game.typecode != "f":
        game = array("f", game)
    made: npt.NDArray[np.float32] = np.frombuffer(
        b"".join((game, observer.context_numbers(seat, decision))), _FLOAT32
    )
    return made


_FLOAT32 = np.dtype(np.float32)
