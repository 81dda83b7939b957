"""Reading the arguments of a game's ``from_position`` (internal): :class:`PositionReader`.

A position comes from an app, a test or a puzzle: cards as text or codes, a phase by
name, a seed. Every game reads the parts all card games share the same way, and names
every problem it finds, so that one :class:`~scala40.InvalidStateError` lists them all.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from scala40._format.serial import MAX_SEED_DIGITS, as_items, is_seed
from scala40._format.specs import NO_USUAL, record_format
from scala40._rng import seed_state
from scala40.cards import Card, as_card, as_cards
from scala40.checks import describe, is_int
from scala40.errors import InvalidArgumentError, InvalidCardError, InvalidStateError

__all__ = ["PositionReader", "named_fields", "position_repr"]

E = TypeVar("E", bound=enum.Enum)
S = TypeVar("S", bound=Any)


class PositionReader:
    """The hands of a position read (:attr:`hands`, one for each of :attr:`count`
    seats), and readers of its other parts; each problem found is added to
    :attr:`problems`.

    ``most_cards`` bounds the cards of one part (more is a problem: more than a deck
    holds), ``most_seats`` the hands. With ``keep_readable``, a part with a card that
    cannot be read keeps the cards that can (at most ``most_cards``), so that other
    problems can still be found.

    :raises InvalidStateError: ``hands`` is not a list of at most ``most_seats`` hands.

    >>> from scala40._base.position import PositionReader
    >>> read = PositionReader(["7S 8S", "9X"], most_cards=200)
    >>> read.count, read.hands[0], read.card("KD", "taken", "taken"), read.seed(-1)
    (2, (6, 7), 38, None)
    >>> read.problems
    ["hand 1: bad card '9X' at position 1: expected a rank (A 2-10 J Q K, or T) and a suit (S H D C), or a joker (JK)"]
    """

    def __init__(
        self,
        hands: object,
        *,
        most_cards: int,
        most_seats: int | None = None,
        keep_readable: bool = False,
    ) -> None:
        self.problems: list[str] = []
        self.most_cards = most_cards
        self.keep_readable = keep_readable
        hand_list = as_items(hands)
        if hand_list is None or (most_seats is not None and len(hand_list) > most_seats):
            raise InvalidStateError([f"hands must be a list of hands, got {describe(hands)}"])
        self.count = len(hand_list)
        self.hands = tuple(
            tuple(sorted(self.cards(hand, f"hand {seat}"))) for seat, hand in enumerate(hand_list)
        )

    def cards(self, value: object, what: str) -> tuple[Card, ...]:
        """The cards ``value`` gives (text or codes), called ``what`` in a problem."""
        try:
            found = as_cards(value)  # type: ignore[arg-type]
        except InvalidCardError as error:
            self.problems.append(f"{what}: {error}")
            return self._readable(value) if self.keep_readable else ()
        if len(found) > self.most_cards:
            self.problems.append(f"{what}: {len(found)} cards, more than a deck holds")
            return ()
        return found

    def _readable(self, value: object) -> tuple[Card, ...]:
        tokens = value.replace(",", " ").split() if isinstance(value, str) else as_items(value)
        readable = []
        for token in (tokens or ())[: self.most_cards]:
            try:
                readable.append(as_card(token))
            except InvalidCardError:
                continue
        return tuple(readable)

    def card(self, value: object, what: str, name: str) -> Card | None:
        """The one card ``value`` gives, ``None`` for ``None`` (or no card read): the
        argument ``name``, called ``what`` in a problem with its cards."""
        if value is None:
            return None
        found = self.cards([value] if not isinstance(value, str) else value, what)
        if len(found) > 1:
            self.problems.append(f"{name} must be one card, got {describe(value)}")
        return found[0] if found else None

    def phase(self, value: object, phases: type[E], default: E) -> E:
        """The member of ``phases`` that ``value`` names (``default`` if none does)."""
        try:
            return phases(value)
        except Exception:  # not a phase (the enum's own message repr()s the value)
            self.problems.append(f"unknown phase {describe(value)}")
            return default

    def seed(self, seed: object) -> None:
        """Check that ``seed`` is an integer of at most ``MAX_SEED_DIGITS`` digits."""
        if not is_seed(seed):
            self.problems.append(
                f"seed must be an integer of at most {MAX_SEED_DIGITS} digits, got {describe(seed)}"
            )

    def fields(
        self,
        rules: Any,
        phase: Any,
        turn: object,
        dealer: object,
        hand_number: object,
        seed: int,
        auto_chance: object = True,
    ) -> dict[str, Any]:
        """The fields every card game's position starts with: its rules, players and
        hands, phase, turn, dealer (by default the seat before ``turn``), hand number,
        no winner and no hand before, the generator seeded with ``seed``, and whether
        the engine plays the chance steps."""
        if dealer is None:
            dealer = (turn - 1) % max(self.count, 1) if is_int(turn) else 0
        return {
            "rules": rules,
            "player_count": self.count,
            "dealer": dealer,
            "hand_number": hand_number,
            "phase": phase,
            "turn": turn,
            "hands": self.hands,
            "winners": (),
            # (A seed refused by :meth:`seed` is a problem already: any state will do.)
            "rng": seed_state(seed if is_seed(seed) else 0),
            "auto_chance": auto_chance,
            "last_hand": None,
        }

    def named(self, record: type, given: Mapping[str, object]) -> dict[str, Any]:
        """The fields of ``record`` that ``from_position`` was ``given`` by name (its
        ``**fields``), read as its specs say (:func:`named_fields`); a field of cards may
        give them as text, or as codes; a field left out takes its usual value later
        (``with_usual``), as one given as ``None`` does.

        :raises InvalidArgumentError: a name is no such field; the message lists them.
        """
        allowed = named_fields(record)
        unknown = sorted(str(name) for name in given if name not in allowed)
        if unknown:
            raise InvalidArgumentError(
                f"from_position takes no field {', '.join(map(repr, unknown))}; "
                f"it takes {', '.join(sorted(allowed))} by name, beside the position's parts"
            )
        fields: dict[str, Any] = {}
        for name, value in given.items():
            kind = allowed[name]
            if kind == "card":
                fields[name] = self.card(value, name, name)
            elif kind == "cards" and value is not None:
                fields[name] = self.cards(value, name)
            elif kind == "lists" and value is not None:
                items = as_items(value)
                if items is None or len(items) > _MOST_ITEMS:
                    self.problems.append(
                        f"{name} must be a list of cards for each seat, got {describe(value)}"
                    )
                    continue
                fields[name] = tuple(
                    self.cards(cards, f"{name} {index}") for index, cards in enumerate(items)
                )
            else:
                fields[name] = value
        return fields

    def valid(self, state: S) -> S:
        """``state``, built from the position, once it is valid.

        :raises InvalidStateError: naming every problem of ``state``; where the position's
            cards could not all be read (:attr:`problems`), those problems and the
            problems of the state's fields taken one by one (how the fields fit together
            means little with cards missing).
        """
        if self.problems:
            raise InvalidStateError([*self.problems, *record_format(type(state)).problems(state)])
        state.validate()
        return state


_SET_BY_EVERY_POSITION = frozenset(
    {
        "rules", "player_count", "dealer", "hand_number", "phase", "turn", "hands",
        "winners", "rng", "auto_chance", "last_hand",
    }
)  # fmt: skip
"""The fields :meth:`PositionReader.fields` gives every position: from the position's
parts, or always so (no winner yet, no hand before)."""

_MOST_ITEMS = 64
"""The most entries a list of card lists given by name may have (the most seats)."""


def named_fields(record: type) -> dict[str, str | None]:
    """The fields of ``record`` a position may give by name (its ``from_position``'s
    ``**fields``: :meth:`PositionReader.named`), each with the cards its codec holds: any
    field whose spec gives a usual value (the fields a position may leave out), but those
    every position sets itself (:meth:`PositionReader.fields`) and those the game's
    ``from_position`` reads its own way (the record's ``POSITION_READS``).

    >>> from scala40._base.position import named_fields
    >>> from scala40.games.chinchon import GameState
    >>> sorted(named_fields(GameState))
    ['active', 'gins', 'pending', 'reentries', 'reentry_total', 'taken', 'turns_played']
    """
    own: Collection[str] = getattr(record, "POSITION_READS", ())
    return {
        entry.name: entry.codec.position_cards
        for entry in record_format(record).entries
        if entry.spec.usual is not NO_USUAL
        and entry.name not in _SET_BY_EVERY_POSITION
        and entry.name not in own
    }


def position_repr(value: Any) -> str:
    """The repr of a state or a view: Python that reads its position's text back; a
    short description where it has none (a game of one's own without a text, a value
    made by hand that no text describes): a repr never raises."""
    try:
        text = value.to_text()
    except Exception:
        kind = type(value).__name__
        return f"<{kind} of {getattr(value, 'game_name', 'a game')} at move {value.move_number}>"
    return f"scala40.position_from_text({text!r})"
