"""The replay of a deal's check (internal): the events a seat was sent, as it was sent
them, against the game the revealed seed deals (:func:`scala40_server.serving.fair_deal.deal_problems`).

A seat is sent the events of a table in answers that may overlap: an answer may send
again events the seat holds (the web table does after an undo, :mod:`scala40_server.web.tables`),
and an undo takes the game back to an earlier decision, after which the seat is sent
the events of another line. So the replay keeps the line it has made: an event sent
again must be the line's own at its place, and an event that differs from the line's
must be a move made after an undo the table allows (:mod:`scala40_server.serving.undo`: the
rule the web table applies, written once), going back to a decision of the seat's on
the line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scala40.checks import describe
from scala40.errors import InvalidArgumentError, Scala40Error
from scala40.events import events_of
from scala40_server.serving.undo import undo_refusal

__all__ = ["replay_problems"]


def replay_problems(
    state: Any, seen: Any, events: Sequence[object], table_refusal: str | None
) -> list[str]:
    """What differs between the events the seat of view ``seen`` was sent and the game
    from ``state`` (the game the seed deals), and between its last view and the
    replay's; ``table_refusal`` is why the table takes no undo at all (``None``: it
    takes those :func:`~scala40_server.serving.undo.undo_refusal` allows).

    :raises InvalidArgumentError: an event is not a mapping.
    """
    seat = seen.seat
    if not 0 <= seat < state.player_count:
        return [f"the view is of seat {seat}, the game has {state.player_count}"]
    line: list[dict[str, Any]] = []
    """The events of the replay's line, as the seat is sent them."""
    starts: dict[int, int] = {}
    """Where in ``line`` the events of each move number start."""
    decisions: dict[int, tuple[Any, int]] = {}
    """The seat's decisions an undo may go back to (no event since refuses it): each
    state by its move number, with the length of ``line`` there."""
    if _decides(state, seat):
        decisions[state.move_number] = (state, 0)
    position = 0
    """Where in ``line`` the next event sent is expected (``len(line)``: a new move)."""
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise InvalidArgumentError(f"event {index} is not an event: {describe(event)}")
        sent = dict(event)
        if position < len(line) and _same(sent, line[position]):
            position += 1  # an event the seat was sent before, sent again
            continue
        number = sent.get("number")
        if type(number) is not int:
            return [f"event {index} has no move number: {describe(sent, 200)}"]
        if position < len(line) and number > line[position]["number"]:
            return [
                f"event {index} (move {describe(number)}) skips events of the line it was sent: "
                f"{describe(line[position], 200)} comes first"
            ]
        if number <= state.move_number:
            start = starts.get(number)
            if start is None:
                return [f"event {index} (move {number}) is of no move of the game"]
            if _same(sent, line[start]):
                position = start + 1  # the events from this move on, sent again
                continue
            # Another move at a number the line has passed: an undo went back before it.
            back = decisions.get(number - 1)
            refusal = table_refusal or undo_refusal(line[start:], seat)
            if back is None or back[1] != start or refusal is not None:
                reason = refusal or f"move {number - 1} is no decision of yours to go back to"
                return [
                    f"event {index} (move {number}) goes back to move {number - 1}, which "
                    f"the table refuses: {reason}"
                ]
            state, _ = back
            del line[start:]
            starts = {key: place for key, place in starts.items() if key < number}
            decisions = {key: place for key, place in decisions.items() if key < number}
        elif number != state.move_number + 1:
            return [
                f"event {index} (move {describe(number)}) skips moves: the game is at move "
                f"{state.move_number}"
            ]
        problem = _play(state, sent, index, seat)
        if isinstance(problem, str):
            return [problem]
        state, made = problem
        starts[number] = len(line)
        if undo_refusal(made, seat) is not None:
            decisions = {}  # no undo goes back over these events
        line.extend(made)
        position = starts[number] + 1
        if _decides(state, seat):
            decisions[state.move_number] = (state, len(line))
    if position < len(line):
        return [f"the replay made {len(line) - position} more events than were sent"]
    if state.view(seat).to_dict() != seen.to_dict():
        return ["the last view differs from the one the seed's deal gives"]
    return []


def _play(
    state: Any, sent: dict[str, Any], index: int, seat: int
) -> tuple[Any, list[dict[str, Any]]] | str:
    """The state after the move of event ``sent`` and the events it makes for ``seat``,
    or what is wrong: the move cannot be played, or its first event is not ``sent``.
    A chance step (no move) is dealt from the seed, as the servers deal them."""
    number = sent["number"]
    move = sent.get("move")
    try:
        if move is None and state.is_chance:
            step = state.legal_moves()[0]
        elif isinstance(move, (str, Mapping)):
            # Read in the position, as the server read it: a text may leave out what
            # only the position settles (an extension's end, a wild card's reading).
            step = state.parse_move(move)
        else:
            return f"event {index} (move {number}) has no move: {describe(sent, 200)}"
        after = state.apply(step)
        made = [item.for_seat(seat) for item in events_of(state, step, after)]
    except Scala40Error as error:
        return f"event {index} (move {number}) cannot be replayed: {error}"
    if not _same(sent, made[0]):
        return (
            f"event {index} (move {number}) differs from the seed's deal: "
            f"sent {describe(sent, 200)}, dealt {describe(made[0], 200)}"
        )
    return after, made


def _same(sent: dict[str, Any], made: dict[str, Any]) -> bool:
    """Whether an event sent is one the replay made (a comparison that nesting too deep
    to compare makes false)."""
    try:
        return sent == made
    except RecursionError:
        return False


def _decides(state: Any, seat: int) -> bool:
    """Whether ``seat`` is to decide in ``state`` (what an undo goes back to)."""
    return not (state.is_over or state.is_chance) and state.current_player == seat
