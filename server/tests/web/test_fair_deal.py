"""Fair dealing at the web table, over real sockets (C-RNG): the seed that deals every
hidden card stays the server's secret while the match is on, a commitment to it is
published when the table is made, the people commit to their values and then reveal
them, and the secret, the values and the seed are revealed at the end, so that each
seat checks the deal (:mod:`scala40_server.serving.fair_deal`); the deals of the tables made
before each change of the scheme are still checked as they were made."""

from __future__ import annotations

import json
import pathlib
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from typing import Any

import pytest

from scala40.errors import InvalidArgumentError, InvalidValueError, SerializationError
from scala40.game import load_game
from scala40_server.serving.fair_deal import (
    DEAL_SCHEME,
    SEALED_DEAL_SCHEME,
    Deal,
    commitment_of,
    deal_problems,
    sealed_commitment_of,
    sealed_seed_of,
    verify_deal,
)
from scala40_server.web.tables import Tables, TableStore

from ..web.site import Site, serving, shuffle_in, value_of


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with serving(str(tmp_path_factory.mktemp("web") / "tables.sqlite")) as running:
        yield running


def _secret(site: Site, table: int) -> str:
    """The table's secret as the server keeps it."""
    with closing(sqlite3.connect(site.database)) as db:
        (deal,) = db.execute("SELECT deal FROM tables WHERE id = ?", (table,)).fetchone()
    secret: str = json.loads(deal)["secret"]
    return secret


def test_the_seed_stays_secret_while_the_match_is_on(site: Site) -> None:
    """POST /tables once answered the seed it drew: with it and the public moves, a seat
    replayed every hidden card (the bots' hands, the stock's order)."""
    status, made = site.call("POST", "/tables", {"game": "chinchon", "bots": [None, "greedy"]})
    assert status == 200, made
    table, token = made["table"], made["tokens"]["0"]
    assert "seed" not in made
    assert made["deal"] == {
        "scheme": SEALED_DEAL_SCHEME,
        "commitment": made["deal"]["commitment"],
        "seed_chosen": False,
        "terms": made["deal"]["terms"],
        "phase": "commit",
        "commitments": [None, None],
        "values": [None, None],
    }
    seed = _secret(site, table)
    asker = {"seat": 0, "token": token}
    dealt, _ = shuffle_in(site.call, made)
    answers = [made, dealt, site.call("GET", f"/tables/{table}?seat=0&token={token}")[1]]
    state = site.state(table)
    body = {**asker, "move": "draw", "move_number": state.move_number}
    answers.append(site.call("POST", f"/tables/{table}/moves", body)[1])
    for answer in answers:
        assert "salt" not in answer.get("deal", {})
        assert seed not in json.dumps(answer)
    assert answers[-1]["deal"]["commitment"] == made["deal"]["commitment"]
    assert answers[-1]["deal"]["values"] == [value_of(table, 0), None]


def test_a_seed_is_chosen_only_at_a_table_with_no_other_person(site: Site) -> None:
    """Whoever chooses the seed knows every hand: only at a table whose other seats are
    all bots (a deal to practise, or to play again)."""
    for bots in ([None, None], [None, "greedy", None]):
        status, answered = site.call(
            "POST", "/tables", {"game": "rumino", "players": len(bots), "bots": bots, "seed": 5}
        )
        assert (status, answered["error"]) == (400, "InvalidArgumentError"), answered
        assert "seed" in answered["message"]
        assert "person" in answered["message"]
    status, made = site.call("POST", "/tables", {"game": "rumino", "bots": None, "seed": "5"})
    assert status == 200, made
    assert made["deal"]["seed_chosen"] is True


def _finish(site: Site, table: int, token: str) -> dict[str, Any]:
    """Draw and discard once, then resign: the match is over."""
    asker = {"seat": 0, "token": token}
    for _ in range(2):
        state = site.state(table)
        move = next(move for move in state.legal_moves() if str(move) != "take")
        body = {**asker, "move": str(move), "move_number": state.move_number}
        status, answered = site.call("POST", f"/tables/{table}/moves", body)
        assert status == 200, answered
    status, answered = site.call("POST", f"/tables/{table}/resign", asker)
    assert status == 200, answered
    status, answered = site.call("GET", f"/tables/{table}?seat=0&token={token}&since=0")
    assert answered["view"]["is_over"]
    return dict(answered)


@pytest.mark.parametrize("game", ["chinchon", "skarney"])
def test_the_seed_is_revealed_at_the_end_and_each_seat_verifies_the_deal(
    site: Site, game: str
) -> None:
    players = 4 if game == "skarney" else 2
    status, made = site.call("POST", "/tables", {"game": game, "players": players})
    assert status == 200, made
    table, token = made["table"], made["tokens"]["0"]
    _, seen = shuffle_in(site.call, made)
    over = _finish(site, table, token)
    deal = over["deal"]
    assert deal["secret"] == _secret(site, table)
    assert deal["seed"] == str(sealed_seed_of(deal["secret"], deal["values"]))
    expected = sealed_commitment_of(deal["secret"], deal["salt"], deal["terms"])
    assert expected == made["deal"]["commitment"]
    assert json.loads(deal["terms"])["game"] == game
    mine = value_of(table, 0)
    events = over["events"]
    assert verify_deal(made["deal"]["commitment"], deal, over["view"], events, value=mine)
    # Without its value the seat cannot tell that the seed used it, and is told so.
    problems = deal_problems(made["deal"]["commitment"], deal, over["view"], events)
    assert problems == [
        "give the value you sent (value=...): without it nothing shows the seed used it"
    ]
    assert seen == deal["commitments"]


def test_a_chosen_seed_is_revealed_and_verified(site: Site) -> None:
    status, made = site.call(
        "POST", "/tables", {"game": "laconga", "players": 2, "bots": [None, "greedy"], "seed": 9}
    )
    assert status == 200, made
    assert made["deal"]["scheme"] == DEAL_SCHEME
    over = _finish(site, made["table"], made["tokens"]["0"])
    commitment, deal = made["deal"]["commitment"], over["deal"]
    view, events = over["view"], over["events"]
    assert commitment_of(deal["seed"], deal["salt"]) == commitment
    assert deal_problems(commitment, deal, view, events) == []
    other = {**deal, "seed": str((int(deal["seed"]) + 1) % 2**64)}
    # A server that dealt from another seed than the one it committed to.
    problem = deal_problems(commitment_of(other["seed"], deal["salt"]), other, view, events)[0]
    assert "differs from the seed's deal" in problem or "cannot be replayed" in problem
    assert "hash to" in deal_problems(commitment, other, view, events)[0]
    drawn = next(index for index, event in enumerate(events) if event["cards"])
    changed = [dict(event) for event in events]
    changed[drawn]["cards"] = ["JK"]
    assert "differs from the seed's deal" in deal_problems(commitment, deal, view, changed)[0]
    assert deal_problems(commitment, deal, view, events[:-1])
    assert "salt" in deal_problems(commitment, {"seed": deal["seed"]}, view, events)[0]


def test_a_deal_and_its_check_refuse_what_they_cannot_read() -> None:
    """Hostile deals, seeds, salts and feeds: each refused with the library's error
    naming what was wrong, never a TypeError or a traceback from inside."""
    salt = "ab" * 32
    for seed, wrong_salt in (
        (2**64, salt),
        (-1, salt),
        ("7 ", salt),
        (True, salt),
        (7, "AB" * 32),
        (7, "ab"),
        (7, None),
    ):
        with pytest.raises(InvalidValueError):
            commitment_of(seed, wrong_salt)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="chosen"):
        Deal(7, salt, chosen="yes")  # type: ignore[arg-type]
    view = load_game("chinchon").new_game(players=2, seed=1).view(0).to_dict()
    commitment = commitment_of(7, salt)
    with pytest.raises(InvalidArgumentError, match="deal must be"):
        deal_problems(commitment, "7", view, [])
    with pytest.raises(InvalidArgumentError, match="events must be a list"):
        deal_problems(commitment, {"seed": "7", "salt": salt}, view, "events")
    with pytest.raises(InvalidValueError, match="at most"):
        deal_problems(commitment, {"seed": "7", "salt": salt}, view, [{}] * 40_000)
    with pytest.raises(SerializationError):
        deal_problems(commitment, {"seed": "7", "salt": salt}, {"format": "x"}, [])
    with pytest.raises(InvalidArgumentError, match="event 0 is not an event"):
        deal_problems(commitment, {"seed": "7", "salt": salt}, view, [7])
    assert deal_problems(commitment, {"seed": "7", "salt": salt}, view, [{"move": ["x"] * 10}])


def _remade(tables: Tables, table: int, row: dict[str, Any]) -> None:
    """The table's deal rewritten as a release before this one kept it."""
    with tables.store.connect() as db:
        db.execute("UPDATE tables SET deal = ? WHERE id = ?", (json.dumps(row), table))


def _played(tables: Tables, made: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 draws, discards and resigns: its answer at the end, every event included."""
    asker = {"seat": 0, "token": made["tokens"]["0"]}
    path, query = f"/tables/{made['table']}", f"seat=0&token={made['tokens']['0']}"
    for _ in range(2):
        view = tables.handle("GET", path, query, None)[1]["view"]
        text = next(move["text"] for move in view["legal_moves"] if move["text"] != "take")
        body = {**asker, "move": text, "move_number": view["move_number"]}
        tables.handle("POST", path + "/moves", "", body)
    tables.handle("POST", path + "/resign", "", asker)
    over: dict[str, Any] = tables.handle("GET", path, query, None)[1]
    assert over["view"]["is_over"]
    return over


def test_the_deals_of_tables_made_before_are_checked_as_they_were_made(
    tmp_path: pathlib.Path,
) -> None:
    """A store kept by earlier releases holds tables of ``scala40-deal-v1``: a seed chosen
    or drawn alone. Each plays on and is checked as it was made: the chosen seed
    verifies; a seed the server drew alone is reported as the server's choice."""
    tables = Tables(TableStore(str(tmp_path / "tables.sqlite")))
    cases: list[tuple[dict[str, Any], int, str | None, list[str]]] = [
        ({"seed": "5", "salt": "55" * 32, "chosen": True}, 5, None, []),
        ({"seed": "6", "salt": "66" * 32, "chosen": False}, 6, None, ["drew the seed alone"]),
    ]
    for row, seed, value, warnings in cases:
        # The table as that release made it: dealt from the seed, its deal kept its way.
        body = {"game": "chinchon", "bots": [None, "greedy"], "seed": str(seed)}
        made = tables.handle("POST", "/tables", "", body)[1]
        _remade(tables, made["table"], row)
        query = f"seat=0&token={made['tokens']['0']}"
        commitment = tables.handle("GET", f"/tables/{made['table']}", query, None)[1]["deal"][
            "commitment"
        ]
        over = _played(tables, made)
        problems = deal_problems(
            commitment, over["deal"], over["view"], over["events"], value=value
        )
        assert len(problems) == len(warnings), problems
        assert all(word in problem for problem, word in zip(problems, warnings, strict=True))
