"""The deals of a table and their commitments: a seed a table's creator chose
(:class:`Deal`), and a deal whose parts, the server's secret and each person's value, are
all committed to before any is revealed (:class:`SealedDeal`), with the texts each
commitment hashes and the seed they give. :mod:`scala40_server.serving.fair_deal` describes the
scheme byte by byte and checks a revealed deal; its names are importable from there too.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, TypeGuard

import attrs

from scala40.checks import describe, is_decimal
from scala40.errors import InvalidArgumentError, InvalidValueError
from scala40_server.protocol import MAX_SEED
from scala40_server.serving.signatures import canonical_json, check_public_key

__all__ = [
    "DEAL_SCHEME",
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
    "check_salt",
    "check_seed",
    "check_value",
    "commitment_of",
    "deal_of_row",
    "is_digest",
    "sealed_commitment_of",
    "sealed_seed_of",
    "terms_text",
    "value_commitment_of",
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
_V1 = "scala40-deal-v1"
_V3 = "scala40-deal-v3"
_SEED_V3 = "scala40-seed-v3"
_VALUE_V3 = "scala40-value-v3"
_HEX = frozenset("0123456789abcdef")
_VALUE_DIGITS = (32, 64)
"""The fewest and the most hexadecimal digits of a person's value (128 to 256 bits)."""


def is_digest(text: object) -> TypeGuard[str]:
    """Whether ``text`` is a SHA-256 digest as the deals write them: 64 lowercase
    hexadecimal digits (the form of a salt and of a secret too)."""
    return isinstance(text, str) and len(text) == 2 * SALT_BYTES and set(text) <= _HEX


def _check_hex(what: str, text: object) -> str:
    if not is_digest(text):
        raise InvalidValueError(
            f"a {what} is {2 * SALT_BYTES} lowercase hexadecimal digits, got {describe(text)}"
        )
    return text


def check_salt(salt: object) -> str:
    return _check_hex("salt", salt)


def check_seed(seed: object) -> int:
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

    >>> from scala40_server.serving.fair_deal import commitment_of
    >>> commitment_of(7, "00" * 32)[:16]
    '34f553815fc7c745'
    >>> import hashlib
    >>> hashlib.sha256(b"scala40-deal-v1:" + b"00" * 32 + b":7").hexdigest()[:16]
    '34f553815fc7c745'

    :raises InvalidValueError: a seed out of range, or a salt that is not 64 lowercase
        hexadecimal digits.
    """
    text = f"{_V1}:{check_salt(salt)}:{check_seed(seed)}"
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
    signs its acknowledgements with (``"key"``, :mod:`scala40_server.serving.signatures`:
    left out where the deal has no acknowledgements, as at ``scala40 serve``), as JSON
    with sorted keys, no spaces and ASCII only. (Terms whose ``"key"`` is ``null`` were
    made by a web table of 0.4 without the library that signs; the deal's check still
    reads them, :func:`~scala40_server.serving.fair_deal.verify_deal`.)

    >>> from scala40_server.serving.fair_deal import terms_text
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
    return canonical_json(terms)


def sealed_commitment_of(secret: str, salt: str, terms: object) -> str:
    """The server's commitment to a :class:`SealedDeal`'s secret and terms: the SHA-256
    digest of ``scala40-deal-v3:<salt>:<secret>:<terms>``, in hexadecimal.

    >>> from scala40_server.serving.fair_deal import sealed_commitment_of
    >>> import hashlib
    >>> secret, salt = "00" * 32, "11" * 32
    >>> sealed_commitment_of(secret, salt, "{}") == hashlib.sha256(
    ...     f"scala40-deal-v3:{salt}:{secret}:{{}}".encode()).hexdigest()
    True

    :raises InvalidValueError: a secret or a salt that is not 64 lowercase hexadecimal
        digits, or terms that are not ASCII text of at most :data:`MAX_TERMS_CHARS`.
    """
    text = f"{_V3}:{check_salt(salt)}:{_check_hex('secret', secret)}:{_check_terms(terms)}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def value_commitment_of(commitment: str, seat: int, value: str) -> str:
    """A seat's commitment to its ``value`` at the table whose deal's commitment is
    ``commitment``: the SHA-256 digest of ``scala40-value-v3:<commitment>:<seat>:<value>``,
    in hexadecimal. Naming the table and the seat, it cannot be copied by another seat,
    nor from another table.

    >>> from scala40_server.serving.fair_deal import value_commitment_of
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

    >>> from scala40_server.serving.fair_deal import sealed_seed_of
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

    seed: int = attrs.field(converter=check_seed)
    """The seed (C-RNG)."""
    salt: str = attrs.field(validator=lambda _, __, value: check_salt(value))
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

        >>> from scala40_server.serving.fair_deal import Deal
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
    >>> from scala40_server.serving.fair_deal import SealedDeal, value_commitment_of
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
    salt: str = attrs.field(validator=lambda _, __, value: check_salt(value))
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
        can refute the void (:func:`~scala40_server.serving.acknowledgements.refuted_void`) and
        every check counts it.

        :raises InvalidValueError: the deal is not void.
        """
        if not self.is_void:
            raise InvalidValueError(f"only a void deal is drawn again, not one at {self.phase!r}")
        voided = (*self.voided, (self.commitment, self.withheld))
        terms = json.loads(self.terms)
        terms["voids"] = len(voided)
        return attrs.evolve(
            SealedDeal.draw(canonical_json(terms), len(self.values), now), voided=voided
        )

    @property
    def first_deal(self) -> str:
        """The commitment of the table's first deal (this one's, or that of the first
        void deal before it), which names the table whatever deal it is at."""
        return self.voided[0][0] if self.voided else self.commitment

    def acknowledgement(self, seat: int) -> dict[str, Any]:
        """What the server answers a seat that sent its part, for the seat to keep and
        show: the table (``first_deal``, :attr:`first_deal`), the deal's commitment
        (``table``), the seat, the commitment it holds for the seat and whether it holds
        the seat's value (``revealed``): all that its signature covers
        (:mod:`scala40_server.serving.signatures`). A void that names
        a seat whose value was acknowledged is refuted by it
        (:func:`~scala40_server.serving.acknowledgements.refuted_void`)."""
        return {
            "first_deal": self.first_deal,
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
