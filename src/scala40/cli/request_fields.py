"""The fields both servers read the same way: kept in :mod:`scala40.serving.request_fields`,
which both servers share; its names are here too."""

from __future__ import annotations

from scala40.serving.request_fields import (
    MAX_SEED,
    MAX_SEED_INTEGER,
    read_rules,
    read_seed,
    refuse_unknown_fields,
)

__all__ = [
    "MAX_SEED",
    "MAX_SEED_INTEGER",
    "read_rules",
    "read_seed",
    "refuse_unknown_fields",
]
