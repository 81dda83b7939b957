"""Fair dealing: a deal the server and the people at a table shuffle together, every part
committed to before any part is revealed, kept secret while the match is on and revealed
at its end, so that every seat can check it afterwards.

A seed deals every hidden card of a match: the hands, the stock's order, every restock
(C-RNG). Whoever knows it while the match is on knows the other hands, and whoever
chooses it can stack the deck. So the servers (the web table, :mod:`scala40_server.web.tables`,
and ``scala40 serve``'s held games) neither send it nor choose it, and no seat chooses
it either. A table with a person's seat shuffles with its people
(:class:`~scala40_server.serving.deals.SealedDeal`):

1. **The server commits.** When the table is made the server draws a **secret** (32
   random bytes) and a salt, and publishes a **commitment** to them and to the table's
   **terms** (its game, its rules, its seats, and whether it shuffles with its people):
   the SHA-256 digest of the ASCII text ::

       scala40-deal-v3:<salt>:<secret>:<terms>

   ``<salt>`` and ``<secret>`` each 64 lowercase hexadecimal digits, ``<terms>`` the JSON
   text ``{"game":...,"rules":...,"seats":[...],"shuffle":true}`` with its keys sorted,
   no spaces, ASCII only (:func:`~scala40_server.serving.deals.terms_text`); a seat is ``{"bot":
   NAME}`` or
   ``{"player": true}``.
2. **Each person commits.** Each person's seat draws a **value** of its own (32 to 64
   lowercase hexadecimal digits drawn at random: a browser's ``crypto.getRandomValues``)
   and sends only its commitment to it, the SHA-256 digest of ::

       scala40-value-v3:<the table's commitment>:<seat>:<value>

   (:func:`~scala40_server.serving.deals.value_commitment_of`). The commitments are taken until
   every person's seat
   has sent one, or until a decision's clock has run out since the table was made; a
   seat that has sent none by then takes no part in this deal.
3. **Each person reveals.** Then, and not before, each seat that committed sends its
   value, which must hash to its commitment. Once every value is in, the cards are
   dealt. A seat that committed and has not revealed when a decision's clock has run out
   since the values were asked for **voids** the deal: no card is dealt, and every
   answer names the seats that withheld. The web table then draws a new deal
   (:meth:`~scala40_server.serving.deals.SealedDeal.redrawn`), whose terms count the voids before
   it (``"voids"``),
   at most :data:`~scala40_server.serving.deals.MAX_VOIDS` times. Each part a seat sends is
   answered with an acknowledgement
   (:meth:`~scala40_server.serving.deals.SealedDeal.acknowledgement`) that the seat keeps,
   signed, over the table, the deal and the seat, with the key the terms name
   (``"key"``, :mod:`scala40_server.serving.signatures`; ``null`` in the terms of a table
   made by a server of 0.4 without the library that signs, which signed nothing); a client
   checks each when it comes
   (:func:`~scala40_server.serving.acknowledgements.received_problem`), and a part sent again
   is acknowledged again, so a client sends its part until it is.
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
(:func:`~scala40_server.serving.acknowledgements.refuted_void`). An acknowledgement refutes the
server only where it is the seat's own, of this table, and the key the terms name signed
it: a seat can write one, not sign it; where no signature can be checked, the check says
that it convinces only that seat. And a
server sees every hand it deals: nothing here stops it from telling a seat it works with
the others' cards while the match is on.

**Deals a server chose.** A table made without shuffling with its people (``"shuffle":
false``, which its terms then say) is dealt from the server's secret alone, and a seat
that took no part is dealt from the parts of the others: either way the server (with
the seats that took part) could have chosen that seat's cards, and the check says so,
as a warning, rather than calling the deal verified. A seed its creator chose (a table
with no other person) is committed to as ``scala40-deal-v1:<salt>:<seed>``
(:data:`~scala40_server.serving.deals.DEAL_SCHEME`), as are the deals of tables made before 0.3,
whose seed the
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
(:mod:`scala40_server.serving.undo`). Any SHA-256 tool checks the hashes::

    printf 'scala40-deal-v3:%s:%s:%s' "$SALT" "$SECRET" "$TERMS" | sha256sum

>>> import tempfile, pathlib
>>> from scala40_server.serving.fair_deal import value_commitment_of, verify_deal
>>> from scala40_server.web.tables import Tables, TableStore
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

import hmac
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scala40.checks import describe
from scala40.errors import (
    InvalidArgumentError,
    InvalidValueError,
    Scala40Error,
    SerializationError,
)
from scala40.game import load_game
from scala40.view_json import view_from_dict
from scala40_server.serving._replay import replay_problems
from scala40_server.serving.acknowledgements import (
    MAX_ACKNOWLEDGEMENTS,
    read_acknowledgements,
    read_keys,
    refuted_void,
    void_problems,
)
from scala40_server.serving.deals import (
    DEAL_SCHEME,
    MAX_SEATS,
    MAX_TERMS_CHARS,
    MAX_VOIDS,
    PHASES,
    SALT_BYTES,
    SEALED_DEAL_SCHEME,
    VALUE_COMMITMENT_SCHEME,
    Deal,
    SealedDeal,
    check_commitment,
    check_seed,
    check_value,
    commitment_of,
    deal_of_row,
    sealed_commitment_of,
    sealed_seed_of,
    terms_text,
    value_commitment_of,
)
from scala40_server.serving.signatures import check_public_key
from scala40_server.serving.undo import table_refusal

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

MAX_DEAL_EVENTS = 4_000
"""The most events the check replays: a whole match of random moves makes 150 to 2,400
(a person's far fewer), each replayed in 50 microseconds at most (an event sent again
costs a comparison), so that a check takes at most about 0.2 s of CPU."""

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


def deal_problems(
    commitment: object,
    deal: object,
    view: object,
    events: object,
    *,
    value: object = None,
    commitments: object = None,
    acknowledgements: object = None,
    keys: object = None,
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
    (:meth:`~scala40_server.serving.deals.SealedDeal.acknowledgement`, the deals before a void
    included; each kept as
    often as it came, at most
    :data:`~scala40_server.serving.acknowledgements.MAX_ACKNOWLEDGEMENTS`: the same one is counted once),
    and ``keys`` the key each deal's terms named as the seat was sent them (``{deal's
    commitment: key}``, the void deals' among them: a server that names a new key in
    the deal it draws again cannot so disown what its old key signed).

    A table whose deal was void before is reported, as a warning, with the count its
    terms committed to: each void let whoever caused it choose among the deals. A void
    that named the seat after the server acknowledged its value is refuted
    (:func:`~scala40_server.serving.acknowledgements.refuted_void`), a deal of this table the
    seat took part in that the revealed deal does not count among its voids was hidden,
    and a deal dealt without a commitment or a value the server acknowledged left the
    seat out. An acknowledgement of a void deal is checked against the key that deal's
    terms named (``keys``), and a key there other than the revealed deal's is itself
    the server's doing (:func:`~scala40_server.serving.acknowledgements.key_change`): a
    server keeps one key, so a new key inside one match disowns nothing the old one signed. An acknowledgement shows that only where it is the seat's own, of this
    table (what is signed names it), and the key the terms name signed it (anyone can
    write one: :mod:`scala40_server.serving.signatures`); each finding says whom it convinces: anyone,
    where the signature verifies; only the seat that kept it, where the terms name no
    key or the signature cannot be checked here (the `cryptography` library is not installed).

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
        :data:`~scala40_server.serving.acknowledgements.MAX_ACKNOWLEDGEMENTS` acknowledgements
        (more than ``2 * MAX_VOIDS``
        different), ``keys`` not a mapping of at most ``MAX_VOIDS`` deals' commitments,
        or ``value`` not text.
    :raises InvalidValueError: more than :data:`MAX_DEAL_EVENTS` events, ``value`` is
        text that is no value, or a key of ``keys`` is no key's form.
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
    acknowledged = read_acknowledgements(acknowledgements)
    keys_seen = read_keys(keys)
    seen = view_from_dict(view)
    scheme = deal.get("scheme")
    if scheme == SEALED_DEAL_SCHEME:
        return _sealed_problems(
            commitment, deal, seen, events, value, commitments, acknowledged, keys_seen
        )
    if commitments is not None or acknowledged or keys_seen:
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
    return warnings + _replay(check_seed(deal["seed"]), game, ruleset, players, seen, events, None)


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
    :data:`~scala40_server.serving.deals.MAX_VOIDS` - 1), and the key that signs the server's
    acknowledgements
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
    if read.get("key") is not None:  # null: the server said it signs nothing
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


def _sealed_problems(
    commitment: object,
    deal: Mapping[str, Any],
    seen: Any,
    events: Sequence[object],
    value: object,
    commitments: list[Any] | None,
    acknowledged: list[dict[str, Any]],
    keys: dict[str, str | None],
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
    problems, warnings = void_problems(commitment, read, deal, seen.seat, acknowledged, keys)
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
    refused = table_refusal(seats, seen.seat)
    return warnings + _replay(seed, game, rules, len(seats), seen, events, refused)


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
    undo_refused: str | None,
) -> list[str]:
    """The events and the last view the seat was sent, against the game ``seed`` deals
    under ``rules`` (:mod:`scala40_server.serving._replay`)."""
    try:
        state = game.new_game(rules, players, seed)
    except Scala40Error as error:
        return [f"the terms deal no game: {error}"]
    return replay_problems(state, seen, events, undo_refused)


def verify_deal(
    commitment: object,
    deal: object,
    view: object,
    events: object,
    *,
    value: object = None,
    commitments: object = None,
    acknowledgements: object = None,
    keys: object = None,
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
        keys=keys,
    )
