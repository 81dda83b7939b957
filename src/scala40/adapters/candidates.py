"""The legal moves a decision chooses among, by their tokens (internal): the loops an
agent's every decision runs (the legal moves gathered with their tokens, grouped by the
next token), in a module of their own so that the compiled build compiles them.

They read the library's own values (a state's legal moves, the encoding's memo of their
tokens), never a caller's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["Candidate", "Candidates", "by_token", "gather"]

Candidate = tuple[Any, Any]
"""A legal move with its tokens, ``(tokens, move)``."""
Candidates = list[Candidate]
"""Candidates sharing a token."""


def gather(
    moves: Iterable[Any],
    seen: dict[int, Any],
    written: dict[Any, Any],
    encode: Callable[[Any], tuple[int, ...]],
    unoffered: frozenset[str],
) -> tuple[list[Candidate], dict[int, Candidates]]:
    """The candidates of ``moves`` (but those whose verb is one of ``unoffered``) and the
    same by their first token, each move's tokens looked up by identity in ``seen``
    (whose entry keeps the move alive, so that no other move can have its id
    meanwhile), then by value in ``written`` (an engine that makes its moves afresh),
    else written by ``encode`` and remembered in both; ``None`` stands for a move not
    offered."""
    candidates: list[Candidate] = []
    branches: dict[int, Candidates] = {}
    for move in moves:
        item: Candidate | None = seen.get(id(move))
        if item is None:
            offered = getattr(move, "verb", None) not in unoffered
            try:
                tokens = written.get(move)
            except TypeError:  # an unhashable move of a custom game: written each time
                if not offered:
                    continue
                item = (encode(move), move)
            else:
                if tokens is None and offered:
                    tokens = written[move] = encode(move)
                item = seen[id(move)] = (tokens, move)
        tokens = item[0]
        if tokens is None:
            continue
        candidates.append(item)
        first = tokens[0]
        branch = branches.get(first)
        if branch is None:
            branches[first] = [item]
        else:
            branch.append(item)
    return candidates, branches


def by_token(candidates: Iterable[Candidate], depth: int) -> dict[int, Candidates]:
    """``candidates`` by their token at ``depth`` (those with one)."""
    branches: dict[int, Candidates] = {}
    for item in candidates:
        tokens = item[0]
        if len(tokens) > depth:
            token = tokens[depth]
            branch = branches.get(token)
            if branch is None:
                branches[token] = [item]
            else:
                branch.append(item)
    return branches
