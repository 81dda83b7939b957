"""What one seat observes in the adapters: the game's encoding of its view, and the
decision it is making, as plain numbers (the framework adapters make arrays of them).

An observation is the concatenation of two parts:

* the **game's part**: its :class:`~scala40.game.ObservationEncoding` (the ``observation``
  of its :class:`~scala40.game.Game` record) applied to ``state.view(seat)``; a game
  without one gets :data:`PROTOCOL_OBSERVATION`, which knows only what the protocol tells;
* the **decision part** (:meth:`Observer.context_fields`), the same for every game: whether
  the seat is choosing now, which field of which move kind it is choosing (the *slot*),
  and the tokens it has chosen so far for the move and for the field.

>>> import scala40
>>> from scala40.adapters.actions import ActionEncoding
>>> from scala40.adapters.observations import Observer
>>> encoding = ActionEncoding("scala40", players=2)
>>> observer = Observer(encoding)
>>> [field.name for field in observer.fields][-4:]
['acting', 'slot', 'move_tokens', 'field_tokens']
>>> state = scala40.new_game("official", players=2, seed=3)
>>> numbers = observer.encode(state, 0, encoding.decision(state))
>>> len(numbers) == observer.size, numbers[observer.offset("acting")]
(True, 1.0)
"""

from __future__ import annotations

import hashlib
import math
from array import array
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from typing_extensions import Buffer

from scala40.adapters.actions import ActionEncoding, Decision
from scala40.adapters.observation import observation_of
from scala40.errors import InvalidValueError
from scala40.game import ObservationEncoding, ObservationField

__all__ = ["PROTOCOL_OBSERVATION", "History", "Observer", "ProtocolObservation"]


class ProtocolObservation:
    """The observation of a game that has no encoding of its own: what the protocol
    alone tells every seat (who is to move, the totals, the hand, the winners).

    Enough for the adapters to run on any game, not for an agent to learn it well: a
    game should supply its own :class:`~scala40.game.ObservationEncoding`. Totals and
    counters come through ``tanh`` (``tanh(total / 100)``, ``tanh(hand / 10)``), so that
    their range is known whatever the game. The public numbers are read from a state
    sampled from the view (``view.sample(0)``), which agrees with the view on them.
    """

    def fields(self, rules: Any, player_count: int) -> tuple[ObservationField, ...]:
        """``to_move`` (n): 1 for the seat to decide, counted from the viewing seat;
        ``scores`` (n): ``tanh(total / 100)`` of each seat's total, from the viewing seat;
        ``winners`` (n): 1 for each winner at the end; ``hand_number`` (1):
        ``tanh(hand / 10)``; ``over`` (1): 1 once the game is over."""
        seats = (player_count,)
        return (
            ObservationField("to_move", seats, "who decides, from the viewing seat"),
            ObservationField("scores", seats, "tanh(total / 100) of each seat", -1, 1),
            ObservationField("winners", seats, "who won, from the viewing seat"),
            ObservationField("hand_number", (1,), "tanh(hand / 10)", -1, 1),
            ObservationField("over", (1,), "whether the game is over"),
        )

    def encode(self, view: Any) -> list[float]:
        """The numbers of ``view`` (see :meth:`fields`)."""
        n = view.player_count
        me = view.player
        public = view.sample(0)
        out = [0.0] * (3 * n + 2)
        mover = view.current_player
        for offset in range(n):
            seat = (me + offset) % n
            out[offset] = float(seat == mover)
            out[n + offset] = math.tanh(public.scores[seat] / 100)
            out[2 * n + offset] = float(seat in public.winners)
        out[3 * n] = math.tanh(public.hand_number / 10)
        out[3 * n + 1] = float(public.is_over)
        return out

    def text(self, view: Any) -> str:
        """The view's ``repr``: every field of an attrs view, so different views read
        differently."""
        return repr(view)


PROTOCOL_OBSERVATION: ObservationEncoding = ProtocolObservation()
"""The fallback observation of games without their own."""

_Made = TypeVar("_Made")
"""What a caller makes on an observation's bytes (:meth:`Observer.made_on_numbers`)."""

_NO_CONTEXT: dict[int, float] = {}
"""The decision part of a seat that is not choosing: all zeros (shared, never changed)."""
_CONTEXTS_KEPT = 4096
"""How many decision parts an observer keeps (see ``Observer.context_part``)."""


class Observer:
    """Numbers and texts of what each seat observes, for one
    :class:`~scala40.adapters.actions.ActionEncoding`.

    :attr:`fields` lists the blocks: the game's, then :meth:`context_fields`.
    """

    def __init__(self, encoding: ActionEncoding) -> None:
        self.encoding = encoding
        game = encoding.game
        self.game_encoding: ObservationEncoding = observation_of(game) or PROTOCOL_OBSERVATION
        """The game's own encoding, or the fallback."""
        # An encoding that reads a seat's view straight from the state (the library's
        # games: ``encode_joined``) gives the same numbers without making the view,
        # joined with the decision part (one copy of the numbers); a copy of its own,
        # whose sheets this observer's game alone writes (``private_copy``).
        private_copy = getattr(self.game_encoding, "private_copy", None)
        numbers_encoding = self.game_encoding if private_copy is None else private_copy()
        self._encode_joined: Callable[[Any, int, Buffer], bytes] | None = getattr(
            numbers_encoding, "encode_joined", None
        )
        # And one that keeps each seat's numbers in a buffer written in place (the
        # library's games: ``encode_in_place``) hands that buffer over, the decision
        # part written after the game's, without a copy.
        self._encode_in_place: Callable[[Any, int, Buffer, Any], Any] | None = getattr(
            numbers_encoding, "encode_in_place", None
        )
        self.game_fields: tuple[ObservationField, ...] = tuple(
            self.game_encoding.fields(encoding.rules, encoding.players)
        )
        self.game_size: int = sum(field.size for field in self.game_fields)
        self.fields: tuple[ObservationField, ...] = self.game_fields + self.context_fields()
        """Every block of an observation, in order."""
        self.size: int = sum(field.size for field in self.fields)
        """How many numbers an observation holds."""
        self._offsets: dict[str, int] = {}
        at = 0
        for field in self.fields:
            self._offsets.setdefault(field.name, at)
            at += field.size
        self._acting = self._offsets["acting"]
        self._slot = self._offsets["slot"]
        self._move = self._offsets["move_tokens"]
        self._field = self._offsets["field_tokens"]
        self._cap = float(encoding.max_move_length)
        # For an encoding that reads views only: each seat's last two states and their
        # numbers (a move of several tokens, or OpenSpiel measuring its tensors on the
        # first state, asks for them again).
        self._last: list[tuple[Any, bytes]] = [(None, b"")] * encoding.players
        self._before: list[tuple[Any, bytes]] = [(None, b"")] * encoding.players
        # The decision part of each series of tokens chosen: the same few come again and
        # again (none yet, a verb, a verb and a card); as its numbers, too.
        self._contexts: dict[tuple[int, ...], dict[int, float]] = {}
        self._context_rows: dict[tuple[int, ...], array[float]] = {}
        self._no_context = array("f", bytes(4 * (self.size - self.game_size)))
        self._no_field = array("f", bytes(4 * encoding.num_distinct_actions))

    def __reduce__(self) -> Any:
        # Made anew: the states kept are recognised by identity.
        return (Observer, (self.encoding,))

    def context_fields(self) -> tuple[ObservationField, ...]:
        """The decision part, for every game:

        * ``acting`` (1): 1 when the seat is the one choosing now;
        * ``slot`` (S): 1 for what it is choosing, of the encoding's
          :attr:`~scala40.adapters.actions.ActionEncoding.slots`: the verb, or a field of
          a move kind;
        * ``move_tokens`` (V): how many times each token was chosen so far in this move;
        * ``field_tokens`` (V): the same, in the field being chosen.

        All zeros for a seat that is not choosing. ``V`` is the number of actions.
        """
        count = self.encoding.num_distinct_actions
        cap = self.encoding.max_move_length
        return (
            ObservationField("acting", (1,), "whether this seat is choosing now"),
            ObservationField("slot", (len(self.encoding.slots),), "what is being chosen"),
            ObservationField("move_tokens", (count,), "tokens chosen in this move", 0, cap),
            ObservationField("field_tokens", (count,), "tokens chosen in this field", 0, cap),
        )

    def offset(self, name: str) -> int:
        """Where block ``name`` starts in an observation.

        :raises InvalidValueError: no block has that name.
        """
        found = self._offsets.get(name)
        if found is None:
            raise InvalidValueError(
                f"no observation block named {name!r}; blocks: {', '.join(self._offsets)}"
            )
        return found

    def encode(self, state: Any, seat: int, decision: Decision | None = None) -> list[float]:
        """What ``seat`` observes in ``state``, ``decision`` being the move being chosen
        (if any: it counts only when ``seat`` is the one choosing), as a list."""
        numbers = array("f")
        numbers.frombytes(self.numbers(state, seat, decision))
        return numbers.tolist()

    def parts(
        self, state: Any, seat: int, decision: Decision | None = None
    ) -> tuple[Sequence[float], dict[int, float]]:
        """The two parts of :meth:`encode`: the game's numbers as its encoding gives them,
        and the decision part as its numbers that are not 0, by index in the whole
        observation (the framework adapters make arrays of them without a list)."""
        return self.game_part(state, seat), dict(self.context_part(seat, decision))

    def game_part(self, state: Any, seat: int) -> Sequence[float]:
        """The game's part of what ``seat`` observes in ``state``, as an ``array.array``
        of type code ``"f"``."""
        numbers = array("f")
        direct = self._encode_joined
        if direct is not None:
            numbers.frombytes(direct(state, seat, b""))
        else:
            numbers.frombytes(self._game_numbers(state, seat))
        return numbers

    def numbers(self, state: Any, seat: int, decision: Decision | None = None) -> bytes:
        """What ``seat`` observes in ``state`` (:meth:`encode`) as float32 numbers in the
        machine's byte order, the game's and the decision part's joined in one copy
        (NumPy reads them in place: ``numpy.frombuffer``)."""
        # The decision part looked up here (context_numbers makes one on a miss): one
        # call fewer a decision on the way of every observation.
        if decision is None or decision.player != seat:
            context = self._no_context
        else:
            found = self._context_rows.get(decision.prefix)
            context = self.context_numbers(seat, decision) if found is None else found
        direct = self._encode_joined
        if direct is not None:
            return direct(state, seat, context)
        return b"".join((self._game_numbers(state, seat), context))

    def made_on_numbers(
        self,
        state: Any,
        seat: int,
        decision: Decision | None,
        make: Callable[[Buffer], _Made],
    ) -> _Made:
        """What ``make`` makes on :meth:`numbers` as read-only bytes (a read-only NumPy
        array, say), without a copy where the game's encoding keeps each seat's
        observation in one buffer written in place: made on that buffer, and the same
        object again while the seat's numbers have not changed. What was made never
        changes: while it is held (or a slice of it), a later observation of the seat is
        written in a copy of the buffer."""
        if decision is None or decision.player != seat:
            context = self._no_context
        else:
            found = self._context_rows.get(decision.prefix)
            context = self.context_numbers(seat, decision) if found is None else found
        direct = self._encode_in_place
        if direct is not None:
            made: _Made = direct(state, seat, context, make)
            return made
        direct_joined = self._encode_joined
        if direct_joined is not None:
            return make(direct_joined(state, seat, context))
        return make(b"".join((self._game_numbers(state, seat), context)))

    def writable_numbers(
        self, state: Any, seat: int, decision: Decision | None = None
    ) -> bytearray:
        """:meth:`numbers` in a ``bytearray``, for an array the caller may change."""
        return bytearray(self.numbers(state, seat, decision))

    def _game_numbers(self, state: Any, seat: int) -> bytes:
        """The numbers of the game's encoding, for an encoding that reads views only
        (remembered for the seat's last two states)."""
        last = self._last[seat]
        if last[0] is state:
            return last[1]
        before = self._before[seat]
        if before[0] is state:
            self._before[seat] = last
            self._last[seat] = before
            return before[1]
        numbers = array("f", self.game_encoding.encode(state.view(seat))).tobytes()
        self._before[seat] = last
        self._last[seat] = (state, numbers)
        return numbers

    def context_part(self, seat: int, decision: Decision | None) -> dict[int, float]:
        """The decision part of what ``seat`` observes, as :meth:`parts` gives it (one
        dictionary per series of tokens chosen, shared: do not change it)."""
        if decision is None or decision.player != seat:
            return _NO_CONTEXT
        prefix = decision.prefix
        found = self._contexts.get(prefix)
        if found is None:
            if len(self._contexts) >= _CONTEXTS_KEPT:
                self._contexts.clear()
            found = self._contexts[prefix] = self._context_of(prefix)
        return found

    def context_numbers(self, seat: int, decision: Decision | None) -> array[float]:
        """The decision part of what ``seat`` observes as its numbers (an ``array.array``
        of type code ``"f"``, of the observation's size less the game's): one per series
        of tokens chosen, shared, so that an observation is the game's numbers and these
        joined, without a number set one by one (do not change it)."""
        if decision is None or decision.player != seat:
            return self._no_context
        prefix = decision.prefix
        found = self._context_rows.get(prefix)
        if found is None:
            rows = self._context_rows
            if len(rows) >= _CONTEXTS_KEPT:
                rows.clear()
            found = rows[prefix] = self._context_row(seat, decision)
        return found

    def _context_row(self, seat: int, decision: Decision) -> array[float]:
        """The numbers of :meth:`context_numbers` for a series of tokens not kept: the row
        of the series a token shorter, when kept, brought up to date by the last token
        (a count capped and raised by one, capped, is the count of one more, capped), or
        else made from :meth:`context_part`."""
        prefix = decision.prefix
        start = self.game_size
        before = self._context_rows.get(prefix[:-1]) if prefix else None
        if before is None:
            found = self._no_context[:]
            for index, value in self.context_part(seat, decision).items():
                found[index - start] = value
            return found
        encoding = self.encoding
        parent = prefix[:-1]
        # The parent's position first: the prefix's is read on from it.
        parent_slot, parent_start = encoding.position(parent)
        prefix_slot, field_start = encoding.position(prefix)
        found = before[:]
        slot = self._slot - start
        found[slot + parent_slot] = 0.0
        found[slot + prefix_slot] = 1.0
        cap = self._cap
        action = prefix[-1]
        at = self._move - start + action
        found[at] = min(found[at] + 1.0, cap)
        field = self._field - start
        if field_start == parent_start:
            found[field + action] = min(found[field + action] + 1.0, cap)
        else:  # a field begun anew: its tokens counted afresh
            found[field : field + self.encoding.num_distinct_actions] = self._no_field
            for token in prefix[field_start:]:
                found[field + token] = min(found[field + token] + 1.0, cap)
        return found

    def _context_of(self, prefix: tuple[int, ...]) -> dict[int, float]:
        context: dict[int, float] = {self._acting: 1.0}
        encoding = self.encoding
        context[self._slot + encoding.slot(prefix)] = 1.0
        cap = self._cap
        for action in prefix:
            index = self._move + action
            context[index] = min(context.get(index, 0.0) + 1.0, cap)
        for action in prefix[encoding.field_start(prefix) :]:
            index = self._field + action
            context[index] = min(context.get(index, 0.0) + 1.0, cap)
        return context

    def text(self, state: Any, seat: int, decision: Decision | None = None) -> str:
        """What ``seat`` observes in ``state`` as text: the game's text of its view, and
        the tokens it has chosen so far when it is choosing."""
        text = self.game_encoding.text(state.view(seat))
        if decision is not None and decision.player == seat:
            chosen = " ".join(self.encoding.describe(action) for action in decision.prefix)
            text += f"\nchoosing: {chosen}" if chosen else "\nchoosing"
        return text


_NO_DIGESTS: dict[tuple[int, str], bytes] = {}
"""The digests of a history that has none yet (shared, never written: see History)."""


class History:
    """The moves of a game so far, as a chain of states, for information-state strings.

    A seat's information state is everything it has observed: its view after every move,
    and its own moves. :meth:`digest` sums that up in a hash, computed when first asked
    for and remembered, so that equal histories (as the seat observed them) give equal
    digests and different ones different digests. Immutable but for those memos.
    """

    __slots__ = ("_digests", "_past", "move", "mover", "number", "parent", "source", "state")

    def __init__(
        self, parent: History | None, state: Any, mover: int | None = None, move: Any = None
    ) -> None:
        self.parent: History | None = parent
        self.state: Any = state
        """The state after the move."""
        self.mover: int | None = mover
        """The seat that made the move (``None`` for a chance move or the start)."""
        self.move: Any = move
        self.number: int = 0 if parent is None else parent.number + 1
        """Moves played up to here, chance moves included."""
        # Made when a digest is first remembered here: most histories never have one
        # asked for (a playout of the OpenSpiel game makes one a move).
        self._digests: dict[tuple[int, str], bytes] = _NO_DIGESTS
        self.source: Callable[[], History] | None = None
        """For a history that starts at a state read back without its past: how to
        rebuild that past (a history that ends at :attr:`state`), when a digest needs it."""
        self._past: History | None = None

    @classmethod
    def read_back(cls, state: Any, number: int, source: Callable[[], History]) -> History:
        """A history that starts at ``state``, ``number`` moves into the game, whose past
        ``source()`` rebuilds (a replay) the first time a digest needs it."""
        history = cls(None, state)
        history.number = number
        history.source = source
        return history

    @classmethod
    def resumed(cls, state: Any, seat: int, digest: bytes, number: int = 0) -> History:
        """A history that starts at ``state`` and that ``seat`` sums up as ``digest`` (a
        state sampled from the seat's view, which reads the same to it): the other seats'
        digests start afresh there."""
        history = cls(None, state)
        history.number = number
        history._digests = {(seat, ""): digest}
        return history

    def after(self, state: Any, mover: int | None, move: Any) -> History:
        """The history once ``mover`` played ``move``, giving ``state``."""
        return History(self, state, mover, move)

    def digest(
        self, seat: int, text: Callable[[Any], str], kind: str = "", own_moves: bool = True
    ) -> bytes:
        """What ``seat`` observed up to here, hashed; ``text(view)`` writes a view, and
        ``own_moves`` adds the seat's own moves. ``kind`` names the pair (the default,
        ``""``: the whole view and the seat's moves), whose digests are remembered apart."""
        key = (seat, kind)
        pending: list[History] = []
        node: History | None = self
        while node is not None and key not in node._digests:
            if node.parent is None and node.source is not None:
                past = node._past
                if past is None:
                    past = node._past = node.source()
                node._remember(key, past.digest(seat, text, kind, own_moves))
                break
            pending.append(node)
            node = node.parent
        digest = b"" if node is None else node._digests[key]
        for item in reversed(pending):
            hasher = hashlib.blake2b(digest, digest_size=16)
            hasher.update(text(item.state.view(seat)).encode())
            if own_moves and item.mover == seat:
                hasher.update(b"\x00" + str(item.move).encode())
            digest = hasher.digest()
            item._remember(key, digest)
        return digest

    def _remember(self, key: tuple[int, str], digest: bytes) -> None:
        if self._digests is _NO_DIGESTS:
            self._digests = {}
        self._digests[key] = digest
