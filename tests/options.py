"""Rulesets drawn from their options' declarations, for the tests of every game.

Each option of a game's ruleset declares its kind (its type, its range or choices:
:func:`scala40.rulesets.option_kinds`), and the tests draw its values from that alone:
:func:`rulesets` (a Hypothesis strategy: a preset with a few options changed) and
:func:`one_option_changes` (for each option, a ruleset that changes that option alone).
An option a game adds is drawn and played the day it is declared, with no test edited.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from scala40.errors import InvalidRulesetError
from scala40.rulesets import OptionKind, RulesetBase, option_kinds

__all__ = ["one_option_changes", "option_values", "rulesets", "switch_combinations"]

_WINDOW = 20
"""How far above an integer option's lowest value (or its default) its drawn values
go: a target of a billion points is valid, but plays no differently from 200."""


def _top(kind: OptionKind, default: object) -> int:
    """The highest value drawn for an integer option: its range's top, or a window above
    its lowest value and its default, whichever is lower."""
    low = kind.low if kind.low is not None else -_WINDOW
    near = abs(default) if isinstance(default, int) and not isinstance(default, bool) else 0
    top = max(low + _WINDOW, 2 * near + 10)
    return top if kind.high is None else min(kind.high, top)


def option_values(kind: OptionKind, default: object) -> list[Any]:
    """A few values of the option other than ``default``, from its declaration: the
    other flag, the other choices, an integer's lowest values, the neighbours of the
    default and the top of its range, ``None`` where it may be, in that order.

    >>> from scala40.games.chinchon import Ruleset
    >>> from scala40.rulesets import option_kinds
    >>> kinds = {kind.name: kind for kind in option_kinds(Ruleset)}
    >>> option_values(kinds["close_first_round"], True), option_values(kinds["packs"], 1)
    ([False], [2])
    """
    if kind.kind == "bool":
        values: list[Any] = [not default]
    elif kind.kind == "choice":
        assert kind.enum is not None
        values = [member for member in kind.enum if member != default]
    elif kind.kind == "ints":
        low = kind.low if kind.low is not None else 0
        size = len(default) if isinstance(default, tuple) else 1
        values = [(low,) * size, (_top(kind, low),) * size]
    elif kind.choices:
        values = list(kind.choices)
    else:
        low = kind.low if kind.low is not None else -_WINDOW
        top = _top(kind, default)
        near = [default - 1, default + 1] if isinstance(default, int) else []
        values = [low, low + 1, *near, top]
        values = [value for value in values if low <= value <= top]
    if kind.optional:
        values.append(None)
    unique: list[Any] = []
    for value in values:
        if value != default and value not in unique:
            unique.append(value)
    return unique


def _strategy(kind: OptionKind, default: object) -> st.SearchStrategy[Any]:
    """Any value of the option within its declaration (integers kept near their low end
    and their default, see :func:`_top`)."""
    drawn: st.SearchStrategy[Any]
    if kind.kind == "bool":
        drawn = st.booleans()
    elif kind.kind == "choice":
        assert kind.enum is not None
        drawn = st.sampled_from(list(kind.enum))
    elif kind.kind == "ints":
        low = kind.low if kind.low is not None else 0
        item = st.integers(low, _top(kind, low))
        drawn = st.lists(item, min_size=1, max_size=kind.most_items).map(tuple)
    elif kind.choices:
        drawn = st.sampled_from(list(kind.choices))
    else:
        low = kind.low if kind.low is not None else -_WINDOW
        drawn = st.integers(low, _top(kind, default))
    return (st.none() | drawn) if kind.optional else drawn


@st.composite
def rulesets(draw: st.DrawFn, ruleset_type: type[RulesetBase], preset: str | None = None) -> Any:
    """A ruleset of ``ruleset_type``: one of its presets (``preset`` if given) with up to
    five options drawn from their declarations; a combination the ruleset refuses (an
    option another one rules out) is drawn again."""
    presets = ruleset_type.presets()
    base = presets[preset] if preset is not None else draw(st.sampled_from(list(presets.values())))
    kinds = {kind.name: kind for kind in option_kinds(ruleset_type)}
    names = draw(st.sets(st.sampled_from(sorted(kinds)), max_size=5))
    changes = {name: draw(_strategy(kinds[name], getattr(base, name))) for name in sorted(names)}
    try:
        return base.replace(**changes)
    except InvalidRulesetError:
        reject()


def one_option_changes(ruleset_type: type[RulesetBase]) -> Iterator[tuple[str, Any]]:
    """For each option of ``ruleset_type``, in declaration order, the option's name and a
    ruleset that changes it alone from a preset (the standard one first) to a value of
    :func:`option_values`; ``None`` for an option no value of which any preset takes
    (a test then fails naming it)."""
    presets = [ruleset_type.default(), *ruleset_type.presets().values()]
    for kind in option_kinds(ruleset_type):
        found = None
        for base in presets:
            for value in option_values(kind, getattr(base, kind.name)):
                try:
                    found = base.replace(**{kind.name: value})
                except InvalidRulesetError:
                    continue
                break
            if found is not None:
                break
        yield kind.name, found


def switch_combinations(ruleset_type: type[RulesetBase]) -> Iterator[tuple[str, Any]]:
    """For each group of two or more on/off options of ``ruleset_type`` that cite one rule
    (S40-V-PLAYABLE's three discard bans, say), every combination of their values over
    the standard ruleset: a name for it (``"name=True,..."``) and the ruleset, or
    ``None`` where the ruleset refuses the combination. Switches of one rule are where
    two conditions meet in one place of the code, and a combination no preset takes is
    drawn seldom by :func:`rulesets`."""
    groups: dict[str, list[str]] = {}
    for kind in option_kinds(ruleset_type):
        if kind.kind == "bool":
            groups.setdefault(ruleset_type.option_rule(kind.name), []).append(kind.name)
    base = ruleset_type.default()
    for names in groups.values():
        if len(names) < 2:
            continue
        for values in itertools.product((False, True), repeat=len(names)):
            changes = dict(zip(names, values))
            label = ",".join(f"{name}={value}" for name, value in changes.items())
            try:
                yield label, base.replace(**changes)
            except InvalidRulesetError:
                yield label, None
