"""The Scala 40 ruleset and its presets: this module's old path, kept so that existing code works.

Everything here is :mod:`scala40.games.scala40.rules`; new code imports it from there (or from
the top of the package).
"""

from __future__ import annotations

from scala40.games.scala40.rules import (
    PRESETS,
    MatchFormat,
    RestockMethod,
    Ruleset,
    hand_value,
    option_names,
    option_rule,
    rules_for_match,
)

__all__ = [
    "PRESETS",
    "MatchFormat",
    "RestockMethod",
    "Ruleset",
    "hand_value",
    "option_names",
    "option_rule",
    "rules_for_match",
]
