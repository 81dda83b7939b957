"""Skarney bots (placeholder)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

__all__ = ["GreedyBot"]


class GreedyBot:
    name = "greedy"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[0]
