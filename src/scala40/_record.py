"""The fields every game's record and view share, declared once (internal).

A game's state record and its player's view are frozen attrs classes whose fields come
in one order: the fields every game has (:class:`RecordBase`, :class:`~scala40.views.ViewBase`),
the game's own, then the count of moves, the resigned seats and the like, again common.
The common last fields are declared in the base marked ``metadata={"last": ...}``, and
keyword-only there (so that a game's fields without defaults may follow them);
:func:`last_fields`, each class's ``field_transformer``, puts them back at the end,
positional again unless marked ``"keyword"``: the order a game declared before has not
changed, nor its constructor, its ``repr`` or its JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

__all__ = ["last_fields"]


def last_fields(cls: type, fields: Sequence[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """``fields`` with those marked ``metadata={"last": ...}`` moved to the end, in their
    order, and keyword-only there only when marked ``"keyword"`` (an attrs
    ``field_transformer``).

    >>> @attrs.frozen(field_transformer=last_fields)
    ... class Base:
    ...     head: int
    ...     count: int = attrs.field(default=0, kw_only=True, metadata={"last": "positional"})
    >>> @attrs.frozen(field_transformer=last_fields)
    ... class Game(Base):
    ...     own: str
    >>> Game(1, "x", 2)
    Game(head=1, own='x', count=2)
    """
    first = [field for field in fields if "last" not in field.metadata]
    last = [
        field.evolve(kw_only=field.metadata["last"] == "keyword")
        for field in fields
        if "last" in field.metadata
    ]
    return first + last
