"""The web table reads its requests as ``scala40 serve`` does, over real sockets: rulesets
as presets or dictionaries, seeds as integers or decimal text, misspelt fields and bad
values refused with the library's messages (never a Python repr, never a default put in
their place), and every bot made, whole, before the table is."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from typing import Any

import pytest

from scala40.game import load_game
from scala40.games import skarney

from ..support.bots import FailingBot, failing_bots
from ..web.site import Site, serving


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with serving(str(tmp_path_factory.mktemp("web") / "tables.sqlite")) as running:
        yield running


def test_a_single_hand_scala40_table_from_a_ruleset_dictionary(site: Site) -> None:
    """S40-V-SINGLE: the ruleset's dictionary, as serve takes it (it was answered with a
    Python repr)."""
    rules = load_game("scala40").ruleset_type.preset("official").with_match_format("single")
    table, _ = site.create("scala40", [None, "greedy"], rules=rules.to_dict())
    assert site.state(table).rules == rules
    status, answered = site.call("POST", "/tables", {"game": "scala40", "rules": {"x": 1}})
    assert (status, answered["error"]) == (400, "SerializationError")
    assert "{'x'" not in answered["message"]


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/tables", {"game": "chinchon", "seeed": 5}, "seeed"),
        ("/tables", {"game": "chinchon", "bot_time_limt": 0.5}, "bot_time_limt"),
        ("/tables/{table}/moves", {"mvoe": "draw", "move_number": 0}, "mvoe"),
        ("/tables/{table}/resign", {"sine": 0}, "sine"),
        ("/tables/{table}/advance", {"seet": 0}, "seet"),
        ("/tables/{table}/undo", {"move_number": 0, "movenumber": 0}, "movenumber"),
        ("/tables/{table}/timeout", {"x": 1}, "x"),
    ],
)
def test_a_misspelt_field_is_refused_by_name(
    site: Site, path: str, body: dict[str, Any], field: str
) -> None:
    table, tokens = site.create("chinchon", [None, "greedy"], seed=1)
    asker = {"seat": 0, "token": tokens["0"]} if "{table}" in path else {}
    status, answered = site.call("POST", path.format(table=table), {**asker, **body})
    assert (status, answered["error"]) == (400, "InvalidArgumentError"), answered
    assert f"takes no field {field!r}; its fields: " in answered["message"]
    assert site.state(table).move_number == 0  # refused: nothing played


def test_a_misspelt_query_parameter_is_refused_by_name(site: Site) -> None:
    table, tokens = site.create("chinchon", [None, "greedy"], seed=1)
    status, answered = site.call("GET", f"/tables/{table}?seat=0&token={tokens['0']}&sinse=4")
    assert (status, answered["error"]) == (400, "InvalidArgumentError")
    assert "takes no field 'sinse'" in answered["message"]


@pytest.mark.parametrize("limit", [0, False, True, -1, "0.2", 2.5, None])
def test_a_bad_bot_time_limit_is_refused_not_replaced(site: Site, limit: object) -> None:
    """0 and false were once turned into the default 0.2 seconds; null is the default."""
    status, answered = site.call(
        "POST", "/tables", {"game": "chinchon", "seed": 1, "bot_time_limit": limit}
    )
    if limit is None:
        assert status == 200, answered
        return
    assert status == 400, answered
    assert answered["error"] in ("InvalidValueError", "InvalidArgumentError")
    assert "'time_limit' must be a number of seconds above 0 and at most 2" in answered["message"]


@pytest.mark.parametrize(
    ("seed", "accepted"),
    [
        ("18446744073709551615", True),
        ("0", True),
        (2**53 - 1, True),
        (2**53, False),
        ("18446744073709551616", False),
        ("-3", False),
        (1.5, False),
    ],
)
def test_a_seed_is_an_integer_or_its_decimal_text(
    site: Site, seed: object, accepted: bool
) -> None:
    """As in serve: integers up to 2**53 - 1, decimal text up to 2**64 - 1."""
    status, answered = site.call("POST", "/tables", {"game": "rumino", "seed": seed})
    if accepted:
        assert status == 200, answered
        return
    assert status == 400
    assert answered["message"].startswith("'seed' must be an integer from 0 to 2**53 - 1")


def _tables_kept(site: Site) -> int:
    with closing(sqlite3.connect(site.database)) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM tables").fetchone()
    return int(count)


@pytest.mark.parametrize(
    "spec",
    [
        "belief:worlds=0",
        "greedy:depth=3",
        "ismcts:iterations=x",
        "search:worlds=2,worlds=3",
        "belief:model=x",
    ],
)
def test_a_bot_that_cannot_be_made_is_refused_when_the_table_is_made(
    site: Site, spec: str
) -> None:
    """'belief:model=x' once passed creation and failed at every later move: the table
    could never go on. Every bot is made, whole, before the table is."""
    before = _tables_kept(site)
    status, answered = site.call("POST", "/tables", {"game": "chinchon", "bots": [None, spec]})
    assert (status, answered["error"]) == (400, "InvalidBotSpecError"), answered
    assert _tables_kept(site) == before


def test_a_bot_that_fails_at_its_first_move_leaves_no_table(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table is made, and its bots play up to a person's decision, in one transaction:
    a bot that fails there leaves nothing behind to fail again."""
    with failing_bots(monkeypatch, "chinchon"):
        before = _tables_kept(site)
        status, answered = site.call(
            "POST",
            "/tables",
            # Seed 1: seat 0, a bot's, is the first to play.
            {"game": "chinchon", "players": 3, "bots": ["failing", "failing", None], "seed": 1},
        )
        assert (status, answered["error"]) == (400, "InvalidValueError"), answered
        assert answered["message"] == FailingBot.MESSAGE
        assert _tables_kept(site) == before


def test_a_seat_is_sent_the_sides_and_the_spanish_names_of_the_cards(site: Site) -> None:
    """The page labels a partnership's points by side and names a Spanish pack's cards as
    the command line does (C-DECK): both come with every answer."""
    table, tokens = site.create("skarney", [None, "greedy", "greedy", "greedy"], seed=3)
    status, answer = site.call("GET", f"/tables/{table}?seat=0&token={tokens['0']}")
    assert status == 200
    assert answer["teams"] == [[0, 2], [1, 3]]
    assert answer["game"]["card_names"] == {}
    table, tokens = site.create("chinchon", [None, "greedy"], seed=3)
    status, answer = site.call("GET", f"/tables/{table}?seat=0&token={tokens['0']}")
    assert answer["teams"] == [[0], [1]]
    names = answer["game"]["card_names"]
    assert (names["QH"], names["JD"], names["AC"]) == (
        "caballo de copas",
        "sota de oros",
        "as de bastos",
    )
    assert len(names) == 40
    assert "10H" not in names


def test_a_seat_is_told_whether_a_sets_wild_card_stands_for_a_suit(site: Site) -> None:
    """A wild card in a Skarney set stands for a card of the set's rank, whatever its suit
    (SK-MELDS: any card of that rank frees it), where Scala 40's names the suit it stands
    for (S40-JOKER): the page names its reading so, as the pictures draw it."""
    expected = {"scala40": True, "skarney": False}
    for game, suited in expected.items():
        seats = [None, "greedy", "greedy", "greedy"] if game == "skarney" else [None, "greedy"]
        table, tokens = site.create(game, seats, seed=3)
        status, answer = site.call("GET", f"/tables/{table}?seat=0&token={tokens['0']}")
        assert status == 200
        assert answer["game"]["set_wild_suit"] is suited
    state = skarney.GameState.from_position(
        hands=["6H 6C 9D", "AH 3C 4C", "KH KD QC", "AD 6D 9C"], table=[("6S 6H 6D 2D", 1)]
    )
    assert {"exchange 6H #0", "exchange 6C #0"} <= {str(move) for move in state.legal_moves()}
