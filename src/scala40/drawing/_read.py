"""What a picture reads from a state, a view, or a view's JSON: each field checked for
what the picture needs of it (a bound on every count, card and number), whatever object
claims to be a state or a view, and the scene of a view's JSON
(:func:`scala40.drawing.view_svg` of a :class:`~scala40.view_json.ClientView`).
"""

from __future__ import annotations

from typing import Any

from scala40._registry import registered_game
from scala40._wording import players_text
from scala40.cards import CARD_NAMES, RANK_OF, Card, as_cards
from scala40.checks import describe, is_int
from scala40.drawing._scene import MeldCards, Scene, meld_of_text, seat_name
from scala40.errors import InvalidArgumentError, InvalidCardError
from scala40.view_json import ClientView

__all__ = [
    "MAX_DRAWN_CARDS",
    "bounded_number",
    "bounded_numbers",
    "card_count",
    "cards_field",
    "cards_value",
    "count_field",
    "field",
    "game_title",
    "is_spanish_rules",
    "json_cards",
    "json_meld",
    "json_rules_spanish",
    "json_table",
    "offer_of",
    "optional_seat",
    "scene_of_json",
    "status_line",
]

MAX_DRAWN_CARDS = 1_000
"""The most cards one picture draws (:data:`scala40.drawing.MAX_DRAWN_CARDS`)."""


def field(obj: Any, name: str, default: Any = None) -> Any:
    return getattr(obj, name, default)


def cards_field(obj: Any, name: str) -> tuple[Card, ...]:
    return cards_value(field(obj, name), name)


def cards_value(value: object, name: str) -> tuple[Card, ...]:
    if not (isinstance(value, tuple) and len(value) <= MAX_DRAWN_CARDS):
        raise InvalidArgumentError(
            f"{name} must be a tuple of at most {MAX_DRAWN_CARDS} cards, got {describe(value)}"
        )
    try:
        return as_cards(value)
    except InvalidCardError as error:
        raise InvalidArgumentError(f"{name}: {error}") from None


def count_field(obj: Any, name: str) -> int:
    return card_count(field(obj, name), name)


def card_count(value: object, name: str) -> int:
    if not (is_int(value) and 0 <= value <= MAX_DRAWN_CARDS):
        raise InvalidArgumentError(f"{name} must be a count of cards, got {describe(value)}")
    return int(value)


def is_spanish_rules(rules: Any) -> bool:
    pack: object = field(field(rules, "deck"), "pack")
    return pack == "spanish"


def game_title(game_name: object) -> str:
    """The game's title, from the registry; a game made but not registered draws under
    its own name, and a view that does not say its game under none."""
    if not isinstance(game_name, str):
        return "Game"
    game = registered_game(game_name)
    return game_name[:40] if game is None else game.title


_MAX_NUMBER = 10**9
"""The largest score or count a picture writes (no game comes near)."""


def bounded_number(value: object, what: str) -> int:
    if not (is_int(value) and -_MAX_NUMBER <= value <= _MAX_NUMBER):
        raise InvalidArgumentError(f"{what} must be a number, got {describe(value)}")
    return int(value)


def optional_seat(value: object, seats: int, what: str) -> int | None:
    if value is None:
        return None
    if not (is_int(value) and 0 <= value < seats):
        raise InvalidArgumentError(f"{what} must be a seat or None, got {describe(value)}")
    return int(value)


def bounded_numbers(value: object, what: str) -> tuple[int, ...]:
    if not (isinstance(value, (tuple, list)) and len(value) <= MAX_DRAWN_CARDS):
        raise InvalidArgumentError(f"{what} must be a tuple of numbers, got {describe(value)}")
    return tuple(bounded_number(item, what) for item in value)


def status_line(
    phase: object,
    is_over: bool,
    winners: object,
    current: int | None,
    viewer: int | None = None,
    offer: tuple[int, Card] | None = None,
    spanish: bool = False,
) -> str:
    """The picture's line of what happens now. ``offer`` is a card on offer (SK-OFFER):
    the seat offering it and the card, which the deciding seat accepts or declines
    whatever the phase is called, as the web table's page says, the card spelled as it
    does (a ``spanish`` pack's by its name)."""
    phase = phase if isinstance(phase, str) and len(phase) <= 20 else ""
    if is_over:
        seats = bounded_numbers(winners, "winners")
        names = ", ".join(seat_name(seat, viewer) for seat in seats)
        return f"game over: {names} won" if names else "game over"
    if current is None:
        return f"{phase}: chance step (a shuffle)"
    who = seat_name(current, viewer)
    if offer is not None:
        offerer, card = offer
        whose = "your" if offerer == viewer else f"{seat_name(offerer)}'s"
        return f"{who} to accept or decline {whose} offer of {players_text(CARD_NAMES[card], spanish)}"
    return f"{who} to {phase}" if phase in ("draw", "play") else f"{who}: {phase}"


def offer_of(offerer: object, card: object, seats: int) -> tuple[int, Card] | None:
    """The card on offer and the seat offering it, checked, or None where no card is on
    offer (a game without offers reads None for both)."""
    if card is None:
        return None
    if not (is_int(card) and 0 <= card < len(CARD_NAMES)):
        raise InvalidArgumentError(f"offer_card must be a card or None, got {describe(card)}")
    seat = optional_seat(offerer, seats, "turn")
    if seat is None:
        raise InvalidArgumentError("turn must be the seat offering the card on offer")
    return seat, int(card)


_CODES = {name: code for code, name in enumerate(CARD_NAMES)}


def json_cards(value: object, what: str) -> tuple[Card, ...]:
    if not (isinstance(value, list) and len(value) <= MAX_DRAWN_CARDS):
        raise InvalidArgumentError(f"{what} must be a list of cards, got {describe(value)}")
    if not all(isinstance(name, str) and name in _CODES for name in value):
        raise InvalidArgumentError(f"{what} must hold cards in card notation")
    return tuple(_CODES[name] for name in value)


def json_meld(text: object, what: str) -> MeldCards:
    """A meld as the notation writes it (``JK=5H 6H 7H``)."""
    if not (isinstance(text, str) and len(text) <= 8 * MAX_DRAWN_CARDS):
        raise InvalidArgumentError(f"{what} must be a meld's text, got {describe(text)}")
    meld = meld_of_text(text)
    if meld is None:
        raise InvalidArgumentError(f"{what} is not a meld's text, got {describe(text)}")
    return meld


def json_rules_spanish(game: Any, rules: object) -> bool:
    """Whether the view's rules (their dictionary, checked by the game) deal a Spanish
    pack; a game not registered here draws with the French one."""
    if game is None:
        return False
    return is_spanish_rules(game.ruleset_type.from_dict(rules))


def json_table(table: list[object], game: Any, rules: object) -> tuple[MeldCards, ...]:
    """The table of a view's JSON; under rules whose sets are "cards of that rank"
    (SK-MELDS), a set's wild cards read as a rank alone, as from the view itself."""
    melds = tuple(json_meld(meld, f"public.table[{index}]") for index, meld in enumerate(table))
    meld_rules = (
        None if game is None else getattr(game.ruleset_type.from_dict(rules), "meld_rules", None)
    )
    if meld_rules is not None and not meld_rules.set_suits_distinct:
        for meld in melds:
            if len({RANK_OF[card] for card in meld.represented}) == 1:
                meld.suited = False
    return melds


def scene_of_json(client: ClientView) -> tuple[Scene, Any]:
    """The scene of a view's JSON, read back and checked (:func:`~scala40.view_json.view_from_dict`), each
    field the picture reads checked once more for what the picture needs of it."""
    public = client.public
    game = registered_game(client.game)
    sizes = public.get("hand_sizes")
    if not (isinstance(sizes, list) and 1 <= len(sizes) <= 16):
        raise InvalidArgumentError(
            f"public.hand_sizes must be a list of counts, got {describe(sizes)}"
        )
    seats = len(sizes)
    if client.seat >= seats:
        raise InvalidArgumentError(f"seat must be a seat of the view, got {client.seat}")
    hands: list[tuple[Card, ...] | int] = []
    for seat in range(seats):
        hands.append(
            json_cards(list(client.hand), "hand")
            if seat == client.seat
            else card_count(sizes[seat], f"public.hand_sizes[{seat}]")
        )
    current = optional_seat(client.current_player, seats, "current_player")
    totals = public.get("totals")
    by_side = isinstance(totals, list) and list(client.scores) == totals
    table = public.get("table")
    if table is not None and not (isinstance(table, list) and len(table) <= MAX_DRAWN_CARDS // 3):
        raise InvalidArgumentError(f"public.table must be a list of melds, got {describe(table)}")
    active = public.get("active")
    if active is not None and not (
        isinstance(active, list) and len(active) == seats and all(type(a) is bool for a in active)
    ):
        raise InvalidArgumentError(
            f"public.active must be one flag a seat, got {describe(active)}"
        )
    taken = public.get("taken")
    spanish = json_rules_spanish(game, public.get("rules"))
    scene = Scene(
        title=game_title(client.game),
        hand_number=bounded_number(public.get("hand_number", 0), "public.hand_number"),
        viewer=client.seat,
        status=status_line(
            client.phase,
            client.is_over or client.phase == "over",
            list(client.winners),
            current,
            client.seat,
            offer=offer_of(
                public.get("turn"),
                None
                if public.get("offer_card") is None
                else json_cards([public.get("offer_card")], "public.offer_card")[0],
                seats,
            ),
            spanish=spanish,
        ),
        current=current,
        hands=hands,
        spanish=spanish,
        scores=client.scores if len(client.scores) == seats and not by_side else None,
        totals=bounded_numbers(totals, "public.totals") if by_side else None,
        stock=card_count(public["stock_size"], "public.stock_size")
        if "stock_size" in public
        else None,
        discard=json_cards(public["discard"], "public.discard") if "discard" in public else None,
        table=None if table is None else json_table(table, game, public.get("rules")),
        active=None if active is None else tuple(active),
        taken=None if taken is None else json_cards([taken], "public.taken")[0],
    )
    if sum(len(hand) if isinstance(hand, tuple) else hand for hand in hands) > MAX_DRAWN_CARDS:
        raise InvalidArgumentError(f"a picture draws at most {MAX_DRAWN_CARDS} cards")
    return scene, None if game is None else game.move_set
