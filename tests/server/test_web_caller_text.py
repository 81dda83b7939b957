"""The web table answers any text a caller sends, lone surrogates included, with one
answer of the library's: never a fault of the server (a 500), never an answer that
cannot be read as JSON. (A token of such text was encoded to be compared, which no
encoding does: the wrong token answered a fault where it is a 403.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from server.tests.web.site import Site, serving
from tests.hostile import fuzz_settings
from tests.test_cli_caller_text import ANY_TEXT, ANY_VALUE

ACTIONS = {
    "moves": ("seat", "token", "move", "move_number", "since"),
    "advance": ("seat", "token", "since"),
    "resign": ("seat", "token", "since"),
    "timeout": ("seat", "token", "since"),
    "undo": ("seat", "token", "move_number", "since"),
    "shuffle": ("seat", "token", "commitment", "value", "since"),
}
"""The fields of each action's body (as the server declares them, ``_ACTION_FIELDS``)."""
MADE = ("game", "rules", "players", "seed", "bots", "shuffle")
"""Fields of ``POST /tables``."""


def _answered(site: Site, path: str, body: Any) -> None:
    # ensure_ascii writes a lone surrogate as its escape: the valid JSON a client sends.
    status, headers, data = site.request("POST", path, raw=json.dumps(body).encode())
    assert status < 500, (path, body, data)
    if headers.get("Content-Type", "").startswith("application/json"):
        json.loads(data.decode("utf-8"))


def test_a_wrong_token_of_any_text_is_refused_as_wrong(tmp_path: Path) -> None:
    with serving(str(tmp_path / "tables.db")) as site:
        status, made = site.call(
            "POST", "/tables", {"game": "chinchon", "bots": [None, "greedy"], "seed": 1}
        )
        assert status == 200, made
        for token in ("\ud800", "é", "\udfff\ud800"):
            status, answer = site.call(
                "POST", f"/tables/{made['table']}/advance", {"seat": 0, "token": token}
            )
            assert (status, answer["error"]) == (403, "Forbidden"), answer


def test_any_text_in_any_field_of_any_request_gets_an_answer(tmp_path: Path) -> None:
    with serving(str(tmp_path / "tables.db")) as site:
        status, made = site.call(
            "POST", "/tables", {"game": "chinchon", "bots": [None, "greedy"], "seed": 1}
        )
        assert status == 200, made
        table, token = made["table"], made["tokens"]["0"]

        @fuzz_settings(40)
        @given(data=st.data())
        def requests(data: st.DataObject) -> None:
            action = data.draw(st.sampled_from([*ACTIONS, "tables", "picture"]))
            fields = (
                MADE
                if action == "tables"
                else ("view",)
                if action == "picture"
                else ACTIONS[action]
            )
            body: dict[str, Any] = {"seat": 0, "token": token} if action in ACTIONS else {}
            for name in fields:
                if data.draw(st.booleans()):
                    body[name] = data.draw(ANY_TEXT | ANY_VALUE)
            body.update(data.draw(st.dictionaries(ANY_TEXT, ANY_VALUE, max_size=2)))
            path = {"tables": "/tables", "picture": "/picture"}.get(
                action, f"/tables/{table}/{action}"
            )
            _answered(site, path, body)

        requests()
