"""Fair dealing: a deal the people at a table help to shuffle, committed to before they
do, kept secret while the match is on and revealed at its end, so that every seat can
check it afterwards.

A seed deals every hidden card of a match: the hands, the stock's order, every restock
(C-RNG). Whoever knows it while the match is on knows the other hands, and whoever
chooses it can stack the deck. So the servers (the web table, :mod:`scala40.web.tables`,
and ``scala40 serve``'s held games) neither send it nor choose it alone:

1. When the table is made the server draws a **secret** (32 random bytes) and a salt,
   and publishes a **commitment** to them and to the table's **terms** (its game, its
   rules and its seats): the SHA-256 digest of the ASCII text ::

       scala40-deal-v2:<salt>:<secret>:<terms>

   ``<salt>`` and ``<secret>`` each 64 lowercase hexadecimal digits, ``<terms>`` the
   JSON text ``{"game":...,"rules":...,"seats":[...]}`` with its keys sorted, no spaces,
   ASCII only (:func:`terms_text`); a seat is ``{"bot": NAME}`` or ``{"player": true}``.
2. Then each person's seat may send a **value** of its own: 32 to 64 lowercase
   hexadecimal digits drawn at random (a browser's ``crypto.getRandomValues``). The deal
   waits for the people's values (the web table's ``shuffle``, ``scala40 serve``'s
   ``commit`` then ``new``), or starts without those not sent.
3. The deal's **seed** is the first 8 bytes, big-endian, of the SHA-256 digest of ::

       scala40-seed-v2:<secret>:<value of seat 0>:...:<value of seat n-1>

   a seat that sent no value (a bot's, say) giving the empty text.

At the end the server reveals the secret, the salt, the terms, the values and the seed.
The secret was fixed, and published as a hash, before any person's value came, and the
seed depends on every value: a server that draws many secrets and keeps the one that
deals a person the worst hand cannot know which one that is, so grinding gains nothing;
a server that leaves out a person's value, or deals from any other seed, fails the
check. A seed its creator chose (a table with no other person) is committed to as
``scala40-deal-v1:<salt>:<seed>`` (:data:`DEAL_SCHEME`), as are the deals of tables made
before 0.3.

**Checking a deal.** :func:`deal_problems` (or :func:`verify_deal`) checks, from one
seat's side: that the revealed secret, salt and terms hash to the commitment the seat
was given at the start; that the seat's own value, when it gives it, is the one used;
that the seed is the one the secret and the values give; and that the game the seed
deals under the committed terms, replayed with the moves of the events the seat was
sent (every player's move is in them; a chance step is dealt from the seed; an undo
shows as a move number going back, and the replay goes back with it), gives the seat
exactly the events it was sent, the cards that came into its hand included, and its
last view. Any SHA-256 tool checks the first two::

    printf 'scala40-deal-v2:%s:%s:%s' "$SALT" "$SECRET" "$TERMS" | sha256sum

>>> import tempfile, pathlib
>>> from scala40.serving.fair_deal import verify_deal
>>> from scala40.web.tables import Tables, TableStore
>>> folder = tempfile.TemporaryDirectory()
>>> tables = Tables(TableStore(str(pathlib.Path(folder.name, "tables.sqlite"))))
>>> status, made = tables.handle("POST", "/tables", "", {"game": "chinchon", "shuffle": True})
>>> sorted(made["deal"])                      # the commitment; the secret stays secret
['commitment', 'scheme', 'seed_chosen', 'terms', 'values']
>>> mine = "5eed" * 8                         # the person's own random value
>>> asker = {"seat": 0, "token": made["tokens"]["0"]}
>>> path = f"/tables/{made['table']}"
>>> status, dealt = tables.handle("POST", path + "/shuffle", "", {**asker, "value": mine})
>>> status, answer = tables.handle("POST", path + "/resign", "", asker)
>>> answer["view"]["is_over"], sorted(answer["deal"])      # the match is over: revealed
(True, ['commitment', 'salt', 'scheme', 'secret', 'seed', 'seed_chosen', 'terms', 'values'])
>>> status, seen = tables.handle("GET", path, "seat=0&token=" + asker["token"], None)
>>> verify_deal(made["deal"]["commitment"], seen["deal"], seen["view"], seen["events"], value=mine)
True
>>> folder.cleanup()
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from scala40._checks import describe, is_decimal
from scala40.client_view import view_from_dict
from scala40.errors import (
    InvalidArgumentError,
    InvalidValueError,
    Scala40Error,
    SerializationError,
)
from scala40.events import MAX_EVENTS, events_of
from scala40.game import load_game
from scala40.schemas.protocol import MAX_SEED

__all__ = [
    "DEAL_SCHEME",
    "MAX_TERMS_CHARS",
    "SALT_BYTES",
    "SHARED_DEAL_SCHEME",
    "Deal",
    "SharedDeal",
    "check_value",
    "commitment_of",
    "deal_of_row",
    "deal_problems",
    "seed_of",
    "shared_commitment_of",
    "terms_text",
    "verify_deal",
]

DEAL_SCHEME = "sha256:scala40-deal-v1:<salt>:<seed>"
"""The name of a chosen seed's commitment (and of the deals of tables made before 0.3),
as a table's ``deal`` says it (see the module)."""
SHARED_DEAL_SCHEME = "sha256:scala40-deal-v2:<salt>:<secret>:<terms>"
"""The name of the commitment of a deal the people help to shuffle (see the module)."""
SALT_BYTES = 32
"""The random bytes of a salt and of a secret (written as twice as many hexadecimal
digits)."""
MAX_TERMS_CHARS = 100_000
"""The longest terms text read (a ruleset's dictionary is a few hundred characters)."""
_PREFIX = "scala40-deal-v1"
_SHARED_PREFIX = "scala40-deal-v2"
_SEED_PREFIX = "scala40-seed-v2"
_HEX = frozenset("0123456789abcdef")
_VALUE_DIGITS = (32, 64)
"""The fewest and the most hexadecimal digits of a person's value (128 to 256 bits)."""


def _check_hex(what: str, text: object) -> str:
    if not (isinstance(text, str) and len(text) == 2 * SALT_BYTES and set(text) <= _HEX):
        raise InvalidValueError(
            f"a {what} is {2 * SALT_BYTES} lowercase hexadecimal digits, got {describe(text)}"
        )
    return text


def _check_salt(salt: object) -> str:
    return _check_hex("salt", salt)


def _check_seed(seed: object) -> int:
    if isinstance(seed, str) and is_decimal(seed, 20):
        seed = int(seed)
    if not (type(seed) is int and 0 <= seed <= MAX_SEED):
        raise InvalidValueError(
            f"a seed is an integer from 0 to {MAX_SEED} (or its decimal text, without leading "
            f"zeros), got {describe(seed)}"
        )
    return seed


def _check_chosen(chosen: object) -> None:
    if not isinstance(chosen, bool):
        raise InvalidArgumentError(f"chosen must be true or false, got {describe(chosen)}")


def check_value(value: object) -> str:
    """A person's value: 32 to 64 lowercase hexadecimal digits.

    :raises InvalidArgumentError: ``value`` is not text.
    :raises InvalidValueError: it is text of another form.
    """
    if not isinstance(value, str):
        raise InvalidArgumentError(f"a value must be hexadecimal text, got {describe(value)}")
    low, high = _VALUE_DIGITS
    if not (low <= len(value) <= high and set(value) <= _HEX):
        raise InvalidValueError(
            f"a value is {low} to {high} lowercase hexadecimal digits drawn at random, "
            f"got {describe(value)}"
        )
    return value


def commitment_of(seed: int | str, salt: str) -> str:
    """The commitment to a chosen ``seed`` with ``salt``: the SHA-256 digest of
    ``scala40-deal-v1:<salt>:<seed>``, as 64 lowercase hexadecimal digits.

    >>> from scala40.serving.fair_deal import commitment_of
    >>> commitment_of(7, "00" * 32)[:16]
    '34f553815fc7c745'
    >>> import hashlib
    >>> hashlib.sha256(b"scala40-deal-v1:" + b"00" * 32 + b":7").hexdigest()[:16]
    '34f553815fc7c745'

    :raises InvalidValueError: a seed out of range, or a salt that is not 64 lowercase
        hexadecimal digits.
    """
    text = f"{_PREFIX}:{_check_salt(salt)}:{_check_seed(seed)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def terms_text(game: str, rules: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]) -> str:
    """The terms a shared deal commits to: ``game``'s name, ``rules`` (a ruleset's
    ``to_dict()``) and ``seats`` (each ``{"bot": NAME}`` or ``{"player": true}``), as
    JSON with sorted keys, no spaces and ASCII only.

    >>> from scala40.serving.fair_deal import terms_text
    >>> terms_text("toy", {"a": 1}, [{"player": True}, {"bot": "greedy"}])
    '{"game":"toy","rules":{"a":1},"seats":[{"player":true},{"bot":"greedy"}]}'
    """
    terms = {"game": game, "rules": dict(rules), "seats": [dict(seat) for seat in seats]}
    return json.dumps(terms, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def shared_commitment_of(secret: str, salt: str, terms: object) -> str:
    """The commitment to a shared deal's ``secret`` and ``terms`` with ``salt``: the
    SHA-256 digest of ``scala40-deal-v2:<salt>:<secret>:<terms>``, in hexadecimal.

    :raises InvalidValueError: a secret or a salt that is not 64 lowercase hexadecimal
        digits, or terms that are not ASCII text of at most :data:`MAX_TERMS_CHARS`.
    """
    _check_hex("secret", secret)
    _check_salt(salt)
    if not (isinstance(terms, str) and terms.isascii() and len(terms) <= MAX_TERMS_CHARS):
        raise InvalidValueError(f"the terms are a JSON text in ASCII, got {describe(terms, 80)}")
    text = f"{_SHARED_PREFIX}:{salt}:{secret}:{terms}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def seed_of(secret: str, values: Sequence[str | None]) -> int:
    """The seed a shared deal deals from: the first 8 bytes, big-endian, of the SHA-256
    digest of ``scala40-seed-v2:<secret>:<value 0>:...``, a seat without a value giving
    the empty text.

    >>> from scala40.serving.fair_deal import seed_of
    >>> seed_of("00" * 32, [None, None]) == seed_of("00" * 32, [None, "ab" * 16])
    False

    :raises InvalidValueError: a secret or a value of another form.
    :raises InvalidArgumentError: ``values`` is not a list.
    """
    _check_hex("secret", secret)
    if not isinstance(values, (list, tuple)):
        raise InvalidArgumentError(f"values must be a list, got {describe(values)}")
    parts = ["" if value is None else check_value(value) for value in values]
    text = ":".join([_SEED_PREFIX, secret, *parts])
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


@attrs.frozen
class Deal:
    """A table's chosen seed and salt (or a deal of a table made before 0.3, whose seed
    the server drew alone).

    ``chosen`` says the seed was the table's creator's (where the servers allow it: a
    table with no other person), not drawn by the server.
    """

    seed: int = attrs.field(converter=_check_seed)
    """The seed (C-RNG)."""
    salt: str = attrs.field(validator=lambda _, __, value: _check_salt(value))
    """The salt, 64 lowercase hexadecimal digits."""
    chosen: bool = attrs.field(default=False, validator=lambda _, __, value: _check_chosen(value))
    """Whether the table's creator chose the seed."""

    @classmethod
    def draw(cls, seed: int | None = None) -> Deal:
        """A new deal: ``seed`` if the creator chose one, else one drawn from
        ``secrets`` over the generator's whole range; a fresh salt either way."""
        salt = secrets.token_hex(SALT_BYTES)
        if seed is None:
            return cls(secrets.randbelow(MAX_SEED + 1), salt)
        return cls(seed, salt, chosen=True)

    @property
    def is_dealt(self) -> bool:
        """Whether the seed is known (always, for a chosen seed)."""
        return True

    @property
    def commitment(self) -> str:
        """The commitment published when the table is made (:func:`commitment_of`)."""
        return commitment_of(self.seed, self.salt)

    def public(self, revealed: bool) -> dict[str, Any]:
        """What a seat is sent: the scheme, the commitment and whether the seed was
        chosen; with ``revealed`` (the match is over), the seed (as decimal text, which
        every JSON reader keeps exactly) and the salt too.

        >>> from scala40.serving.fair_deal import Deal
        >>> deal = Deal(7, "00" * 32)
        >>> sorted(deal.public(False)), deal.public(True)["seed"]
        (['commitment', 'scheme', 'seed_chosen'], '7')
        """
        shown: dict[str, Any] = {
            "scheme": DEAL_SCHEME,
            "commitment": self.commitment,
            "seed_chosen": self.chosen,
        }
        if revealed:
            shown["seed"] = str(self.seed)
            shown["salt"] = self.salt
        return shown

    def to_row(self) -> dict[str, Any]:
        """What a server keeps of the deal (:func:`deal_of_row` reads it back; the seed
        as decimal text: SQLite's integers stop at 2**63 - 1)."""
        return {"seed": str(self.seed), "salt": self.salt, "chosen": self.chosen}


def deal_of_row(row: Mapping[str, Any]) -> Deal | SharedDeal:
    """A deal as its ``to_row()`` kept it."""
    if row.get("version") == 2:
        return SharedDeal.from_row(row)
    return Deal(int(row["seed"]), row["salt"], bool(row["chosen"]))


@attrs.frozen
class SharedDeal:
    """A deal the people at a table help to shuffle (see the module): the server's
    secret and salt, the terms committed to, and each seat's value (``None``: none sent).
    """

    secret: str = attrs.field(validator=lambda _, __, value: _check_hex("secret", value))
    """The server's secret, 64 lowercase hexadecimal digits."""
    salt: str = attrs.field(validator=lambda _, __, value: _check_salt(value))
    """The salt, 64 lowercase hexadecimal digits."""
    terms: str
    """The terms committed to (:func:`terms_text`)."""
    values: tuple[str | None, ...]
    """Each seat's value, or ``None`` where none was sent."""
    dealt: bool = False
    """Whether the seed was fixed and the cards dealt (no value is taken after)."""

    @classmethod
    def draw(cls, terms: str, seats: int) -> SharedDeal:
        """A new deal of ``terms`` for ``seats`` seats: a secret and a salt drawn from
        ``secrets``, no value yet."""
        return cls(
            secrets.token_hex(SALT_BYTES), secrets.token_hex(SALT_BYTES), terms, (None,) * seats
        )

    @property
    def commitment(self) -> str:
        """The commitment published when the table is made
        (:func:`shared_commitment_of`)."""
        return shared_commitment_of(self.secret, self.salt, self.terms)

    @property
    def seed(self) -> int:
        """The seed the secret and the values give (:func:`seed_of`)."""
        return seed_of(self.secret, self.values)

    @property
    def is_dealt(self) -> bool:
        """Whether the seed is fixed."""
        return self.dealt

    def with_value(self, seat: int, value: object) -> SharedDeal:
        """This deal with ``seat``'s value, before the deal.

        :raises InvalidValueError: the cards are dealt already, the seat has sent its
            value already, or ``value`` is of another form than a value's.
        """
        checked = check_value(value)
        if self.dealt:
            raise InvalidValueError("the cards are dealt: a value is taken only before the deal")
        if self.values[seat] is not None:
            raise InvalidValueError(f"seat {seat} has sent its value already")
        values = list(self.values)
        values[seat] = checked
        return attrs.evolve(self, values=tuple(values))

    def public(self, revealed: bool) -> dict[str, Any]:
        """What a seat is sent: the scheme, the commitment, the terms and the values
        received; with ``revealed`` (the match is over), the secret, the salt and the
        seed (as decimal text) too."""
        shown: dict[str, Any] = {
            "scheme": SHARED_DEAL_SCHEME,
            "commitment": self.commitment,
            "seed_chosen": False,
            "terms": self.terms,
            "values": list(self.values),
        }
        if revealed:
            shown["secret"] = self.secret
            shown["salt"] = self.salt
            shown["seed"] = str(self.seed)
        return shown

    def to_row(self) -> dict[str, Any]:
        """What a server keeps of the deal (:meth:`from_row` reads it back)."""
        return {
            "version": 2,
            "secret": self.secret,
            "salt": self.salt,
            "terms": self.terms,
            "values": list(self.values),
            "dealt": self.dealt,
        }

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> SharedDeal:
        """A deal as :meth:`to_row` kept it."""
        return cls(row["secret"], row["salt"], row["terms"], tuple(row["values"]), row["dealt"])


def deal_problems(
    commitment: object, deal: object, view: object, events: object, *, value: object = None
) -> list[str]:
    """What is wrong with a revealed deal, from one seat's side (empty: the deal is
    verified): ``commitment`` is what the table published when it was made, ``deal`` what
    it reveals at the end, ``view`` the seat's last view (``view.to_dict()``), ``events``
    every event the seat was sent since move 0, oldest first, as it was sent (the events
    of moves an undo took back included), and ``value`` the value the seat sent, if it
    sent one.

    The game the seed deals is replayed with the events' moves (a chance step dealt from
    the seed, as the servers deal them), at most :data:`~scala40.events.MAX_EVENTS`
    events; the first event that differs from the replay's, or a last view that does,
    is named.

    :raises SerializationError: ``view`` is not a view's JSON, or the revealed terms are
        not a table's terms.
    :raises InvalidArgumentError: ``deal`` is not a mapping, ``events`` not a list of
        events.
    :raises InvalidValueError: more than :data:`~scala40.events.MAX_EVENTS` events.
    """
    if not isinstance(deal, Mapping):
        raise InvalidArgumentError(f"deal must be a table's revealed deal, got {describe(deal)}")
    if not isinstance(events, Sequence) or isinstance(events, (str, bytes)):
        raise InvalidArgumentError(f"events must be a list of events, got {describe(events)}")
    if len(events) > MAX_EVENTS:
        raise InvalidValueError(f"{len(events)} events: at most {MAX_EVENTS} are replayed")
    seen = view_from_dict(view)
    if deal.get("scheme") == SHARED_DEAL_SCHEME:
        return _shared_problems(commitment, deal, seen, events, value)
    if value is not None:
        return ["the deal revealed takes no value: its seed was chosen or drawn alone"]
    problems = _commitment_problems(
        commitment,
        lambda: commitment_of(deal.get("seed"), deal.get("salt")),  # type: ignore[arg-type]
        "a seed and a salt",
        "seed and salt",
    )
    if problems:
        return problems
    # A chosen seed commits to no terms: the game and rules are the view's.
    game = load_game(seen.game)
    rules, players = seen.public.get("rules"), seen.public.get("player_count")
    if not isinstance(rules, Mapping) or type(players) is not int:
        raise SerializationError("view: the view names no rules or no number of players")
    return _replay_problems(
        _check_seed(deal["seed"]), game, game.ruleset_type.from_dict(rules), players, seen, events
    )


def _commitment_problems(
    commitment: object, hashed: Callable[[], str], parts: str, names: str
) -> list[str]:
    """Whether the parts a deal reveals hash to the ``commitment`` published when the
    table was made: ``hashed()`` is their commitment (raising
    :class:`~scala40.errors.InvalidValueError` where they are not ``parts``, each of its
    form), ``names`` how the message names them."""
    try:
        expected = hashed()
    except InvalidValueError as error:
        return [f"the deal revealed is not {parts}: {error}"]
    if not (isinstance(commitment, str) and hmac.compare_digest(commitment, expected)):
        return [
            f"the {names} revealed hash to {expected}, not to the commitment "
            f"{describe(commitment, 80)} published when the table was made"
        ]
    return []


def _shared_problems(
    commitment: object, deal: Mapping[str, Any], seen: Any, events: Sequence[object], value: object
) -> list[str]:
    secret, salt, terms = deal.get("secret"), deal.get("salt"), deal.get("terms")
    problems = _commitment_problems(
        commitment,
        lambda: shared_commitment_of(secret, salt, terms),  # type: ignore[arg-type]
        "a secret, a salt and terms",
        "secret, salt and terms",
    )
    if problems:
        return problems
    try:
        read = json.loads(terms)  # type: ignore[arg-type]
    except (ValueError, RecursionError):
        raise SerializationError("deal: the terms are not JSON") from None
    if not (
        isinstance(read, dict)
        and set(read) == {"game", "rules", "seats"}
        and isinstance(read["game"], str)
        and isinstance(read["rules"], dict)
        and isinstance(read["seats"], list)
        and 0 < len(read["seats"]) <= 64
    ):
        raise SerializationError("deal: the terms are not a game, its rules and its seats")
    if read["game"] != seen.game:
        return [f"the view is of {seen.game!r}, the deal's terms of {read['game']!r}"]
    values = deal.get("values")
    if not (isinstance(values, list) and len(values) == len(read["seats"])):
        return ["the deal revealed has no value (or none) for each seat of its terms"]
    if value is not None:
        mine = values[seen.seat] if 0 <= seen.seat < len(values) else None
        if mine != check_value(value):
            return [
                f"your value {describe(value, 80)} is not the one the deal used for seat "
                f"{seen.seat} ({describe(mine, 80)})"
            ]
    try:
        seed = seed_of(secret, values)  # type: ignore[arg-type]
    except (InvalidValueError, InvalidArgumentError) as error:
        return [f"the values revealed are not values: {error}"]
    if deal.get("seed") != str(seed):
        return [
            f"the seed revealed, {describe(deal.get('seed'), 40)}, is not the one the secret "
            f"and the values give ({seed})"
        ]
    game = load_game(read["game"])
    try:
        rules = game.ruleset_type.from_dict(read["rules"])
    except Scala40Error as error:
        raise SerializationError(f"deal: the terms' rules: {error}") from None
    return _replay_problems(seed, game, rules, len(read["seats"]), seen, events)


def _replay_problems(
    seed: int, game: Any, rules: Any, players: int, seen: Any, events: Sequence[object]
) -> list[str]:
    """The events and the last view the seat was sent, against the game ``seed`` deals
    under ``rules``: each event must be the replay's, an undo going back to a move the
    replay reached since another seat last moved."""
    try:
        state = game.new_game(rules, players, seed)
    except (InvalidValueError, InvalidArgumentError) as error:
        return [f"the terms deal no game: {error}"]
    seat = seen.seat
    if not 0 <= seat < players:
        return [f"the view is of seat {seat}, the game has {players}"]
    # The states an undo may go back to: the seat's own moves since another seat's.
    back_to: dict[int, Any] = {state.move_number: state}
    pending: list[dict[str, Any]] = []
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise InvalidArgumentError(f"event {index} is not an event: {describe(event)}")
        sent = dict(event)
        if pending:
            made = pending.pop(0)  # the end of a hand or a game, made by the move before
            if sent != made:
                return [_differs(index, sent, made)]
            continue
        number = sent.get("number")
        if type(number) is not int:
            return [f"event {index} has no move number: {describe(sent, 200)}"]
        if number <= state.move_number:
            # An undo took the seat back: the replay goes back with it.
            if number - 1 not in back_to:
                return [
                    f"event {index} (move {number}) goes back to move {number - 1}, which no "
                    "undo could reach"
                ]
            state = back_to[number - 1]
        move = sent.get("move")
        try:
            step = state.legal_moves()[0] if move is None and state.is_chance else move
            after = state.apply(step)
        except Scala40Error as error:
            return [f"event {index} (move {number}) cannot be replayed: {error}"]
        made_events = [item.for_seat(seat) for item in events_of(state, step, after)]
        first = made_events.pop(0)
        if sent != first:
            return [_differs(index, sent, first)]
        pending = made_events
        if sent.get("seat") != seat:
            back_to = {}
        state = after
        back_to[state.move_number] = state
    if pending:
        return [f"the replay made {len(pending)} more events than were sent"]
    if state.view(seat).to_dict() != seen.to_dict():
        return ["the last view differs from the one the seed's deal gives"]
    return []


def _differs(index: int, sent: dict[str, Any], made: dict[str, Any]) -> str:
    return (
        f"event {index} (move {made['number']}) differs from the seed's deal: "
        f"sent {describe(sent, 200)}, dealt {describe(made, 200)}"
    )


def verify_deal(
    commitment: object, deal: object, view: object, events: object, *, value: object = None
) -> bool:
    """Whether the revealed deal checks out from one seat's side: no
    :func:`deal_problems`.

    :raises SerializationError: as :func:`deal_problems`.
    :raises InvalidArgumentError: as :func:`deal_problems`.
    :raises InvalidValueError: as :func:`deal_problems`.
    """
    return not deal_problems(commitment, deal, view, events, value=value)
