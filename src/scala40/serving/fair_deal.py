"""Fair dealing: a deal the server and the people at a table shuffle together, every part
committed to before any part is revealed, kept secret while the match is on and revealed
at its end, so that every seat can check it afterwards.

A seed deals every hidden card of a match: the hands, the stock's order, every restock
(C-RNG). Whoever knows it while the match is on knows the other hands, and whoever
chooses it can stack the deck. So the servers (the web table, :mod:`scala40.web.tables`,
and ``scala40 serve``'s held games) neither send it nor choose it, and no seat chooses
it either. A table with a person's seat shuffles with its people (:class:`SealedDeal`):

1. **The server commits.** When the table is made the server draws a **secret** (32
   random bytes) and a salt, and publishes a **commitment** to them and to the table's
   **terms** (its game, its rules, its seats, and whether it shuffles with its people):
   the SHA-256 digest of the ASCII text ::

       scala40-deal-v3:<salt>:<secret>:<terms>

   ``<salt>`` and ``<secret>`` each 64 lowercase hexadecimal digits, ``<terms>`` the JSON
   text ``{"game":...,"rules":...,"seats":[...],"shuffle":true}`` with its keys sorted,
   no spaces, ASCII only (:func:`terms_text`); a seat is ``{"bot": NAME}`` or
   ``{"player": true}``.
2. **Each person commits.** Each person's seat draws a **value** of its own (32 to 64
   lowercase hexadecimal digits drawn at random: a browser's ``crypto.getRandomValues``)
   and sends only its commitment to it, the SHA-256 digest of ::

       scala40-value-v3:<the table's commitment>:<seat>:<value>

   (:func:`value_commitment_of`). The commitments are taken until every person's seat
   has sent one, or until a decision's clock has run out since the table was made; a
   seat that has sent none by then takes no part in this deal.
3. **Each person reveals.** Then, and not before, each seat that committed sends its
   value, which must hash to its commitment. Once every value is in, the cards are
   dealt. A seat that committed and has not revealed when a decision's clock has run out
   since the values were asked for **voids** the deal: no card is dealt, and every
   answer names the seats that withheld. The web table then draws a new deal
   (:meth:`SealedDeal.redrawn`), whose terms count the voids before it (``"voids"``),
   at most :data:`MAX_VOIDS` times. Each part a seat sends is answered with an
   acknowledgement (:meth:`SealedDeal.acknowledgement`) that the seat keeps, signed
   with the key the terms name (``"key"``) by a server that has one
   (:mod:`scala40.serving.signatures`); a part sent again is acknowledged again, so a
   client sends its part until it is.
4. The deal's **seed** is the first 8 bytes, big-endian, of the SHA-256 digest of ::

       scala40-seed-v3:<secret>:<value of seat 0>:...:<value of seat n-1>

   a seat without a value (a bot's, or one that took no part) giving the empty text.

At the end the server reveals the secret, the salt, the values and the seed.

**Why no party chooses the deal.** Every part is fixed, as a hash, before any part is
known, and the seed depends on all of them. A server that draws many secrets, or a seat
that draws many values, before it commits cannot know which one deals a person the
worst hand, so grinding gains nothing. Whoever reveals last, a seat or the server, can
only reveal what it committed to or withhold it: a seat that withholds voids the table,
by name; a server that withholds its secret, reveals another, leaves out a value or
changes a commitment fails the check. What is left to the server (alone: it sees each
value as it comes, and may drop one) or to a coalition is to void a deal it dislikes and
draw another: a retry that every seat sees and every check counts, never a choice of
deal made unseen, and never blamed on a seat whose value the server acknowledged
(:func:`refuted_void`). An acknowledgement refutes the server only where it is the
seat's own and the key the terms name signed it: a seat can write one, not sign it; where
no signature can be checked, the check says that it convinces only that seat. And a
server sees every hand it deals: nothing here stops it from telling a seat it works with
the others' cards while the match is on.

**Deals a server chose.** A table made without shuffling with its people (``"shuffle":
false``, which its terms then say) is dealt from the server's secret alone, and a seat
that took no part is dealt from the parts of the others: either way the server (with
the seats that took part) could have chosen that seat's cards, and the check says so,
as a warning, rather than calling the deal verified. A seed its creator chose (a table
with no other person) is committed to as ``scala40-deal-v1:<salt>:<seed>``
(:data:`DEAL_SCHEME`), as are the deals of tables made before 0.3, whose seed the
server drew alone: those tables are checked as they were made.

**Checking a deal.** :func:`deal_problems` (or :func:`verify_deal`) checks, from one
seat's side: that the revealed secret, salt and terms hash to the commitment the seat
was given at the start; that each value hashes to its seat's commitment, and that the
commitments are those the seat saw before it revealed its own value; that the seat's
own value is the one used; that the seed is the one the secret and the values give; and
that the game the seed deals under the committed terms, replayed with the moves of the
events the seat was sent, gives the seat exactly the events it was sent, the cards that
came into its hand included, and its last view. The events are those the seat was sent,
as it was sent them: an event sent again is the replay's own, and an undo (a move made
at a number the replay had passed) goes back only where the table's rule allows
(:mod:`scala40.serving.undo`). Any SHA-256 tool checks the hashes::

    printf 'scala40-deal-v3:%s:%s:%s' "$SALT" "$SECRET" "$TERMS" | sha256sum

>>> import tempfile, pathlib
>>> from scala40.serving.fair_deal import value_commitment_of, verify_deal
>>> from scala40.web.tables import Tables, TableStore
>>> folder = tempfile.TemporaryDirectory()
>>> tables = Tables(TableStore(str(pathlib.Path(folder.name, "tables.sqlite"))))
>>> status, made = tables.handle("POST", "/tables", "", {"game": "chinchon"})
>>> made["dealt"], made["deal"]["phase"]      # the server has committed; the secret stays secret
(False, 'commit')
>>> mine = "5eed" * 8                         # the person's own random value
>>> asker = {"seat": 0, "token": made["tokens"]["0"]}
>>> path = f"/tables/{made['table']}"
>>> sealed = value_commitment_of(made["deal"]["commitment"], 0, mine)
>>> status, asked = tables.handle("POST", path + "/shuffle", "", {**asker, "commitment": sealed})
>>> asked["deal"]["phase"]                    # every person has committed: now the values
'reveal'
>>> seen = asked["deal"]["commitments"]       # kept, to check against at the end
>>> status, dealt = tables.handle("POST", path + "/shuffle", "", {**asker, "value": mine})
>>> dealt["deal"]["phase"], len(dealt["view"]["hand"])
('dealt', 7)
>>> status, answer = tables.handle("POST", path + "/resign", "", asker)
>>> status, over = tables.handle("GET", path, "seat=0&token=" + asker["token"], None)
>>> sorted(set(over["deal"]) - set(made["deal"]))   # the match is over: revealed
['salt', 'secret', 'seed']
>>> verify_deal(
...     made["deal"]["commitment"], over["deal"], over["view"], over["events"],
...     value=mine, commitments=seen)
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
from scala40.game import load_game
from scala40.schemas.protocol import MAX_SEED
from scala40.serving._replay import replay_problems
from scala40.serving.signatures import check_public_key, signature_verdict
from scala40.serving.undo import ONLY_AGAINST_BOTS

__all__ = [
    "DEAL_SCHEME",
    "MAX_ACKNOWLEDGEMENTS",
    "MAX_DEAL_EVENTS",
    "MAX_SEATS",
    "MAX_TERMS_CHARS",
    "MAX_VOIDS",
    "PHASES",
    "SALT_BYTES",
    "SEALED_DEAL_SCHEME",
    "VALUE_COMMITMENT_SCHEME",
    "Deal",
    "SealedDeal",
    "check_commitment",
    "check_value",
    "commitment_of",
    "deal_of_row",
    "deal_problems",
    "refuted_void",
    "sealed_commitment_of",
    "sealed_seed_of",
    "terms_text",
    "value_commitment_of",
    "verify_deal",
]

DEAL_SCHEME = "sha256:scala40-deal-v1:<salt>:<seed>"
"""The name of a chosen seed's commitment (and of the deals of tables made before 0.3,
whose seed the server drew alone), as a table's ``deal`` says it (see the module)."""
SEALED_DEAL_SCHEME = "sha256:scala40-deal-v3:<salt>:<secret>:<terms>"
"""The name of the commitment of a deal whose parts are all committed to before any is
revealed (:class:`SealedDeal`, see the module)."""
VALUE_COMMITMENT_SCHEME = "sha256:scala40-value-v3:<commitment>:<seat>:<value>"
"""How a seat commits to its value (:func:`value_commitment_of`)."""
PHASES = ("commit", "reveal", "dealt", "void")
"""The phases of a :class:`SealedDeal`: the commitments are taken, then the values; then
the cards are dealt, or the table is void (a seat that committed withheld its value)."""
SALT_BYTES = 32
"""The random bytes of a salt and of a secret (written as twice as many hexadecimal
digits)."""
MAX_TERMS_CHARS = 100_000
"""The longest terms text read (a ruleset's dictionary is a few hundred characters)."""
MAX_SEATS = 64
"""The most seats the terms of a deal that is checked may have."""
MAX_VOIDS = 3
"""The most deals of a table that may be void: each of the first ``MAX_VOIDS - 1`` is
drawn again (:meth:`SealedDeal.redrawn`), and the last is final. Each void lets whoever
caused it choose among the deals (so among at most this many), so the terms of a deal
drawn again count them (``"voids"``) and the check reports them."""
MAX_DEAL_EVENTS = 4_000
"""The most events the check replays: a whole match of random moves makes 150 to 2,400
(a person's far fewer), each replayed in 50 microseconds at most (an event sent again
costs a comparison), so that a check takes at most about 0.2 s of CPU."""
MAX_ACKNOWLEDGEMENTS = 1_000
"""The most acknowledgements the check reads (each part a seat sent, and each time it
was sent again: the same acknowledgement kept twice is counted once, and a seat sends
each of its two parts of at most :data:`MAX_VOIDS` deals)."""
_V1 = "scala40-deal-v1"
_V3 = "scala40-deal-v3"
_SEED_V3 = "scala40-seed-v3"
_VALUE_V3 = "scala40-value-v3"
_HEX = frozenset("0123456789abcdef")
_VALUE_DIGITS = (32, 64)
"""The fewest and the most hexadecimal digits of a person's value (128 to 256 bits)."""

_SERVER_CHOSE = (
    "the server chose this deal: the table was made without shuffling with its people, "
    "so no value of yours went into its seed and nothing stopped the server from "
    "choosing your cards"
)
_DRAWN_ALONE = (
    "the server chose this deal: it drew the seed alone (a table made before 0.3), so "
    "nothing stopped it from choosing your cards"
)
_NONE_TOOK_PART = (
    "no person's value went into this deal's seed: the table shuffles with its people, "
    "but no commitment came in before the deal took them, yours included, so the server "
    "dealt from its secret alone and nothing stopped it from choosing your cards"
)
_NO_PART = (
    "no value of yours went into this deal's seed (your seat sent none before the deal "
    "took them), so the server, with the seats that took part, could have chosen your "
    "cards"
)


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


def _check_terms(terms: object) -> str:
    if not (isinstance(terms, str) and terms.isascii() and len(terms) <= MAX_TERMS_CHARS):
        raise InvalidValueError(f"the terms are a JSON text in ASCII, got {describe(terms, 80)}")
    return terms


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


def check_commitment(commitment: object) -> str:
    """A seat's commitment to its value: a SHA-256 digest, 64 lowercase hexadecimal
    digits (:func:`value_commitment_of`).

    :raises InvalidArgumentError: ``commitment`` is not text.
    :raises InvalidValueError: it is text of another form.
    """
    if not isinstance(commitment, str):
        raise InvalidArgumentError(
            f"a commitment must be hexadecimal text, got {describe(commitment)}"
        )
    return _check_hex("commitment", commitment)


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
    text = f"{_V1}:{_check_salt(salt)}:{_check_seed(seed)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def terms_text(
    game: str,
    rules: Mapping[str, Any],
    seats: Sequence[Mapping[str, Any]],
    shuffle: bool,
    voids: int = 0,
    key: str | None = None,
) -> str:
    """The terms a deal commits to: ``game``'s name, ``rules`` (a ruleset's
    ``to_dict()``), ``seats`` (each ``{"bot": NAME}`` or ``{"player": true}``),
    whether the table shuffles with its people, where the table's deal was void
    before, how many times (``"voids"``, left out when none), and the key the server
    signs its acknowledgements with (``"key"``, :mod:`scala40.serving.signatures`; left
    out by a server that signs none), as JSON with sorted keys, no spaces and ASCII only.

    >>> from scala40.serving.fair_deal import terms_text
    >>> terms_text("toy", {"a": 1}, [{"player": True}, {"bot": "greedy"}], shuffle=True)
    '{"game":"toy","rules":{"a":1},"seats":[{"player":true},{"bot":"greedy"}],"shuffle":true}'

    :raises InvalidValueError: ``key`` is not a key's form.
    """
    terms: dict[str, Any] = {
        "game": game,
        "rules": dict(rules),
        "seats": [dict(seat) for seat in seats],
        "shuffle": bool(shuffle),
    }
    if voids:
        terms["voids"] = voids
    if key is not None:
        terms["key"] = check_public_key(key)
    return json.dumps(terms, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def sealed_commitment_of(secret: str, salt: str, terms: object) -> str:
    """The server's commitment to a :class:`SealedDeal`'s secret and terms: the SHA-256
    digest of ``scala40-deal-v3:<salt>:<secret>:<terms>``, in hexadecimal.

    >>> from scala40.serving.fair_deal import sealed_commitment_of
    >>> import hashlib
    >>> secret, salt = "00" * 32, "11" * 32
    >>> sealed_commitment_of(secret, salt, "{}") == hashlib.sha256(
    ...     f"scala40-deal-v3:{salt}:{secret}:{{}}".encode()).hexdigest()
    True

    :raises InvalidValueError: a secret or a salt that is not 64 lowercase hexadecimal
        digits, or terms that are not ASCII text of at most :data:`MAX_TERMS_CHARS`.
    """
    text = f"{_V3}:{_check_salt(salt)}:{_check_hex('secret', secret)}:{_check_terms(terms)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def value_commitment_of(commitment: str, seat: int, value: str) -> str:
    """A seat's commitment to its ``value`` at the table whose deal's commitment is
    ``commitment``: the SHA-256 digest of ``scala40-value-v3:<commitment>:<seat>:<value>``,
    in hexadecimal. Naming the table and the seat, it cannot be copied by another seat,
    nor from another table.

    >>> from scala40.serving.fair_deal import value_commitment_of
    >>> import hashlib
    >>> table = "ab" * 32
    >>> value_commitment_of(table, 1, "5eed" * 8) == hashlib.sha256(
    ...     f"scala40-value-v3:{table}:1:{'5eed' * 8}".encode()).hexdigest()
    True

    :raises InvalidValueError: a commitment or a value of another form, or a seat that
        is not a number from 0 to :data:`MAX_SEATS` - 1.
    :raises InvalidArgumentError: a value that is not text.
    """
    _check_hex("table's commitment", commitment)
    if not (type(seat) is int and 0 <= seat < MAX_SEATS):
        raise InvalidValueError(
            f"a seat is a number from 0 to {MAX_SEATS - 1}, got {describe(seat)}"
        )
    text = f"{_VALUE_V3}:{commitment}:{seat}:{check_value(value)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def sealed_seed_of(secret: str, values: Sequence[str | None]) -> int:
    """The seed of a :class:`SealedDeal`: the first 8 bytes, big-endian, of the SHA-256
    digest of ``scala40-seed-v3:<secret>:<value 0>:...``, a seat without a value giving
    the empty text.

    >>> from scala40.serving.fair_deal import sealed_seed_of
    >>> sealed_seed_of("00" * 32, [None, None]) == sealed_seed_of("00" * 32, [None, "ab" * 16])
    False

    :raises InvalidValueError: a secret or a value of another form.
    :raises InvalidArgumentError: ``values`` is not a list.
    """
    _check_hex("secret", secret)
    if not isinstance(values, (list, tuple)):
        raise InvalidArgumentError(f"values must be a list, got {describe(values)}")
    parts = ["" if value is None else check_value(value) for value in values]
    text = ":".join([_SEED_V3, secret, *parts])
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


def deal_of_row(row: Mapping[str, Any]) -> Deal | SealedDeal:
    """A deal as its ``to_row()`` kept it (a row of every release's tables)."""
    if row.get("version") == 3:
        return SealedDeal.from_row(row)
    return Deal(int(row["seed"]), row["salt"], bool(row["chosen"]))


def _check_phase(phase: object) -> None:
    if phase not in PHASES:
        raise InvalidValueError(f"a deal's phase is one of {PHASES}, got {describe(phase)}")


@attrs.frozen
class SealedDeal:
    """A deal whose parts are all committed to before any is revealed (see the module):
    the server's secret and salt, the terms committed to, each seat's commitment and
    value (``None``: none sent), the deal's phase (:data:`PHASES`), when that phase
    began (``time.time()``: the deal's clock) and, once the table is void, the seats
    that withheld their values.

    >>> import json
    >>> from scala40.serving.fair_deal import SealedDeal, value_commitment_of
    >>> deal = SealedDeal.draw('{"game":"toy"}', seats=2, now=0.0)
    >>> mine = "5eed" * 8
    >>> deal = deal.with_commitment(0, value_commitment_of(deal.commitment, 0, mine))
    >>> deal = deal.advanced(people=[0], now=1.0, seconds=60)
    >>> deal.phase, deal.waiting([0])
    ('reveal', (0,))
    >>> deal.with_value(0, "ab" * 16)
    Traceback (most recent call last):
    ...
    scala40.errors.InvalidValueError: seat 0's value does not hash to the commitment it sent
    >>> deal.with_value(0, mine).advanced(people=[0], now=2.0, seconds=60).phase
    'dealt'
    >>> void = deal.advanced(people=[0], now=61.0, seconds=60)    # seat 0 never revealed
    >>> void.withheld
    (0,)
    >>> again = void.redrawn(now=61.0)                # a new deal, counting the void
    >>> again.phase, json.loads(again.terms)["voids"], again.voided == ((void.commitment, (0,)),)
    ('commit', 1, True)
    """

    secret: str = attrs.field(validator=lambda _, __, value: _check_hex("secret", value))
    """The server's secret, 64 lowercase hexadecimal digits."""
    salt: str = attrs.field(validator=lambda _, __, value: _check_salt(value))
    """The salt, 64 lowercase hexadecimal digits."""
    terms: str = attrs.field(validator=lambda _, __, value: _check_terms(value))
    """The terms committed to (:func:`terms_text`)."""
    commitments: tuple[str | None, ...]
    """Each seat's commitment to its value, or ``None`` where none was sent."""
    values: tuple[str | None, ...]
    """Each seat's value, or ``None`` where none was sent."""
    phase: str = attrs.field(default="commit", validator=lambda _, __, value: _check_phase(value))
    """What the deal waits for (:data:`PHASES`)."""
    phase_started: float = 0.0
    """When the phase began (``time.time()``)."""
    withheld: tuple[int, ...] = ()
    """The seats that committed and withheld their values (a void table's)."""
    voided: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """The table's deals before this one, each void: its commitment and the seats it
    named as withholding (:meth:`redrawn`)."""

    @classmethod
    def draw(cls, terms: str, seats: int, now: float, shuffle: bool = True) -> SealedDeal:
        """A new deal of ``terms`` for ``seats`` seats, made at ``now``: a secret and a
        salt drawn from ``secrets``; it takes the people's commitments, or, without
        ``shuffle``, is dealt from the secret alone."""
        nothing = (None,) * seats
        return cls(
            secrets.token_hex(SALT_BYTES),
            secrets.token_hex(SALT_BYTES),
            terms,
            nothing,
            nothing,
            "commit" if shuffle else "dealt",
            now,
        )

    @property
    def commitment(self) -> str:
        """The commitment published when the table is made
        (:func:`sealed_commitment_of`)."""
        return sealed_commitment_of(self.secret, self.salt, self.terms)

    @property
    def seed(self) -> int:
        """The seed the secret and the values give (:func:`sealed_seed_of`)."""
        return sealed_seed_of(self.secret, self.values)

    @property
    def is_dealt(self) -> bool:
        """Whether the seed is fixed and the cards may be dealt."""
        return self.phase == "dealt"

    @property
    def is_void(self) -> bool:
        """Whether a seat withheld its value, so that no card is dealt."""
        return self.phase == "void"

    @property
    def may_redraw(self) -> bool:
        """Whether this void deal is drawn again (:meth:`redrawn`): fewer than
        :data:`MAX_VOIDS` deals of the table were void before it."""
        return self.is_void and len(self.voided) + 1 < MAX_VOIDS

    def redrawn(self, now: float) -> SealedDeal:
        """The table's next deal after this void one, made at ``now``: a new secret and
        salt, the same terms but for the count of voids (``"voids"``, which the new
        commitment covers), no part yet, and this deal's commitment and the seats it
        named kept (:attr:`voided`), so that a seat whose value the server acknowledged
        can refute the void (:func:`refuted_void`) and every check counts it.

        :raises InvalidValueError: the deal is not void.
        """
        if not self.is_void:
            raise InvalidValueError(f"only a void deal is drawn again, not one at {self.phase!r}")
        voided = (*self.voided, (self.commitment, self.withheld))
        terms = json.loads(self.terms)
        terms["voids"] = len(voided)
        text = json.dumps(terms, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return attrs.evolve(SealedDeal.draw(text, len(self.values), now), voided=voided)

    def acknowledgement(self, seat: int) -> dict[str, Any]:
        """What the server answers a seat that sent its part, for the seat to keep and
        show: the deal's commitment (``table``), the seat, the commitment it holds for
        the seat and whether it holds the seat's value (``revealed``). A void that names
        a seat whose value was acknowledged is refuted by it (:func:`refuted_void`)."""
        return {
            "table": self.commitment,
            "seat": seat,
            "commitment": self.commitments[seat],
            "revealed": self.values[seat] is not None,
        }

    def waiting(self, people: Sequence[int]) -> tuple[int, ...]:
        """The seats the deal waits for: the ``people``'s seats that have not committed
        (while the commitments are taken), or the seats that committed and have not
        revealed (while the values are)."""
        if self.phase == "commit":
            return tuple(seat for seat in people if self.commitments[seat] is None)
        if self.phase == "reveal":
            return self._unrevealed()
        return ()

    def _unrevealed(self) -> tuple[int, ...]:
        return tuple(
            seat
            for seat, commitment in enumerate(self.commitments)
            if commitment is not None and self.values[seat] is None
        )

    def with_commitment(self, seat: int, commitment: object) -> SealedDeal:
        """This deal with ``seat``'s commitment, while the commitments are taken (the
        same commitment sent again, at any phase: the deal as it is).

        :raises InvalidValueError: the commitments are no longer taken, the seat has
            sent one already, or ``commitment`` is not a commitment's form.
        :raises InvalidArgumentError: ``commitment`` is not text.
        """
        checked = check_commitment(commitment)
        if self.commitments[seat] == checked:
            return self  # sent again (its answer was lost): acknowledged again
        if self.phase != "commit":
            raise InvalidValueError(
                f"the commitments are closed (the deal is at its {self.phase!r} phase): a "
                "commitment is taken only before any value is"
            )
        if self.commitments[seat] is not None:
            raise InvalidValueError(f"seat {seat} has sent its commitment already")
        commitments = list(self.commitments)
        commitments[seat] = checked
        return attrs.evolve(self, commitments=tuple(commitments))

    def with_value(self, seat: int, value: object) -> SealedDeal:
        """This deal with ``seat``'s value, while the values are taken: the value must
        hash to the seat's commitment (:func:`value_commitment_of`). The same value sent
        again, at any phase: the deal as it is.

        :raises InvalidValueError: the values are not taken now, the seat sent no
            commitment or has revealed already, or ``value`` does not hash to the
            seat's commitment or is not a value's form.
        :raises InvalidArgumentError: ``value`` is not text.
        """
        checked = check_value(value)
        if self.values[seat] == checked:
            return self  # sent again (its answer was lost): acknowledged again
        if self.phase != "reveal":
            when = "yet: every person commits first" if self.phase == "commit" else "any more"
            raise InvalidValueError(
                f"the deal takes no value {when} (its phase is {self.phase!r})"
            )
        expected = self.commitments[seat]
        if expected is None:
            raise InvalidValueError(
                f"seat {seat} sent no commitment before they closed: it takes no part in this deal"
            )
        if self.values[seat] is not None:
            raise InvalidValueError(f"seat {seat} has sent its value already")
        if not hmac.compare_digest(value_commitment_of(self.commitment, seat, checked), expected):
            raise InvalidValueError(f"seat {seat}'s value does not hash to the commitment it sent")
        values = list(self.values)
        values[seat] = checked
        return attrs.evolve(self, values=tuple(values))

    def advanced(self, people: Sequence[int], now: float, seconds: float) -> SealedDeal:
        """The deal at ``now``, where its phases last at most ``seconds`` each and
        ``people`` are the seats of persons: the commitments close once every person
        has committed or their time is up (no commitment at all: the cards are dealt
        from the secret alone); then the cards are dealt once every seat that committed
        has revealed, or, once their time is up, the table is void, naming the seats
        that withheld."""
        deal = self
        if deal.phase == "commit":
            if deal.waiting(people) and now - deal.phase_started < seconds:
                return deal
            committed = any(commitment is not None for commitment in deal.commitments)
            deal = attrs.evolve(deal, phase="reveal" if committed else "dealt", phase_started=now)
        if deal.phase == "reveal":
            withheld = deal._unrevealed()
            if not withheld:
                return attrs.evolve(deal, phase="dealt", phase_started=now)
            if now - deal.phase_started >= seconds:
                return attrs.evolve(deal, phase="void", phase_started=now, withheld=withheld)
        return deal

    def seconds_left(self, now: float, seconds: float) -> float:
        """What is left of the phase's ``seconds`` at ``now`` (0 once it has run out)."""
        return max(0.0, self.phase_started + seconds - now)

    def public(self, revealed: bool) -> dict[str, Any]:
        """What a seat is sent: the scheme, the commitment, the terms, the phase, the
        seats' commitments, their values once the cards are dealt, the seats that
        withheld theirs (a void table's) and the table's void deals before this one
        (``voided``: each one's commitment and the seats it named); with ``revealed`` (the match is over), the
        secret, the salt and the seed (as decimal text) too."""
        dealt = self.phase == "dealt"
        shown: dict[str, Any] = {
            "scheme": SEALED_DEAL_SCHEME,
            "commitment": self.commitment,
            "seed_chosen": False,
            "terms": self.terms,
            "phase": self.phase,
            "commitments": list(self.commitments),
            "values": list(self.values) if dealt else [None] * len(self.values),
        }
        if self.phase == "void":
            shown["withheld"] = list(self.withheld)
        if self.voided:
            shown["voided"] = [
                {"commitment": commitment, "withheld": list(withheld)}
                for commitment, withheld in self.voided
            ]
        if revealed and dealt:
            shown["secret"] = self.secret
            shown["salt"] = self.salt
            shown["seed"] = str(self.seed)
        return shown

    def to_row(self) -> dict[str, Any]:
        """What a server keeps of the deal (:meth:`from_row` reads it back; a deal
        with no void before it, as before voids were counted)."""
        row: dict[str, Any] = {
            "version": 3,
            "secret": self.secret,
            "salt": self.salt,
            "terms": self.terms,
            "commitments": list(self.commitments),
            "values": list(self.values),
            "phase": self.phase,
            "phase_started": self.phase_started,
            "withheld": list(self.withheld),
        }
        if self.voided:
            row["voided"] = [[commitment, list(withheld)] for commitment, withheld in self.voided]
        return row

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> SealedDeal:
        """A deal as :meth:`to_row` kept it."""
        return cls(
            row["secret"],
            row["salt"],
            row["terms"],
            tuple(row["commitments"]),
            tuple(row["values"]),
            row["phase"],
            float(row["phase_started"]),
            tuple(row["withheld"]),
            tuple((commitment, tuple(withheld)) for commitment, withheld in row.get("voided", ())),
        )


# ---------------------------------------------------------------- the check


def deal_problems(
    commitment: object,
    deal: object,
    view: object,
    events: object,
    *,
    value: object = None,
    commitments: object = None,
    acknowledgements: object = None,
) -> list[str]:
    """What is wrong with a revealed deal, from one seat's side (empty: the deal is
    verified): ``commitment`` is what the table published for the deal that dealt (when
    it was made, or, after a void, when it drew the deal again), ``deal``
    what it reveals at the end, ``view`` the seat's last view (``view.to_dict()``),
    ``events`` every event the seat was sent, oldest first, as it was sent (answers
    that sent some again, and the events of moves an undo took back, included),
    ``value`` the value the seat sent, ``commitments`` the deal's ``commitments``
    as the seat saw them when it sent its value, and ``acknowledgements`` what the
    server answered each part the seat sent at the table
    (:meth:`SealedDeal.acknowledgement`, the deals before a void included; each kept as
    often as it came, at most :data:`MAX_ACKNOWLEDGEMENTS`: the same one is counted once).

    A table whose deal was void before is reported, as a warning, with the count its
    terms committed to: each void let whoever caused it choose among the deals. A void
    that named the seat after the server acknowledged its value is refuted
    (:func:`refuted_void`), a deal the seat took part in that the revealed deal does not
    count among its voids was hidden, and a deal dealt without a commitment or a value
    the server acknowledged left the seat out. An acknowledgement shows that only where
    it is the seat's own and the key the terms name signed it (anyone can write one:
    :mod:`scala40.serving.signatures`); each finding says whom it convinces: anyone,
    where the signature verifies; only the seat that kept it, where the terms name no
    key or the signature cannot be checked here (the ``web`` extra is not installed).

    A deal the server chose (see the module) is not verified: its problem says so, as
    a warning, beside any other. A deal the seat took part in needs its ``value``, and,
    where other seats took part too, the ``commitments`` it saw: without them nothing
    shows that a seat did not choose its value after seeing the seat's. The game the
    seed deals is replayed with the events' moves (a chance step dealt from the seed,
    as the servers deal them), at most :data:`MAX_DEAL_EVENTS` events; the first event
    that differs from the replay's, or a last view that does, is named.

    :raises SerializationError: ``view`` is not a view's JSON, or the revealed terms are
        not a table's terms.
    :raises InvalidArgumentError: ``deal`` is not a mapping, ``events`` not a list of
        events, ``commitments`` not a list, ``acknowledgements`` not a list of at most
        :data:`MAX_ACKNOWLEDGEMENTS` acknowledgements (more than ``2 * MAX_VOIDS``
        different), or ``value`` not text.
    :raises InvalidValueError: more than :data:`MAX_DEAL_EVENTS` events, or ``value`` is
        text that is no value.
    """
    if not isinstance(deal, Mapping):
        raise InvalidArgumentError(f"deal must be a table's revealed deal, got {describe(deal)}")
    if not isinstance(events, Sequence) or isinstance(events, (str, bytes)):
        raise InvalidArgumentError(f"events must be a list of events, got {describe(events)}")
    if len(events) > MAX_DEAL_EVENTS:
        raise InvalidValueError(f"{len(events)} events: at most {MAX_DEAL_EVENTS} are replayed")
    if commitments is not None and not isinstance(commitments, list):
        raise InvalidArgumentError(
            f"commitments must be the list of the deal's commitments, got {describe(commitments)}"
        )
    if value is not None:
        check_value(value)
    acknowledged = _check_acknowledgements(acknowledgements)
    seen = view_from_dict(view)
    scheme = deal.get("scheme")
    if scheme == SEALED_DEAL_SCHEME:
        return _sealed_problems(commitment, deal, seen, events, value, commitments, acknowledged)
    if commitments is not None or acknowledged:
        return [
            f"you committed to a value, but the deal revealed is of scheme {describe(scheme)}, "
            "which takes no commitment"
        ]
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
    # A chosen seed commits to no terms: the game and rules are the view's. It is taken
    # only at a table with no other person; a seed drawn alone (a table made before 0.3)
    # was the server's choice.
    warnings = [] if deal.get("seed_chosen") is True else [_DRAWN_ALONE]
    game = _game_named(seen.game, "view")
    rules, players = seen.public.get("rules"), seen.public.get("player_count")
    if not isinstance(rules, Mapping) or type(players) is not int:
        raise SerializationError("view: the view names no rules or no number of players")
    try:
        ruleset = game.ruleset_type.from_dict(rules)
    except Scala40Error as error:
        raise SerializationError(f"view: its rules: {error}") from None
    return warnings + _replay(
        _check_seed(deal["seed"]), game, ruleset, players, seen, events, None
    )


def _check_acknowledgements(acknowledgements: object) -> list[dict[str, Any]]:
    """The distinct acknowledgements given, each read (:func:`_acknowledgement_of`): one
    kept twice (a part sent again is acknowledged again) counted once."""
    if acknowledgements is None:
        return []
    if not (isinstance(acknowledgements, list) and len(acknowledgements) <= MAX_ACKNOWLEDGEMENTS):
        raise InvalidArgumentError(
            f"acknowledgements must be the list of what the server answered your parts (at "
            f"most {MAX_ACKNOWLEDGEMENTS}), got {describe(acknowledgements, 80)}"
        )
    distinct: dict[tuple[Any, ...], dict[str, Any]] = {}
    for given in acknowledgements:
        read = _acknowledgement_of(given)
        distinct.setdefault(tuple(read.get(name) for name in _ACKNOWLEDGEMENT_KEYS), read)
    if len(distinct) > MAX_VOIDS * 2:
        raise InvalidArgumentError(
            f"{len(distinct)} different acknowledgements: a seat is given at most "
            f"{MAX_VOIDS * 2} (its commitment and its value, at each of at most {MAX_VOIDS} "
            "deals of a table)"
        )
    return list(distinct.values())


_ACKNOWLEDGEMENT_KEYS = ("table", "seat", "commitment", "revealed", "signature")
"""An acknowledgement's fields (:meth:`SealedDeal.acknowledgement`, with its
``signature`` from a server that signs them): any other (a client's note of when it came)
is not read."""
_MOST_SIGNATURE_CHARS = 256
"""The longest signature read (an Ed25519 signature is 128 hexadecimal digits)."""


def _acknowledgement_of(given: object) -> dict[str, Any]:
    """An acknowledgement's fields, checked to be of their form: the deal's commitment
    (``table``), the seat, the seat's commitment (or ``None``), whether its value is in
    (``revealed``) and, if any, the signature (text, checked against the key later).

    :raises InvalidArgumentError: ``given`` is anything else.
    """
    if isinstance(given, Mapping):
        table, seat, sealed, revealed, signature = map(given.get, _ACKNOWLEDGEMENT_KEYS)
        if (
            _is_digest(table)
            and type(seat) is int
            and 0 <= seat < MAX_SEATS
            and (sealed is None or _is_digest(sealed))
            and isinstance(revealed, bool)
            and (
                signature is None
                or (isinstance(signature, str) and len(signature) <= _MOST_SIGNATURE_CHARS)
            )
        ):
            read = {"table": table, "seat": seat, "commitment": sealed, "revealed": revealed}
            return read if signature is None else {**read, "signature": signature}
    raise InvalidArgumentError(
        "each acknowledgement must be what the server answered a part: its table, seat, "
        f"commitment, revealed and (if signed) signature, got {describe(given, 80)}"
    )


def _is_digest(text: object) -> bool:
    return isinstance(text, str) and len(text) == 2 * SALT_BYTES and set(text) <= _HEX


def _whose_word(verdict: bool | None, key: object) -> str:
    """Who an acknowledgement convinces, from its :func:`signature_verdict` (never
    ``False`` here: an acknowledgement the key did not sign refutes nothing)."""
    if verdict:
        return (
            f" (the acknowledgement is signed by the key the table's terms name, "
            f"{describe(key, 80)}: anyone can check that the server made it)"
        )
    if key is None:
        why = "the table's terms name no key, so the acknowledgement carries no signature"
    else:
        why = "its signature cannot be checked here (install scala40[web] to check it)"
    return (
        f" (this convinces only the seat that kept the acknowledgement: {why}, so anyone "
        "else has only that seat's word that the server made it)"
    )


def refuted_void(void: object, acknowledgement: object, *, key: object = None) -> str | None:
    """Why a void deal's blame is false, from a seat's ``acknowledgement``
    (:meth:`SealedDeal.acknowledgement`, as the server answered the seat's value), or
    ``None`` where it does not refute it: ``void`` (an entry of a deal's ``voided``, or
    a void deal as it is sent) names the seat as withholding its value, yet the server
    acknowledged that value at that deal, so the server, not the seat, withheld it.

    ``key`` is the key the table's terms name (:mod:`scala40.serving.signatures`): an
    acknowledgement it did not sign refutes nothing, and the refutation says whom it
    convinces: anyone, where the signature is checked; only the seat that kept it, where
    the terms name no key or the signature cannot be checked here.

    >>> from scala40.serving.fair_deal import refuted_void
    >>> void = {"commitment": "ab" * 32, "withheld": [0]}
    >>> kept = {"table": "ab" * 32, "seat": 0, "commitment": "cd" * 32, "revealed": True}
    >>> refuted_void(void, kept)[:60]
    "the server acknowledged seat 0's value at the deal it voided"
    >>> "convinces only the seat that kept" in refuted_void(void, kept)   # not signed
    True
    >>> refuted_void(void, {**kept, "revealed": False}) is None   # only the commitment
    True

    :raises InvalidArgumentError: ``void`` or ``acknowledgement`` is not a mapping.
    :raises InvalidValueError: ``key`` is given but is not a key's form.
    """
    if not (isinstance(void, Mapping) and isinstance(acknowledgement, Mapping)):
        raise InvalidArgumentError(
            f"a void and an acknowledgement are objects, got {describe(void, 40)} and "
            f"{describe(acknowledgement, 40)}"
        )
    refutation = _void_refutation(void, acknowledgement)
    verdict = signature_verdict(acknowledgement, key)
    if refutation is None or verdict is False:
        return None
    return refutation + _whose_word(verdict, key)


def _void_refutation(void: Mapping[str, Any], acknowledgement: Mapping[str, Any]) -> str | None:
    """What an acknowledgement refutes of a void, whoever made it (see
    :func:`refuted_void`)."""
    seat, withheld = acknowledgement.get("seat"), void.get("withheld")
    if not (
        isinstance(withheld, list)
        and type(seat) is int
        and seat in withheld
        and acknowledgement.get("revealed") is True
        and isinstance(void.get("commitment"), str)
        and acknowledgement.get("table") == void["commitment"]
    ):
        return None
    return (
        f"the server acknowledged seat {seat}'s value at the deal it voided (its commitment "
        f"{describe(void['commitment'], 80)}), yet the void names seat {seat} as withholding "
        "it: the server withheld that value, not the seat"
    )


def _unusable(given: Mapping[str, Any], seat: int, key: object) -> str | None:
    """Why an acknowledgement given to the check shows nothing of the seat's part
    (``None``: it may): it is another seat's, or the key the terms name did not sign it
    (anyone can write an acknowledgement: only the server's signature makes it the
    server's)."""
    if given["seat"] != seat:
        return (
            f"an acknowledgement given to the check is of seat {given['seat']}, not of "
            f"yours (seat {seat}): it shows nothing of your part"
        )
    if signature_verdict(given, key) is False:
        return (
            f"an acknowledgement given to the check (of the deal {describe(given['table'])}) "
            f"does not carry the signature of the key the table's terms name "
            f"({describe(key, 80)}): the server did not make it, so it refutes nothing"
        )
    return None


def _void_problems(
    commitment: object,
    read: Mapping[str, Any],
    deal: Mapping[str, Any],
    seat: int,
    acknowledged: list[dict[str, Any]],
) -> tuple[list[str], list[str]]:
    """The problems and the warnings of the table's voids before its deal: the count
    the terms committed to, the void deals the deal lists, and the seat's
    acknowledgements (each of this deal, or of a void deal listed, which it may refute;
    each refutation saying whom it convinces, :func:`_whose_word`)."""
    count, voided = read.get("voids", 0), deal.get("voided", [])
    if not (
        isinstance(voided, list)
        and len(voided) == count
        and all(
            isinstance(void, Mapping)
            and isinstance(void.get("commitment"), str)
            and isinstance(void.get("withheld"), list)
            for void in voided
        )
    ):
        return [
            f"the terms count {count} void deals before this one, the deal revealed lists "
            f"{describe(voided, 80)}"
        ], []
    key = read.get("key")
    problems: list[str] = []
    for given in acknowledged:
        unusable = _unusable(given, seat, key)
        if unusable is not None:
            problems.append(unusable)
            continue
        if given["table"] == commitment:
            found = _dealt_without(deal, seat, given)
        else:
            void = next((void for void in voided if void["commitment"] == given["table"]), None)
            if void is None:
                found = [
                    "the server acknowledged your part of a deal of this table (its "
                    f"commitment {describe(given['table'], 80)}) that the deal revealed does "
                    "not count among its voids: a void was hidden"
                ]
            else:
                refuted = _void_refutation(void, given)
                found = [] if refuted is None else [refuted]
        whose = _whose_word(signature_verdict(given, key), key)
        problems += [problem + whose for problem in found if problem + whose not in problems]
    if not count:
        return problems, []
    named = "; ".join(
        "seats " + ", ".join(map(str, void["withheld"])) + " named" for void in voided
    )
    times = "once" if count == 1 else f"{count} times"
    return problems, [
        f"this table's deal was void {times} before this one ({named}): each void let whoever "
        f"caused it, the server by dropping a value it had or a seat by withholding its own, "
        f"choose among {count + 1} deals; if voids keep coming, the server may be choosing deals"
    ]


def _dealt_without(deal: Mapping[str, Any], seat: int, given: Mapping[str, Any]) -> list[str]:
    """What a seat's acknowledgement of the deal that dealt refutes: a commitment it
    acknowledged that the deal does not hold, or a value it acknowledged that the deal
    left out."""
    shown, values = deal.get("commitments"), deal.get("values")
    if not (isinstance(shown, list) and isinstance(values, list) and seat < len(shown)):
        return []
    if given["commitment"] is not None and shown[seat] != given["commitment"]:
        return [
            f"the server acknowledged your commitment {describe(given['commitment'], 80)}, "
            f"yet the deal revealed holds {describe(shown[seat], 80)} for your seat"
        ]
    if given["revealed"] is True and values[seat] is None:
        return [
            "the server acknowledged your value, yet dealt without it: it left out your part "
            "and could have chosen your cards"
        ]
    return []


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


def _read_terms(terms: Any) -> dict[str, Any]:
    """The revealed terms (which hash to the commitment), read: a game, its rules, its
    seats (each a bot's or a person's), whether the table shuffles with its people,
    where its deal was void before, how many times (``voids``, 1 to
    :data:`MAX_VOIDS` - 1), and the key that signs the server's acknowledgements
    (``key``, left out by a server that signs none)."""
    try:
        read = json.loads(terms)
    except (ValueError, RecursionError):
        raise SerializationError("deal: the terms are not JSON") from None
    if not (
        isinstance(read, dict)
        and set(read) - {"voids", "key"} == {"game", "rules", "seats", "shuffle"}
        and isinstance(read["game"], str)
        and isinstance(read["rules"], dict)
        and isinstance(read["seats"], list)
        and 0 < len(read["seats"]) <= MAX_SEATS
        and all(_is_seat(seat) for seat in read["seats"])
        and isinstance(read["shuffle"], bool)
        and (type(read.get("voids", 1)) is int and 0 < read.get("voids", 1) < MAX_VOIDS)
    ):
        raise SerializationError("deal: the terms are not a game, its rules and its seats")
    if "key" in read:
        try:
            check_public_key(read["key"])
        except InvalidValueError as error:
            raise SerializationError(f"deal: the terms' key: {error}") from None
    return read


def _is_seat(seat: object) -> bool:
    return seat == {"player": True} or (
        isinstance(seat, dict) and set(seat) == {"bot"} and isinstance(seat["bot"], str)
    )


def _game_of_terms(read: Mapping[str, Any], seen: Any) -> tuple[Any, Any] | str:
    """The game and rules of the terms, or why the view is not of them."""
    if read["game"] != seen.game:
        return f"the view is of {seen.game!r}, the deal's terms of {read['game']!r}"
    game = _game_named(read["game"], "deal: the terms")
    try:
        rules = game.ruleset_type.from_dict(read["rules"])
    except Scala40Error as error:
        raise SerializationError(f"deal: the terms' rules: {error}") from None
    return game, rules


def _game_named(name: str, where: str) -> Any:
    """The game a view or the terms name (a game this library does not know: they are
    not a view's or a table's)."""
    try:
        return load_game(name)
    except Scala40Error as error:
        raise SerializationError(f"{where}: {error}") from None


def _table_refusal(seats: Sequence[Mapping[str, Any]], seat: int) -> str | None:
    """Why the table of ``seats`` takes no undo from ``seat`` (another person sits)."""
    others = [place for other, place in enumerate(seats) if other != seat]
    return None if all("bot" in place for place in others) else ONLY_AGAINST_BOTS


def _sealed_problems(
    commitment: object,
    deal: Mapping[str, Any],
    seen: Any,
    events: Sequence[object],
    value: object,
    commitments: list[Any] | None,
    acknowledged: list[dict[str, Any]],
) -> list[str]:
    secret, salt, terms = deal.get("secret"), deal.get("salt"), deal.get("terms")
    problems = _commitment_problems(
        commitment,
        lambda: sealed_commitment_of(secret, salt, terms),  # type: ignore[arg-type]
        "a secret, a salt and terms",
        "secret, salt and terms",
    )
    if problems:
        return problems
    read = _read_terms(terms)
    found = _game_of_terms(read, seen)
    if isinstance(found, str):
        return [found]
    seats = read["seats"]
    if deal.get("phase") != "dealt":
        return [f"the deal revealed was not dealt: its phase is {describe(deal.get('phase'))}"]
    shown, values = deal.get("commitments"), deal.get("values")
    if not (
        isinstance(shown, list)
        and isinstance(values, list)
        and len(shown) == len(values) == len(seats)
    ):
        return ["the deal revealed has no commitment and value (or none) for each seat"]
    if not 0 <= seen.seat < len(seats):
        return [f"the view is of seat {seen.seat}, the terms have {len(seats)}"]
    for seat, (sealed, revealed) in enumerate(zip(shown, values, strict=True)):
        problem = _part_problem(commitment, seat, seats[seat], read["shuffle"], sealed, revealed)
        if problem is not None:
            return [problem]
    mine = values[seen.seat]
    problem = _own_value_problem(mine, value, seen.seat)
    if problem is not None:
        return [problem]
    problems, warnings = _void_problems(commitment, read, deal, seen.seat, acknowledged)
    if problems:
        return problems
    if mine is None:
        took_part = any(theirs is not None for theirs in values)
        chose = _NO_PART if took_part else _NONE_TOOK_PART
        warnings = [chose if read["shuffle"] else _SERVER_CHOSE, *warnings]
    others = [
        seat for seat, theirs in enumerate(values) if theirs is not None and seat != seen.seat
    ]
    if others and mine is not None:
        if commitments is None:
            return [
                "give the commitments you saw before you sent your value (commitments=...): "
                f"without them nothing shows that seat {others[0]} committed before it saw yours"
            ]
        if commitments != shown:
            return [
                "the commitments revealed are not those you saw before you sent your value "
                f"(you saw {describe(commitments, 80)}, the deal reveals {describe(shown, 80)}): "
                "a seat could have chosen its value after seeing yours"
            ]
    seed = sealed_seed_of(secret, values)  # type: ignore[arg-type]
    if deal.get("seed") != str(seed):
        return [
            f"the seed revealed, {describe(deal.get('seed'), 40)}, is not the one the secret "
            f"and the values give ({seed})"
        ]
    game, rules = found
    refusal = _table_refusal(seats, seen.seat)
    return warnings + _replay(seed, game, rules, len(seats), seen, events, refusal)


def _own_value_problem(mine: object, value: object, seat: int) -> str | None:
    """What is wrong with the seat's own value in a revealed deal: the one the seat sent
    must be the one used, and a seat whose value was used must give it to check."""
    if value is not None and mine != value:
        return (
            f"your value {describe(value, 80)} is not the one the deal used for seat "
            f"{seat} ({describe(mine, 80)})"
        )
    if mine is not None and value is None:
        return "give the value you sent (value=...): without it nothing shows the seed used it"
    return None


def _part_problem(
    commitment: object,
    seat: int,
    place: Mapping[str, Any],
    shuffle: bool,
    sealed: object,
    revealed: object,
) -> str | None:
    """What is wrong with a seat's part of a revealed deal: its commitment and its value
    must both be there (and the value hash to the commitment) or both be missing, and
    a bot's seat, or any seat of a table that does not shuffle, has neither."""
    if sealed is None and revealed is None:
        return None
    if "bot" in place or not shuffle:
        why = "is a bot's" if "bot" in place else "is at a table that does not shuffle"
        return f"seat {seat} {why}, yet the deal revealed gives it a commitment or a value"
    if sealed is None:
        return (
            f"seat {seat}'s value was never committed to: it was chosen after the others were seen"
        )
    if revealed is None:
        return (
            f"seat {seat} committed and its value is not revealed: the table should have "
            "been void, not dealt"
        )
    try:
        checked = check_commitment(sealed)
        expected = value_commitment_of(commitment, seat, revealed)  # type: ignore[arg-type]
    except (InvalidValueError, InvalidArgumentError) as error:
        return f"seat {seat}'s part of the deal revealed is not a commitment and a value: {error}"
    if not hmac.compare_digest(expected, checked):
        return f"seat {seat}'s value does not hash to its commitment: it was changed after"
    return None


def _replay(
    seed: int,
    game: Any,
    rules: Any,
    players: int,
    seen: Any,
    events: Sequence[object],
    table_refusal: str | None,
) -> list[str]:
    """The events and the last view the seat was sent, against the game ``seed`` deals
    under ``rules`` (:mod:`scala40.serving._replay`)."""
    try:
        state = game.new_game(rules, players, seed)
    except Scala40Error as error:
        return [f"the terms deal no game: {error}"]
    return replay_problems(state, seen, events, table_refusal)


def verify_deal(
    commitment: object,
    deal: object,
    view: object,
    events: object,
    *,
    value: object = None,
    commitments: object = None,
    acknowledgements: object = None,
) -> bool:
    """Whether the revealed deal checks out from one seat's side: no
    :func:`deal_problems` (so a deal the server chose is never verified).

    :raises SerializationError: as :func:`deal_problems`.
    :raises InvalidArgumentError: as :func:`deal_problems`.
    :raises InvalidValueError: as :func:`deal_problems`.
    """
    return not deal_problems(
        commitment,
        deal,
        view,
        events,
        value=value,
        commitments=commitments,
        acknowledgements=acknowledgements,
    )
