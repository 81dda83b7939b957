"""The meld kinds and ends as module constants (internal), which the hot paths compare
with: an enum member costs some 15 times as much to read on CPython 3.11 (see the
architecture page, "Hot code reads what it compares often as module constants"). A
module imports the ones it compares with; each is then one of its own globals.
"""

from __future__ import annotations

from scala40.melds import MeldEnd, MeldKind

__all__ = ["HIGH_END", "LOW_END", "SEQUENCE_KIND", "SET_END", "SET_KIND", "WILD_KIND"]

SET_KIND, SEQUENCE_KIND, WILD_KIND = MeldKind  # every member, in order
LOW_END, HIGH_END, SET_END = MeldEnd  # every member, in order
