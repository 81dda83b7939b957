"""A smoke test of an installed scala40-server beside an installed scala40, run with no
source tree on the path.

It checks that the two are of one version, that the wheel carries the web table's page
(``web/static``), the schemas of the referee's protocol (equal to what the code makes) and
its PEP 561 marker, that ``scala40 web`` and ``scala40 serve`` are
found by the rules' command line (the entry points of the group ``scala40.commands``),
that the referee answers a game to its first move, and prints ``server smoke test
passed`` with where scala40_server was imported from.
"""

from __future__ import annotations

import importlib.resources
import io
import json

import scala40
import scala40_server
from scala40.cli import build_parser
from scala40_server.commands.serve import serve_stream
from scala40_server.protocol import SCHEMAS, protocol_schema, shipped_schema


def main() -> None:
    assert scala40_server.__version__ == scala40.__version__, (
        scala40_server.__version__,
        scala40.__version__,
    )
    package = importlib.resources.files("scala40_server")
    for name in ("index.html", "app.js", "style.css"):
        assert package.joinpath("web").joinpath("static").joinpath(name).is_file(), name
    assert package.joinpath("py.typed").is_file()
    for name in SCHEMAS:
        assert shipped_schema(name) == protocol_schema(name), name
    arguments = build_parser().parse_args(["web", "--port", "0"])
    assert arguments.port == 0
    requests = [{"op": "games"}, {"op": "new", "game": "chinchon", "seed": 1}]
    answers = io.BytesIO()
    lines = b"".join(json.dumps(request).encode() + b"\n" for request in requests)
    assert serve_stream(io.BytesIO(lines), answers, "scala40", 1.0) == 0
    said = [json.loads(line) for line in answers.getvalue().decode().splitlines()]
    assert [answer["ok"] for answer in said] == [True, True], said
    print(f"scala40 serve: {len(said[0]['games'])} games, a game dealt")
    print(
        f"server smoke test passed with scala40-server {scala40_server.__version__} "
        f"from {scala40_server.__file__}"
    )


if __name__ == "__main__":
    main()
