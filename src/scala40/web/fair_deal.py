"""Fair dealing: a table's seed kept secret while its match is on, committed to when the
table is made and revealed at the end, so that every seat can check the deal afterwards.

A seed deals every hidden card of a match: the hands, the stock's order, every restock
(C-RNG). Whoever knows it while the match is on knows the other hands, and whoever
chooses it can stack the deck. So the servers (the web table, :mod:`scala40.web.tables`,
and ``scala40 serve``'s held games) draw the seed themselves, with ``secrets``, and
keep it: a seat is never sent it while the match is on. When the table is made they
publish a **commitment**, the SHA-256 hash of the seed with a salt they also drew; when
the match ends they reveal the seed and the salt.

**The byte layout** hashed is the ASCII text::

    scala40-deal-v1:<salt>:<seed>

where ``<salt>`` is the salt as 64 lowercase hexadecimal digits (32 random bytes) and
``<seed>`` the seed in decimal, without sign or leading zeros. The commitment is the
digest in 64 lowercase hexadecimal digits. Any SHA-256 tool checks it::

    printf 'scala40-deal-v1:%s:%s' "$SALT" "$SEED" | sha256sum

The salt makes the commitment say nothing of the seed: without it, a seed of 64 bits
could be found from its hash by trying them all.

**Checking a deal.** Once the seed is revealed, a seat checks two things with
:func:`deal_problems` (or :func:`verify_deal`): that the seed and salt hash to the
commitment it was given at the start, so the seed was fixed before the first card; and
that the game the seed deals, replayed with the moves of the seat's event feed (every
player's move is in it; a chance step is dealt from the seed), gives the seat exactly
the events it was sent, the cards that came into its hand included, and its last view.
A server that dealt from another seed, stacked a restock, or changed a card on the way
fails the second check.

>>> import tempfile, pathlib
>>> from scala40.web.fair_deal import verify_deal
>>> from scala40.web.tables import Tables, TableStore
>>> folder = tempfile.TemporaryDirectory()
>>> tables = Tables(TableStore(str(pathlib.Path(folder.name, "tables.sqlite"))))
>>> status, made = tables.handle("POST", "/tables", "", {"game": "chinchon"})
>>> sorted(made["deal"])                      # the commitment; the seed stays secret
['commitment', 'scheme', 'seed_chosen']
>>> asker = {"seat": 0, "token": made["tokens"]["0"]}
>>> status, answer = tables.handle("POST", f"/tables/{made['table']}/resign", "", asker)
>>> answer["view"]["is_over"], sorted(answer["deal"])      # the match is over: revealed
(True, ['commitment', 'salt', 'scheme', 'seed', 'seed_chosen'])
>>> status, seen = tables.handle("GET", f"/tables/{made['table']}", "seat=0&token=" + asker["token"], None)
>>> verify_deal(made["deal"]["commitment"], seen["deal"], seen["view"], seen["events"])
True
>>> folder.cleanup()
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from scala40._checks import describe, is_decimal
from scala40.client_view import view_from_dict
from scala40.errors import InvalidArgumentError, InvalidValueError, Scala40Error
from scala40.events import MAX_EVENTS, events_of
from scala40.game import load_game
from scala40.schemas.protocol import MAX_SEED

__all__ = [
    "DEAL_SCHEME",
    "SALT_BYTES",
    "Deal",
    "commitment_of",
    "deal_problems",
    "verify_deal",
]

DEAL_SCHEME = "sha256:scala40-deal-v1:<salt>:<seed>"
"""The name of the commitment's byte layout, as a table's ``deal`` says it (see the
module)."""
SALT_BYTES = 32
"""The random bytes of a salt (written as twice as many hexadecimal digits)."""
_PREFIX = "scala40-deal-v1"
_HEX = frozenset("0123456789abcdef")


def _check_salt(salt: object) -> str:
    if not (isinstance(salt, str) and len(salt) == 2 * SALT_BYTES and set(salt) <= _HEX):
        raise InvalidValueError(
            f"a salt is {2 * SALT_BYTES} lowercase hexadecimal digits, got {describe(salt)}"
        )
    return salt


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


def commitment_of(seed: int | str, salt: str) -> str:
    """The commitment to ``seed`` with ``salt``: the SHA-256 digest of the module's byte
    layout, as 64 lowercase hexadecimal digits.

    >>> from scala40.web.fair_deal import commitment_of
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


@attrs.frozen
class Deal:
    """A table's seed and salt: the server's secret while the match is on.

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
    def commitment(self) -> str:
        """The commitment published when the table is made (:func:`commitment_of`)."""
        return commitment_of(self.seed, self.salt)

    def public(self, revealed: bool) -> dict[str, Any]:
        """What a seat is sent: the scheme, the commitment and whether the seed was
        chosen; with ``revealed`` (the match is over), the seed (as decimal text, which
        every JSON reader keeps exactly) and the salt too.

        >>> from scala40.web.fair_deal import Deal
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


def deal_problems(commitment: object, deal: object, view: object, events: object) -> list[str]:
    """What is wrong with a revealed deal, from one seat's side (empty: the deal is
    verified): ``commitment`` is what the table published when it was made, ``deal`` what
    it reveals at the end (``seed`` and ``salt``), ``view`` the seat's last view
    (``view.to_dict()``: its game, seat, rules and players) and ``events`` every event
    the seat was sent since move 0, oldest first.

    The game the seed deals is replayed with the events' moves (a chance step dealt from
    the seed, as the servers deal them), at most :data:`~scala40.events.MAX_EVENTS`
    events; the first event that differs from the replay's, or a last view that does,
    is named.

    :raises SerializationError: ``view`` is not a view's JSON.
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
    try:
        expected = commitment_of(deal.get("seed"), deal.get("salt"))  # type: ignore[arg-type]
    except InvalidValueError as error:
        return [f"the deal revealed is not a seed and a salt: {error}"]
    if not (isinstance(commitment, str) and hmac.compare_digest(commitment, expected)):
        return [
            f"the seed and salt revealed hash to {expected}, not to the commitment "
            f"{describe(commitment, 80)} published when the table was made"
        ]
    return _replay_problems(_check_seed(deal["seed"]), seen, events)


def _replay_problems(seed: int, seen: Any, events: Sequence[object]) -> list[str]:
    game = load_game(seen.game)
    rules = game.ruleset_type.from_dict(seen.public["rules"])
    state = game.new_game(rules, seen.public["player_count"], seed)
    seat = seen.seat
    replayed: list[dict[str, Any]] = []
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise InvalidArgumentError(f"event {index} is not an event: {describe(event)}")
        if index < len(replayed):
            continue  # the end of a hand or a game, made by the move before
        move = event.get("move")
        try:
            step = state.legal_moves()[0] if move is None and state.is_chance else move
            after = state.apply(step)
        except Scala40Error as error:
            return [f"event {index} (move {event.get('number')}) cannot be replayed: {error}"]
        replayed += [item.for_seat(seat) for item in events_of(state, step, after)]
        state = after
    for index, (given, made) in enumerate(zip(events, replayed)):
        if dict(given) != made:  # type: ignore[call-overload]
            return [
                f"event {index} (move {made['number']}) differs from the seed's deal: "
                f"sent {describe(dict(given), 200)}, dealt {describe(made, 200)}"  # type: ignore[call-overload]
            ]
    if len(replayed) != len(events):
        return [f"the replay made {len(replayed)} events, {len(events)} were sent"]
    if state.view(seat).to_dict() != seen.to_dict():
        return ["the last view differs from the one the seed's deal gives"]
    return []


def verify_deal(commitment: object, deal: object, view: object, events: object) -> bool:
    """Whether the revealed deal checks out from one seat's side: no
    :func:`deal_problems`."""
    return not deal_problems(commitment, deal, view, events)
