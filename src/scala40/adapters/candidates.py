"""A move chosen token by token (:class:`Decision`, which
:mod:`scala40.adapters.actions` gives) and the legal moves it chooses among, by their
tokens: the loops an agent's every decision runs (the legal moves gathered with their
tokens, grouped by the next token), in a module of their own so that the compiled build
compiles them.

A decision reads the action a caller chooses (annotated ``object`` and refused with
:class:`~scala40.adapters.actions.IllegalActionError` when it is not legal); the rest
are the library's own values (a state's legal moves, the encoding's memo of their
tokens).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from scala40.adapters.action_errors import IllegalActionError

__all__ = ["Candidate", "Candidates", "Decision", "by_token", "gather"]

Candidate = tuple[tuple[int, ...], Any]
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
        item: Any = seen.get(id(move))  # a move not offered has no tokens: (None, move)
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


class Decision:
    """A move being chosen token by token: the state, the tokens chosen so far, and the
    legal moves they still lead to. Immutable: :meth:`after` gives the next one.
    """

    __slots__ = ("_actions", "_branches", "candidates", "encoding", "player", "prefix", "state")

    def __init__(
        self,
        encoding: Any,
        state: Any,
        prefix: tuple[Any, ...],
        candidates: tuple[tuple[tuple[int, ...], Any], ...],
        player: int | None = None,
        *,
        _branches: dict[Any, list[tuple[tuple[int, ...], Any]]] | None = None,
    ) -> None:
        self.encoding: Any = encoding
        """The :class:`~scala40.adapters.actions.ActionEncoding` whose tokens are chosen."""
        self.state: Any = state
        self.prefix: tuple[int, ...] = prefix
        """The tokens chosen so far."""
        self.candidates: tuple[tuple[tuple[int, ...], Any], ...] = candidates
        """The legal moves (tokens, move) whose tokens start with :attr:`prefix`."""
        self.player: int = state.current_player if player is None else player
        """The seat deciding (the state's ``current_player``)."""
        self._actions: tuple[int, ...] | None = None
        # The candidates by their next token, once the legal actions are asked for (or
        # as the encoding gathered them): the next decision is then one look-up (an
        # agent asks for the actions, then picks).
        self._branches: dict[Any, Candidates] | None = _branches

    @property
    def complete(self) -> bool:
        """Whether the tokens chosen make a whole move (:attr:`move`)."""
        return self.move is not None

    @property
    def move(self) -> Any:
        """The move the tokens make, once :attr:`complete` (else ``None``): the one legal
        move left, once every one of its tokens is chosen (asked after every token: one
        property, which :attr:`complete` asks in turn)."""
        candidates = self.candidates
        if len(candidates) == 1 and len(candidates[0][0]) == len(self.prefix):
            return candidates[0][1]
        return None

    def actions(self) -> tuple[int, ...]:
        """The legal tokens now, in increasing order (none once complete)."""
        found = self._actions
        if found is None:
            branches = self._branches
            if branches is None:
                branches = self._branches = by_token(self.candidates, len(self.prefix))
            found = self._actions = tuple(sorted(branches))
        return found

    def after(self, action: object) -> Decision:
        """The decision once token ``action`` is chosen.

        :raises IllegalActionError: ``action`` is not legal now.
        """
        branches = self._branches
        kept: tuple[Candidate, ...]
        if branches is not None:
            try:
                branch = branches.get(action)
            except TypeError:  # an unhashable action is legal nowhere
                branch = None
            kept = () if branch is None else tuple(branch)
        else:
            depth = len(self.prefix)
            kept = tuple(
                [
                    item
                    for item in self.candidates
                    if len(item[0]) > depth and item[0][depth] == action
                ]
            )
        if not kept:
            legal = ", ".join(f"{a} ({self.encoding.describe(a)})" for a in self.actions())
            raise IllegalActionError(
                f"action {action!r} is not legal here; legal actions: {legal or 'none'}"
            )
        return Decision(self.encoding, self.state, (*self.prefix, action), kept, self.player)

    def __repr__(self) -> str:
        chosen = " ".join(self.encoding.describe(action) for action in self.prefix)
        return f"<Decision of seat {self.player}: [{chosen}] {len(self.candidates)} moves>"
