"""The optional packages the framework adapters need, and the error when they are missing.

>>> from scala40.adapters.extras import MissingExtraError
>>> error = MissingExtraError("the PettingZoo environment", ("numpy", "pettingzoo"), "rl")
>>> print(error)
the PettingZoo environment needs the optional packages numpy and pettingzoo: install them with pip install "scala40[rl]"
>>> isinstance(error, ImportError)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from scala40.errors import Scala40Error

__all__ = ["MissingExtraError"]


class MissingExtraError(Scala40Error, ImportError):
    """An adapter needs packages that are not installed; the message names them and the
    extra of scala40 that installs them."""

    def __init__(self, what: str, packages: Sequence[str], extra: str) -> None:
        names = list(packages)
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        super().__init__(
            f"{what} needs the optional packages {listed}: install them with "
            f'pip install "scala40[{extra}]"'
        )
        self.packages: tuple[str, ...] = tuple(names)
        self.extra = extra
