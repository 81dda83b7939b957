"""The schemas page names the keywords of every schema the repository ships, the rules'
and the referee's together (the rules' tests hold their part alone)."""

from __future__ import annotations

import re
from pathlib import Path

from scala40.schemas import BUILTIN_GAMES, KINDS, PROTOCOLS, json_schema, protocol_schema
from scala40_server import protocol
from scala40_server.protocol import SCHEMAS
from tests.tools.schema_validator import keywords_used

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_schemas_page_names_every_keyword_and_no_other() -> None:
    # "The schemas use a small set of keywords": the page's list is the schemas' own,
    # the rules' and the referee's together (the rules' tests hold their part alone).
    page = (DOCS / "schemas.rst").read_text(encoding="utf-8")
    start = page.index("The schemas use a small set of keywords")
    named = set(re.findall(r"``(\$?[a-zA-Z]+)``", page[start : page.index("\n\n", start)]))
    used: set[str] = set()
    for game in BUILTIN_GAMES:
        for kind in KINDS:
            used |= keywords_used(json_schema(kind, game))
    for name in PROTOCOLS:
        used |= keywords_used(protocol_schema(name))
    for name in SCHEMAS:
        used |= keywords_used(protocol.protocol_schema(name))
    annotations = {"$schema", "$id", "title", "description", "default"}
    assert used - annotations <= named | {"$defs"}, used - annotations - named
    assert named - {"false", "op"} <= used, named - used
