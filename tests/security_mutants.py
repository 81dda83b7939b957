"""The mutants of each defence the threat model (docs/security.rst) names: the change
that removes it, and the plausible regressions beside it (a compare of a prefix, a class
of characters skipped, a bound removed or raised, a condition dropped), which the tests
of the rows naming it must all catch (tests/test_security_mutants.py).

A mutant replaces one piece of text of its defence's file (found there exactly once,
inside the defence's own code) with another, in a copy of the project: it is never
applied to the source tree, and nothing in the package or in the tests' configuration
switches one on. A new row names its defence and adds its mutant here:
``"scala40.module:function": Mutant(old, new, why)``, with ``#label`` after the name
where one function holds several rows' defences, or ``"path/in/the/project#label"`` for
a defence that is not Python (the page's script, the build's configuration); and, in
:data:`REGRESSIONS`, the plausible regressions of it, or, in :data:`NO_REGRESSION`, why
its removal is the one regression it has.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import attrs

from tests.threat_model import module_file

__all__ = [
    "MUTANTS",
    "NO_REGRESSION",
    "REGRESSIONS",
    "Mutant",
    "defence_file",
    "mutants_of",
    "mutated_copy",
]

ROOT = Path(__file__).resolve().parent.parent

_LEFT_OUT = (
    *(".git", ".hypothesis", ".nox", ".mypy_cache", ".ruff_cache", "__pycache__"),
    *("_build", "build", "dist", "*.egg-info", "*.so", "*.pyd"),
)
"""What a copy of the project leaves out: caches, builds and compiled modules (the copy
is the pure package, as the source tree is)."""


@attrs.frozen
class Mutant:
    """A change of a defence's code: ``old`` (its text, found once in its file) becomes
    ``new``; ``why`` says what the change lets through."""

    old: str
    new: str
    why: str


def defence_file(defence: str) -> Path:
    """The file of the project that holds ``defence`` (``scala40.module:name``,
    ``scala40_server.module:name`` or ``path#label``)."""
    if ":" not in defence:
        return ROOT / defence.split("#")[0]
    return module_file(defence.split(":")[0])


def mutants_of(defence: str) -> tuple[Mutant, ...]:
    """Every mutant of ``defence``: its removal (:data:`MUTANTS`), then its regressions
    (:data:`REGRESSIONS`)."""
    return (MUTANTS[defence], *REGRESSIONS.get(defence, ()))


def mutated_copy(defence: str, destination: Path, index: int = 0) -> Path:
    """Copy the project into ``destination`` with ``defence``'s mutant number ``index``
    (:func:`mutants_of`: 0, its removal) applied; the copy's root."""
    mutant = mutants_of(defence)[index]
    shutil.copytree(ROOT, destination, ignore=shutil.ignore_patterns(*_LEFT_OUT))
    path = destination / defence_file(defence).relative_to(ROOT)
    text = path.read_text(encoding="utf-8")
    if text.count(mutant.old) != 1:
        raise AssertionError(f"{defence}: its mutant's text is not found once in {path}")
    path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")
    return destination


MUTANTS: dict[str, Mutant] = {
    "scala40_server.serving.fair_deal:_sealed_problems#seed": Mutant(
        '    seed = sealed_seed_of(secret, values)  # type: ignore[arg-type]\n    if deal.get("seed") != str(seed):\n',
        "    seed = sealed_seed_of(secret, values)  # type: ignore[arg-type]\n    if False:\n",
        "the revealed seed taken without checking it is the one the secret and the values give",
    ),
    "scala40_server.serving.fair_deal:_sealed_problems#server-chose": Mutant(
        '        warnings = [chose if read["shuffle"] else _SERVER_CHOSE, *warnings]\n',
        "        pass\n",
        "a deal the seat took no part in not reported",
    ),
    "scala40_server.serving.fair_deal:_sealed_problems#commitments-seen": Mutant(
        "        if commitments != shown:\n",
        "        if False:\n",
        "the commitments the seat saw not compared with those revealed",
    ),
    "scala40_server.serving.deals:sealed_seed_of": Mutant(
        '    parts = ["" if value is None else check_value(value) for value in values]\n',
        '    parts = ["" if value is None else check_value(value) for value in values][1:]\n',
        "the seed made without the first seat's value",
    ),
    "scala40_server.serving.deals:SealedDeal.advanced#void": Mutant(
        '                return attrs.evolve(deal, phase="void", phase_started=now, withheld=withheld)\n',
        '                return attrs.evolve(deal, phase="dealt", phase_started=now)\n',
        "a withheld value dealt over, not voided",
    ),
    "scala40_server.serving._replay:replay_problems": Mutant(
        "            if back is None or back[1] != start or refusal is not None:\n",
        "            if back is None or back[1] != start or undo_refusal(line[start:], seat) is not None:\n",
        "the table's refusal of any undo left out of the decision",
    ),
    "scala40_server.web.tables:_answer": Mutant(
        "    back = undone_to(db, table.id, since)\n    if back is not None:\n",
        "    back = undone_to(db, table.id, since)\n    if False:\n",
        "a since among the moves an undo took back answered as given",
    ),
    "scala40_server.serving.deals:SealedDeal.with_commitment": Mutant(
        '        if self.phase != "commit":\n            raise InvalidValueError(\n                f"the commitments are closed',
        '        if False:\n            raise InvalidValueError(\n                f"the commitments are closed',
        "a commitment taken after the commitments closed",
    ),
    "scala40_server.serving.deals:SealedDeal.advanced#clock": Mutant(
        "            if deal.waiting(people) and now - deal.phase_started < seconds:\n",
        "            if deal.waiting(people):\n",
        "the commitments wait for a silent seat for ever",
    ),
    "scala40_server.serving._replay:_play": Mutant(
        '    except Scala40Error as error:\n        return f"event {index} (move {number}) cannot',
        '    except InvalidArgumentError as error:\n        return f"event {index} (move {number}) cannot',
        "an event whose move cannot be read or played raises the game's error, not a problem",
    ),
    "scala40_server.serving.fair_deal:deal_problems#most-events": Mutant(
        "    if len(events) > MAX_DEAL_EVENTS:\n",
        "    if False:\n",
        "a feed of any length replayed",
    ),
    "scala40_server.web.intake:Intake._expire": Mutant(
        "        while self._deadlines and self._deadlines[0][0] <= now:\n",
        "        while False:\n",
        "no arriving connection expires",
    ),
    "scala40_server.web.tls:wrapped": Mutant(
        "    connection.setblocking(False)\n    return context.wrap_socket(connection, server_side=True, do_handshake_on_connect=False)\n",
        "    connection.setblocking(True)\n    return context.wrap_socket(connection, server_side=True)\n",
        "each connection's whole handshake done as it is accepted, as a wrapped listening "
        "socket's accept() does it: a silent client holds the thread that accepts every other",
    ),
    "scala40_server.web.secret_files:make_private": Mutant(
        "        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o600)\n",
        "        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o666)\n",
        "the tables' file made with SQLite's own mode, open to every account the umask lets",
    ),
    "scala40_server.web.store:TableStore.__init__": Mutant(
        '            make_private(path, "tables\' file", "the key the server signs with")\n',
        "            pass\n",
        "the tables' file made and opened by SQLite alone, neither made private nor checked",
    ),
    "scala40_server.web.secret_files:check_status#mode": Mutant(
        "    if mode & 0o077:\n",
        "    if False:\n",
        "a file holding a secret taken whatever its mode lets other accounts do",
    ),
    "scala40_server.web.secret_files:check_status#owner": Mutant(
        "    if status.st_uid != owner:\n",
        "    if False:\n",
        "a file holding a secret taken from another account, which reads it whatever its mode",
    ),
    "scala40_server.web.tls:server_context": Mutant(
        '        key = _pem_file(keyfile, "key file", b"PRIVATE KEY-----", "the server\'s private key")\n',
        '        key = _pem_file(keyfile, "key file", b"PRIVATE KEY-----")\n',
        "the TLS key read as a certificate is, whoever may read it",
    ),
    "scala40_server.web.intake:Intake._handshake#step": Mutant(
        "            connection.do_handshake()\n",
        "            connection.setblocking(True)\n            connection.do_handshake()\n",
        "a handshake's step waiting for the rest of the client's bytes",
    ),
    "scala40_server.web.intake:Intake._handshake#failed": Mutant(
        "        except OSError:\n            self._drop(arrived)\n",
        "        except OSError:\n            pass\n",
        "a connection whose handshake failed kept until the read time",
    ),
    "scala40_server.web.dealing:draw_deal": Mutant(
        "        shuffled = shuffle is not False\n",
        "        shuffled = shuffle is True\n",
        "a table made without 'shuffle' dealt by the server alone",
    ),
    "server/src/scala40_server/web/static/app.js#void-names-seat": Mutant(
        '  const named = voided.map((gone) => gone.withheld.map((seat) => (seat === table.seat ? "your seat" : `seat ${seat}`)).join(" and ")).join("; then ");\n',
        '  const named = "a seat";\n',
        "the page's warning of a void table naming no seat",
    ),
    "scala40_server.web.tables:_play_move": Mutant(
        "    if resigning is not None and resigning != seat:\n",
        "    if False:\n",
        "a seat's move resigning another seat played",
    ),
    "scala40_server.web.tables:_seat_clock": Mutant(
        '    if clock is not None and clock["seat"] == seat:\n',
        "    if clock is not None:\n",
        "the move a timeout plays for the person to decide (a card of their hand) told to "
        "every seat",
    ),
    "scala40_server.web.tables:_play_timeout": Mutant(
        "    if left > 0:\n",
        "    if False:\n",
        "a timeout played at once, whatever is left on the person's clock",
    ),
    "scala40_server.web.tables:Tables._start_clock": Mutant(
        "            table.decision_started = table.clock() + unseen + _break(table, self.limits)\n",
        "            table.decision_started = table.clock() + _break(table, self.limits)\n",
        "a decision's clock started as the decision comes, before its person is shown it",
    ),
    "scala40_server.web.tables:_show": Mutant(
        "    if table.decision_started is None or now < table.decision_started:\n",
        "    if True:\n",
        "every look of the person's own starting their clock afresh",
    ),
    "scala40_server.web.intake:Intake._receive#whole": Mutant(
        "        if arrived.length is not None and len(arrived.data) >= arrived.length:\n",
        "        if True:\n",
        "a request handed to a thread before it has come whole",
    ),
    "scala40_server.web.intake:Intake._receive#head-limit": Mutant(
        "            if arrived.length is None and len(arrived.data) > MAX_HEAD:\n",
        "            if False:\n",
        "a head read without its limit",
    ),
    "scala40_server.web.connections:Connections._least_sent#most-held": Mutant(
        "                -len(self._by_client[held.client]),\n",
        "                len(self._by_client[held.client]),\n",
        "the client holding the fewest connections makes room",
    ),
    "scala40_server.web.connections:Connections._least_sent#waiting": Mutant(
        "            if held.served and not held.waiting:\n",
        "            if held.served:\n",
        "a waiting request never makes room",
    ),
    "scala40.games._knock.loose:_tables": Mutant(
        "        built = _LooseTables()\n        built.build(profile)\n        found = shared.setdefault(key, built)\n",
        "        found = shared[key] = _LooseTables()\n        found.build(profile)\n",
        "a knock game's loose-card tables shared with other threads before they are filled",
    ),
    "scala40.bots.knock.careful:_Partners.of": Mutant(
        "            self.related[card] = frozenset(code for pair in found for code in pair)\n            self.pairs[card] = found\n",
        "            self.pairs[card] = found\n            self.related[card] = frozenset(code for pair in found for code in pair)\n",
        "a card's pairs stored, for other threads to find, before the cards they relate",
    ),
    "scala40_server.web.faults:FaultLog.report": Mutant(
        "            elif _is_power_of_ten_or_two(count):\n",
        "            else:\n",
        "every repeat of a fault is written to the operator's log",
    ),
    "scala40_server.web.faults:_cut": Mutant(
        "    escaped = inert(text[: most + 1])\n    if len(escaped) <= most:\n",
        "    escaped = inert(text)\n    if True:\n",
        "a client's text written whole in the log's lines",
    ),
    "scala40_server.web.faults:inert": Mutant(
        '    return text.encode("unicode_escape").decode("ascii")\n',
        "    return text\n",
        "a client's escape codes reach the operator's terminal as sent",
    ),
    "scala40_server.web.server:TableHandler._send": Mutant(
        "        with reclaimable(self._shut):\n",
        "        with suppress():\n",
        "an answer being written never makes room",
    ),
    "scala40_server.web.connections:Connections.admit#old-only": Mutant(
        "                victim = self._least_sent(mine, now, young=False)\n",
        "                victim = self._least_sent(mine, now)\n",
        "a client's young connection makes room for its newer one",
    ),
    "scala40_server.web.budgets:Budgets.refuse_table": Mutant(
        "        if not self.tables_made.take_one(client):\n",
        "        if False:\n",
        "tables a minute not counted",
    ),
    "scala40_server.web.store:TableStore.make_room": Mutant(
        "                if row is None or row[1] > now - in_play_seconds:\n",
        "                if row is None:\n",
        "a table in play taken to make room",
    ),
    "scala40_server.web.budgets:Budgets._spent_thinking#client": Mutant(
        "        wait = self.client_thinking.seconds_until(client, _least(self.client_thinking))\n",
        "        wait = 0.0\n",
        "a client's bots' time not capped",
    ),
    "scala40_server.web.budgets:Budgets._spent_thinking#sliver": Mutant(
        "        wait = self.client_thinking.seconds_until(client, _least(self.client_thinking))\n",
        "        wait = self.client_thinking.seconds_until(client)\n",
        "a sliver of a spent budget lets each request's bots think",
    ),
    "scala40_server.web.budgets:Budgets._think_by": Mutant(
        "        left = min(self.thinking_left(client, table), MAX_SECONDS)\n",
        "        left = MAX_SECONDS\n",
        "a bot given its whole time limit, whatever its budgets hold",
    ),
    "scala40_server.web.budgets:Budgets._paid": Mutant(
        "            self.pay(client, table, time.monotonic() - started)\n",
        "            pass\n",
        "the bots' thinking never paid",
    ),
    "scala40_server.web.quotas:client_of": Mutant(
        "        return str(ipaddress.IPv6Network((parsed, 64), strict=False))\n",
        "        return str(parsed)\n",
        "each IPv6 address its own client",
    ),
    "scala40_server.web.server:TableHandler._turn": Mutant(
        "            self.server.connections.client_count(client),\n",
        "            0,\n",
        "every request's turn at one priority, whatever connections its client holds",
    ),
    "scala40_server.web.budgets:Budgets.pay": Mutant(
        "        self.client_thinking.pay(client, seconds)\n",
        "        for key in [client, *self.client_thinking._buckets]:\n            self.client_thinking.pay(key, seconds)\n",
        "the bots' time one client spends charged to every client",
    ),
    "scala40_server.web.turns:_Waiter.__lt__": Mutant(
        "        return self.key < other.key\n",
        "        return self.key[1] < other.key[1]\n",
        "the next turn to the first come, whatever its priority",
    ),
    "scala40_server.web.tables:_Table.play_bots": Mutant(
        "                    self.held_back, self.waiting = thinking, True\n",
        '                    raise RequestError(429, "TooManyRequests", str(thinking))\n',
        "a request refused whole when its table's bots wait",
    ),
    "scala40_server.web.requests:seat_of#token": Mutant(
        "        and hmac.compare_digest(token.encode(), expected.encode())\n",
        "        and True\n",
        "any token taken for a seat",
    ),
    "scala40_server.commands.serve:_answer_line#utf-8": Mutant(
        '    except UnicodeDecodeError as error:\n        return _error(\n            None,\n            InvalidValueError(\n                f"line {number} is not UTF-8',
        '    except LookupError as error:\n        return _error(\n            None,\n            InvalidValueError(\n                f"line {number} is not UTF-8',
        "a line that is not UTF-8 stops the referee",
    ),
    "scala40.bots.scala40.careful:CarefulBot._close_search": Mutant(
        "        with shared_budget(WorkBudget(self.close_work)) as budget:\n",
        "        with shared_budget(WorkBudget()) as budget:\n",
        "the careful bot's search for a close given the whole budget",
    ),
    "scala40_server.serving.seat_access:SeatAccess.sees": Mutant(
        "        return self.knows_all or seat in self.seats\n",
        "        return True\n",
        "the client sees every seat",
    ),
    "scala40_server.serving.seat_access:SeatAccess._check_sight#decider": Mutant(
        "            if deciding is not None and not self.sees(deciding):\n",
        "            if False:\n",
        "a bot left to move reached by legal, hint and bot",
    ),
    "scala40_server.serving.seat_access:SeatAccess._check_sight#whole": Mutant(
        "        if reach is Reach.WHOLE or (reach is Reach.DECIDER and state.is_chance):\n",
        "        if False:\n",
        "the whole state answered while the referee's deal is on",
    ),
    "scala40_server.serving.seat_access:SeatAccess._check_move#resign": Mutant(
        "            if not self.acts_for(resigning):\n",
        "            if False:\n",
        "a client resigns a seat it does not play",
    ),
    "scala40_server.commands.serve:_answer_line#not-json": Mutant(
        "    except (ValueError, RecursionError) as error:\n",
        "    except RecursionError as error:\n",
        "a line that is not JSON stops the referee",
    ),
    "scala40_server.commands.serve:Referee._new": Mutant(
        "        shuffled = shuffle is not False\n",
        "        shuffled = shuffle is True\n",
        "a game made without 'shuffle' dealt by the referee alone",
    ),
    "scala40_server.serving.request_fields:read_field": Mutant(
        "    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):\n",
        "    if False:\n",
        "a request's field taken of any type",
    ),
    "scala40._format.serial:count_problems": Mutant(
        "    if found == expected:\n        return []\n",
        "    if True:\n        return []\n",
        "a state's cards not counted against its deck",
    ),
    "scala40._format.serial:written_cards": Mutant(
        '    codes = tuple(map(_CARD_CODES.get, text.split(" ")))\n',
        "    codes = tuple(map(_CARD_CODES.get, text.upper().split()))\n",
        "cards read in lower case and with spaces more",
    ),
    "scala40.checks:is_int": Mutant(
        "    return isinstance(value, int) and not isinstance(value, bool)\n",
        "    return isinstance(value, int)\n",
        "a boolean read as an integer",
    ),
    "scala40.records:GameRecord.from_dict": Mutant(
        '        if len(moves) > MAX_RECORD_MOVES:\n            raise SerializationError(\n                f"record:',
        '        if False:\n            raise SerializationError(\n                f"record:',
        "a record of any length replayed",
    ),
    "scala40.games.scala40.table.splits:find_splits": Mutant(
        "        if funds.left < 0:\n",
        "        if funds.left < -99 * funds.limit:\n",
        "the search for splits given a hundred times its budget",
    ),
    "scala40._format.serial:refuse_many_keys": Mutant(
        "    if isinstance(data, Mapping) and len(data) > MAX_READ_ITEMS:\n",
        "    if False:\n",
        "a mapping of any size read",
    ),
    "scala40._base.position:PositionReader.named": Mutant(
        '        if unknown:\n            raise InvalidArgumentError(\n                f"from_position takes no field',
        '        if False:\n            raise InvalidArgumentError(\n                f"from_position takes no field',
        "from_position takes any field",
    ),
    "pyproject.toml#mypyc-include": Mutant(
        '    "/src/scala40/_compiled.py",\n',
        '    "/src/scala40/_compiled.py",\n    "/src/scala40/checks.py",\n',
        "a reader of a caller's values compiled",
    ),
    "scala40.legal:LegalMoves.index": Mutant(
        "        if not is_int(start) or not (stop is None or is_int(stop)):\n",
        "        if False:\n",
        "the legal moves' index bounds not checked",
    ),
    "scala40.adapters.openspiel:OpenSpielGame._node_from": Mutant(
        "        self._check_history(past, state, moves, players)\n",
        "        pass\n",
        "a serialized state's history not checked at load",
    ),
    "scala40.adapters.openspiel:OpenSpielGame._check_history#whole-state": Mutant(
        "        if played != moves or current.to_dict() != state.to_dict():\n",
        "        if played != moves:\n",
        "the state its history gives not compared whole",
    ),
    "scala40.adapters.openspiel:OpenSpielGame._check_history#apply-only": Mutant(
        "                new = current.apply(move)\n                played += 1\n",
        "                new = current.apply(move)\n                list(new.legal_moves())\n                played += 1\n",
        "the history checked with each position's legal moves listed",
    ),
    "scala40.adapters.episodes:Episode.__init__": Mutant(
        "        if not (type(max_game_length) is int and 1 <= max_game_length <= MAX_GAME_LENGTH):\n",
        "        if not (type(max_game_length) is int and 1 <= max_game_length):\n",
        "a game given a cap past MAX_GAME_LENGTH",
    ),
    "scala40.adapters.openspiel_text:read_serialized#six-lines": Mutant(
        "    if len(lines) != len(_LINES) or any(\n",
        "    if len(lines) < 0 or any(\n",
        "a serialized state's lines not counted",
    ),
    "scala40.cli.common:load_record": Mutant(
        "    except (ValueError, RecursionError) as error:\n        # ValueError: bad JSON",
        "    except RecursionError as error:\n        # ValueError: bad JSON",
        "a record file that is not JSON read as one",
    ),
    "scala40._registry:load_game": Mutant(
        "    if len(name) > MAX_GAME_NAME:\n",
        "    if False:\n",
        "a game's name of any length looked up",
    ),
    "scala40.schemas.__main__:_write": Mutant(
        "        args = _parser().parse_args(argv)\n",
        "        args = _parser().parse_known_args(argv)[0]\n",
        "arguments it does not know passed over",
    ),
    "scala40.__main__:run": Mutant(
        "    except KeyboardInterrupt:\n        # Before the command line",
        "    except ZeroDivisionError:\n        # Before the command line",
        "a Ctrl-C while the command line loads not answered",
    ),
    "scala40.__main__:_interrupt_once": Mutant(
        "    signal.signal(signal.SIGINT, signal.SIG_IGN)\n    raise KeyboardInterrupt\n",
        "    raise KeyboardInterrupt\n",
        "a second Ctrl-C raised as the first",
    ),
    "scala40.cli.simulate:_Collector.run": Mutant(
        "        if self.pool is None:\n            return play()\n",
        "        if True:\n            return play()\n",
        "the tournament played in the main thread, which waits on the games' futures itself",
    ),
    "scala40.commands:json_text": Mutant(
        "        return json.dumps(value, ensure_ascii=True, separators=separators)\n",
        "        return text\n",
        "an answer echoing text no encoding writes written as itself",
    ),
    "scala40_server.web.requests:seat_of#ascii-token": Mutant(
        "        and token.isascii()\n",
        "",
        "a token of any text encoded to be compared",
    ),
    "scala40_server.serving.deals:SealedDeal.redrawn": Mutant(
        '        terms["voids"] = len(voided)\n',
        "",
        "a deal drawn again after a void whose terms do not count it",
    ),
    "scala40_server.serving.acknowledgements:_void_refutation": Mutant(
        '        and acknowledgement.get("table") == void["commitment"]\n',
        "        and False\n",
        "a void naming a seat whose value the server acknowledged not refuted",
    ),
    "scala40_server.serving.acknowledgements:_unusable": Mutant(
        "    if signature_verdict(given, key) is False:\n",
        "    if False:\n",
        "an acknowledgement the key in the terms did not sign taken as the server's",
    ),
    "scala40_server.serving.signatures:signature_verdict": Mutant(
        "        public.verify(bytes.fromhex(signature), acknowledgement_text(acknowledgement))\n",
        "        pass\n",
        "a signature of the right form taken without checking what it signs, or by whom",
    ),
    "scala40_server.serving.acknowledgements:_whose_word": Mutant(
        "    if verdict:\n",
        "    if verdict is not False:\n",
        "an acknowledgement whose signature was not checked said to convince anyone",
    ),
    "scala40_server.serving.acknowledgements:void_problems": Mutant(
        "        and len(voided) == count\n",
        "",
        "a revealed deal listing fewer void deals than its terms count taken",
    ),
    "scala40_server.serving.acknowledgements:_dealt_without": Mutant(
        "    if not (isinstance(shown, list) and isinstance(values, list) and seat < len(shown)):\n",
        "    if True:\n",
        "a deal dealt without a part the server acknowledged not refuted",
    ),
    "scala40_server.serving.deals:SealedDeal.with_value": Mutant(
        "        if self.values[seat] == checked:\n            return self  # sent again",
        "        if False:\n            return self  # sent again",
        "a value sent again after its answer was lost refused",
    ),
    "scala40_server.web.dealing:DealSteps._shuffle": Mutant(
        "            if not isinstance(deal, SealedDeal) or (deal.is_dealt and not resent):\n",
        "            if not isinstance(deal, SealedDeal) or deal.is_dealt:\n",
        "a part sent again once the cards are dealt refused (409), not acknowledged",
    ),
    "scala40_server.serving.deals:SealedDeal.may_redraw": Mutant(
        "        return self.is_void and len(self.voided) + 1 < MAX_VOIDS\n",
        "        return self.is_void\n",
        "a void deal drawn again for ever",
    ),
    "server/src/scala40_server/web/static/app.js#resend": Mutant(
        "    if (kept.acked || kept.refused) return false;\n",
        "    if (kept.sends || kept.refused) return false;\n",
        "the page's commitment sent once, not again after a 503 or a lost answer",
    ),
    "server/src/scala40_server/web/static/app.js#resend-move": Mutant(
        "      showLimited(error.limit, error.retryAfter, () => post(action, extra));\n",
        "      showLimited(error.limit, error.retryAfter, refresh);\n",
        "a move answered 503 dropped: the table shown again, for the person to move again",
    ),
    "scala40_server.serving.acknowledgements:void_problems#key-change": Mutant(
        "        return key if deal == commitment else seen_keys.get(str(deal), key)\n",
        "        return key\n",
        "a void deal's acknowledgement checked against the key a later deal names: a server "
        "naming a new key disowns what its old key signed",
    ),
    "scala40_server.serving.acknowledgements:key_change": Mutant(
        "    if old == new:\n",
        "    if True:\n",
        "a new key inside one match not named as the server's doing",
    ),
    "scala40_server.serving.acknowledgements:_whose_word#void-key": Mutant(
        "    if verdict and revealed_key is not None and key != revealed_key:\n",
        "    if False:\n",
        "a signature by a key only a void deal's unrevealed terms name said to convince anyone",
    ),
    "scala40_server.serving.receipts:receipt_verdict": Mutant(
        "        if verdict is False:\n",
        "        if False:\n",
        "a receipt whose acknowledgement the key of its deal did not sign read as the server's",
    ),
    "scala40_server.serving.receipts:_revealed_check": Mutant(
        '    if not hmac.compare_digest(expected, latest["commitment"]):\n',
        "    if False:\n",
        "a receipt whose revealed deal does not hash to its commitment read",
    ),
    "scala40_server.serving.receipts:_read": Mutant(
        "        if len(text) > MAX_RECEIPT_BYTES:\n",
        "        if False:\n",
        "a receipt of any size decoded and parsed",
    ),
    "server/src/scala40_server/web/static/app.js#key-change": Mutant(
        "  return `${firstDealOf(deal)}:${table.seat}`;\n",
        "  return `${keyName(deal)}:${firstDealOf(deal)}:${table.seat}`;\n",
        "the page's acknowledgements kept under the server's key: a new key inside a match "
        "finds none, and the void is no longer refuted",
    ),
    "server/src/scala40_server/web/static/app.js#match-key": Mutant(
        '  if (!other) return "";\n',
        '  return "";\n',
        "a new key inside one match not said to be the server's doing",
    ),
    "server/src/scala40_server/web/static/app.js#receipt": Mutant(
        "    deals: keptDeals(deal),\n",
        "    deals: [deal],\n",
        "the receipt without the void deals: the acknowledgements of them refute nothing",
    ),
    "server/src/scala40_server/web/static/app.js#said-checked": Mutant(
        "  if (voids || keys || signatures) return",
        "  if (voids || keys) return",
        '"Deal verified" said where the signatures could not be checked',
    ),
    "server/src/scala40_server/web/static/app.js#refuted-void": Mutant(
        "    && acks.some((ack) => ack.table === gone.commitment && ack.revealed && ack.checked));\n",
        "    && false);\n",
        "the page not refuting a void that blames it for a value the server acknowledged",
    ),
    "server/src/scala40_server/web/static/app.js#dealt-alone": Mutant(
        "  if (terms.shuffle === false) {\n",
        "  if (terms.shuffle === false || deal.values.every((value) => value === null)) {\n",
        "a table that shuffles, dealt alone after no commitment came, called made without shuffling",
    ),
    "scala40_server.web.budgets:Budgets.running": Mutant(
        "        priority = connections + expected / (expected + self.limits.request_seconds)\n",
        "        priority = connections\n",
        "the turns at as many connections to the first come, whatever its requests cost",
    ),
    "scala40_server.web.turns:_count_collection": Mutant(
        '        _thread.collected += now - getattr(_thread, "collecting", now)\n',
        "        pass\n",
        "a garbage collection a request's thread runs counted as the request's own work",
    ),
    "scala40_server.web.budgets:Budgets.running#collections": Mutant(
        "            spent.append(seconds - collected)\n",
        "            spent.append(seconds)\n",
        "the garbage collections a request ran expected of its client's next requests",
    ),
    "scala40_server.web.server:_undrawn_moves_unread": Mutant(
        '    return {**view, "legal_moves": []}\n',
        "    return view\n",
        "a picture's view read with every legal move it lists",
    ),
    "scala40_server.web.budgets:Budgets.refuse_work": Mutant(
        '        if wait <= 0:\n            return None\n        return Refusal(\n            "client_cpu',
        '        if True:\n            return None\n        return Refusal(\n            "client_cpu',
        "a client's CPU a minute not capped",
    ),
    "scala40_server.web.quotas:RequestCosts.leave": Mutant(
        "                found.cost = max(seconds, found.cost) if found.known else seconds\n",
        "                found.cost = seconds\n",
        "a cheap request after a costly one lowering what the client is expected to cost",
    ),
    "scala40_server.web.tables:Tables._table": Mutant(
        "                )\n                db.commit()\n            else:\n",
        "                )\n            else:\n",
        "the deal's write held open while the bots play",
    ),
    "scala40_server.serving.deals:SealedDeal.with_value#hash": Mutant(
        "        if not hmac.compare_digest(value_commitment_of(self.commitment, seat, checked), expected):\n",
        "        if False:\n",
        "a value taken that does not hash to its seat's commitment",
    ),
    "scala40_server.serving.fair_deal:_part_problem": Mutant(
        "    if not hmac.compare_digest(expected, checked):\n",
        "    if False:\n",
        "a revealed value taken by the check that does not hash to its seat's commitment",
    ),
    "scala40_server.serving.acknowledgements:_unusable#table": Mutant(
        '    if given.get("first_deal") != first_deal:\n',
        "    if False:\n",
        "an acknowledgement of another table of the server taken as this table's",
    ),
    "scala40_server.serving.acknowledgements:_unusable#words": Mutant(
        '            f"({describe(key, 80)}) made over it: it shows no one that the server made it, "\n',
        '            f"({describe(key, 80)}): the server did not make it, "\n',
        "an acknowledgement without the terms' key's signature said not to be the server's, which no signature shows",
    ),
    "scala40_server.serving.acknowledgements:received_problem": Mutant(
        "    if signature_verdict(acknowledgement, key) is False:\n",
        "    if False:\n",
        "an acknowledgement without the terms' key's signature taken by a client as the server's",
    ),
    "scala40_server.web.store:TableStore.signing_key": Mutant(
        "        return SigningKey(row[0])\n",
        "        return SigningKey.generate()\n",
        "a key drawn anew at each start, not the one the file keeps",
    ),
    "server/src/scala40_server/web/static/app.js#verify-ack": Mutant(
        '    const verdict = await acknowledgementVerdict(ack, deal, kept, "value" in part);\n',
        "    const verdict = { problem: null, checked: true, unchecked: null };\n",
        "the page keeping any answer as the server's acknowledgement, checked",
    ),
    "server/src/scala40_server/web/static/app.js#insecure-context": Mutant(
        '  if (!window.isSecureContext) return "insecure";\n',
        "",
        "a page served over plain HTTP at a network address blaming the browser for the "
        "WebCrypto it is not given",
    ),
    "server/src/scala40_server/web/static/app.js#refute-checked-only": Mutant(
        "  if (ack && ack.checked) return refuted;\n",
        "  if (ack) return refuted;\n",
        "a deal without an acknowledged commitment refuted by an acknowledgement the page "
        "could not check",
    ),
    "server/src/scala40_server/web/static/app.js#key-form": Mutant(
        '  if (key !== null && !(typeof key === "string" && PUBLIC_KEY.test(key))) return { problem: `its terms',
        "  if (false) return { problem: `its terms",
        "terms naming a key of no key's form taken as a key",
    ),
    "server/src/scala40_server/web/static/app.js#bad-answer-said": Mutant(
        '  if (!bad.length) return "";\n',
        '  if (true) return "";\n',
        "a bad answer never said while the page sends its part again",
    ),
    "server/src/scala40_server/web/static/app.js#dropped-not-late": Mutant(
        "  if (bad) return `Warning: the server at ${location.host} took your commitment in time",
        "  if (false) return `Warning: the server at ${location.host} took your commitment in time",
        "a commitment the server answered and dropped said to have come late",
    ),
    "server/src/scala40_server/web/static/app.js#table-namespace": Mutant(
        "  const name = `scala40-first-deal:${keyName(deal)}:${table.id}`;\n",
        "  const name = `scala40-first-deal:${table.id}`;\n",
        "the first deal remembered by the table's number alone: another tables' file's "
        "table of the same number taken for the table",
    ),
    "server/src/scala40_server/web/static/app.js#known-keys": Mutant(
        "    if (latest) sessionStorage.setItem(`scala40-key-change:${key}:${table.id}`, latest.key);\n",
        "",
        "a server's new key not said",
    ),
    "scala40.conformance._process:EngineProcess.ask": Mutant(
        "        if not written.wait(self.timeout):\n",
        "        if not written.wait():\n",
        "a request written to an engine that does not read waited on for ever",
    ),
    "scala40.conformance._text:bounded_json": Mutant(
        "    except RecursionError:\n",
        "    except ZeroDivisionError:\n",
        "JSON nested deeper than the reader recurses raising RecursionError: a traceback",
    ),
    "scala40.conformance:line_problem": Mutant(
        "        if not fits(line.get(name)):\n",
        "        if False:\n",
        "a corpus line without the fields its section reads run (a KeyError: a traceback)",
    ),
    "scala40.conformance.runner:Report.gaps": Mutant(
        "        return tuple(found)\n",
        "        return ()\n",
        "a run that skipped everything, or judged nothing, passed",
    ),
    "scala40.conformance.runner:legal_moves_asked": Mutant(
        "    return tuple(\n        move for move in dict.fromkeys(",
        "    return () and tuple(\n        move for move in dict.fromkeys(",
        "a refusal line asked about its refused move alone: an engine that refuses every "
        "move passes",
    ),
    "scala40.conformance._process:EngineProcess.__init__": Mutant(
        '            {"start_new_session": True}\n',
        '            {"start_new_session": False}\n',
        "the engine in the runner's process group: the group killed at the end is not its own",
    ),
    "scala40.conformance._process:EngineProcess._kill_group": Mutant(
        "                os.killpg(self.process.pid, signal.SIGKILL)\n",
        "                os.kill(self.process.pid, signal.SIGKILL)\n",
        "the engine's process killed alone: what it started runs on",
    ),
    "scala40.conformance._text:printable": Mutant(
        "    if text.isprintable():\n",
        "    if True:\n",
        "an engine's text printed as itself, escapes and line breaks included",
    ),
    "scala40.conformance:read_corpus": Mutant(
        "        if hashlib.sha256(data).hexdigest() != digest:\n",
        "        if False:\n",
        "a corpus file edited after it was written read as the manifest's",
    ),
    "scala40.conformance:_manifest_files": Mutant(
        "        if not _FILE_NAME.fullmatch(name):\n",
        "        if False:\n",
        "a manifest listing a path out of the corpus's directory read there",
    ),
    "scala40.conformance:write_corpus": Mutant(
        "        if present and not replace:\n",
        "        if False:\n",
        "the corpus written over the user's files in a directory that is not empty",
    ),
    "scala40.conformance:corpus_version_problem": Mutant(
        "    if given == shipped_manifest():\n        return None\n",
        "    if True:\n        return None\n",
        "a corpus edited and its manifest redone taken for this version's",
    ),
    "scala40.cli.conformance:_corpus": Mutant(
        "    if problem is not None and not args.foreign_corpus:\n",
        "    if False:\n",
        "a corpus that is not this version's judged unasked, its answers taken for the library's",
    ),
    "scala40.directory:DirectoryWriter._check": Mutant(
        "        if present is None:\n            return\n",
        "        if True:\n            return\n",
        "a link where a file goes, or a folder, written over unrefused",
    ),
    "scala40.directory:_open_one": Mutant(
        "(0 if follow else _NOFOLLOW)",
        "0",
        "the directory named, or a folder the writer made, opened through a link",
    ),
    "scala40.directory:DirectoryWriter.open": Mutant(
        "            if not RELATIVE_TO_THE_DIRECTORY:\n",
        "            if True:\n",
        "each file written by its path, through whatever the directory was swapped for",
    ),
    "scala40.directory:_open_relative": Mutant(
        "                found = _open_one(part, handle, where, follow=False)\n",
        "                found = _open_one(part, handle, where, follow=True)\n",
        "a folder the writer made opened through a link put in its place since",
    ),
    "scala40.directory:DirectoryWriter._create": Mutant(
        "os.open(self._at(name), _NEW_FILE, 0o666",
        "os.open(self._at(name), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666",
        "a new file opened through a link put at its name once the name was checked",
    ),
    "scala40.directory:DirectoryWriter._replace": Mutant(
        "                os.rename(aside, name, src_dir_fd=self._handle, dst_dir_fd=self._handle)\n",
        "                os.unlink(aside, dir_fd=self._handle)\n"
        "                _write_all(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666, "
        "dir_fd=self._handle), data)\n",
        "a replaced file written in place, through a link put at its name since",
    ),
    "scala40.cli.installed:add_stand_in#imports-nothing": Mutant(
        "    listed = declared.listed_summary.replace(",
        "    listed = load_command(declared).summary.replace(",
        "another package's command imported to list it, its summary taken from its Command",
    ),
    "scala40.commands:load_command": Mutant(
        "    except SystemExit as exit_request:\n",
        "    except NotImplementedError as exit_request:\n",
        "an exit as a package's module loads not caught: the process ends with the package's "
        "status, unsaid",
    ),
    "scala40.cli.installed:run_other": Mutant(
        "    except BaseException as error:  # the package's code, as it sets up its arguments\n",
        "    except NotImplementedError as error:  # the package's code, as it sets up its arguments\n",
        "a command that fails as it sets up its arguments ends scala40 unsaid, or in a traceback",
    ),
    "scala40.cli.installed:sort_installed": Mutant(
        "        elif command.name in names:\n",
        "        elif False:\n",
        "another package's command named as the library's or the server's kept beside it",
    ),
    "scala40.commands:shown_text": Mutant(
        '    return _shown(" ".join(text.split()), limit)\n',
        '    return " ".join(text.split())\n',
        "another package's summary listed as written: its escapes reach the terminal",
    ),
    "scala40.commands:DeclaredCommand.has_valid_name": Mutant(
        "        return _COMMAND_NAME.fullmatch(self.name) is not None\n",
        "        return True\n",
        "another package's command listed under any name, its escapes with it",
    ),
    "scala40.cli.installed:add_stand_in#percent": Mutant(
        '.listed_summary.replace("%", "%%")',
        ".listed_summary",
        "a summary's % read by argparse as a format: scala40 --help stops in a traceback",
    ),
}

REGRESSIONS: dict[str, tuple[Mutant, ...]] = {
    # The deal and its check.
    "scala40_server.serving.fair_deal:_sealed_problems#seed": (
        Mutant(
            '    if deal.get("seed") != str(seed):\n',
            '    if str(deal.get("seed"))[:10] != str(seed)[:10]:\n',
            "the revealed seed compared on its first ten digits",
        ),
    ),
    "scala40_server.serving.fair_deal:_sealed_problems#server-chose": (
        Mutant(
            "    if mine is None:\n        took_part",
            '    if mine is None and not read["shuffle"]:\n        took_part',
            "a seat left out of the deal of a table that shuffles not reported",
        ),
    ),
    "scala40_server.serving.fair_deal:_sealed_problems#commitments-seen": (
        Mutant(
            "        if commitments != shown:\n",
            "        if commitments[seen.seat] != shown[seen.seat]:\n",
            "only the seat's own commitment compared with the one revealed",
        ),
    ),
    "scala40_server.serving.deals:SealedDeal.advanced#void": (
        Mutant(
            '                return attrs.evolve(deal, phase="void", phase_started=now, withheld=withheld)\n',
            '                return attrs.evolve(deal, phase="void", phase_started=now)\n',
            "a void naming no seat",
        ),
    ),
    "scala40_server.serving.deals:SealedDeal.redrawn": (
        Mutant(
            '        terms["voids"] = len(voided)\n',
            '        terms["voids"] = len(self.voided)\n',
            "a deal drawn again counting one void fewer than the table had",
        ),
    ),
    "scala40_server.serving.acknowledgements:_void_refutation": (
        Mutant(
            "        and seat in withheld\n",
            "",
            "a void refuted by the acknowledgement of a seat it does not name",
        ),
    ),
    "scala40_server.serving.acknowledgements:void_problems": (
        Mutant(
            "        and len(voided) == count\n",
            "        and len(voided) >= count\n",
            "a revealed deal listing more void deals than its terms count taken",
        ),
    ),
    "scala40_server.serving.deals:SealedDeal.with_value": (
        Mutant(
            "        if self.values[seat] == checked:\n            return self  # sent again",
            '        if self.values[seat] == checked and self.phase == "reveal":\n            return self  # sent again',
            "a value sent again acknowledged only while the values are taken, not once dealt",
        ),
    ),
    "scala40_server.web.dealing:DealSteps._shuffle": (
        Mutant(
            "                (commitment is not None and commitment == deal.commitments[seat])\n"
            "                or (value is not None and value == deal.values[seat])\n",
            "                (commitment is not None and commitment == deal.commitments[seat])\n",
            "a value sent again once the cards are dealt refused (409), a commitment not",
        ),
    ),
    "scala40_server.serving.acknowledgements:_unusable": (
        Mutant(
            '    if given["seat"] != seat:\n',
            "    if False:\n",
            "another seat's acknowledgement taken as the seat's own",
        ),
    ),
    "scala40_server.serving.signatures:signature_verdict": (
        Mutant(
            "    if not (isinstance(signature, str) and _SIGNATURE.fullmatch(signature)):\n"
            "        return False\n",
            "    if not (isinstance(signature, str) and _SIGNATURE.fullmatch(signature)):\n"
            "        return None\n",
            "an acknowledgement without a signature taken as one that cannot be checked here",
        ),
        Mutant(
            '    check_public_key(key)\n    signature = acknowledgement.get("signature")\n',
            '    check_public_key(key)\n    if not can_check():\n        return None\n    signature = acknowledgement.get("signature")\n',
            "a missing signature read as one that cannot be checked where the library is absent",
        ),
    ),
    "scala40_server.serving.acknowledgements:_whose_word": (
        Mutant(
            "    if verdict:\n",
            "    if verdict or key is not None:\n",
            "an acknowledgement whose terms name a key said to convince anyone, unchecked",
        ),
    ),
    "scala40_server.serving.deals:SealedDeal.may_redraw": (
        Mutant(
            "        return self.is_void and len(self.voided) + 1 < MAX_VOIDS\n",
            "        return self.is_void and len(self.voided) < MAX_VOIDS\n",
            "a void deal drawn again once more than the most voids allow",
        ),
    ),
    "scala40_server.serving._replay:replay_problems": (
        Mutant(
            "            refusal = table_refusal or undo_refusal(line[start:], seat)\n",
            "            refusal = table_refusal or undo_refusal(line[start : start + 1], seat)\n",
            "an undo judged by the first event it takes back, not by every one",
        ),
    ),
    "scala40_server.web.tables:_answer": (
        Mutant(
            '        **({} if back is None else {"undone_to": back}),\n',
            "",
            "an answer since a move an undo took back not saying so",
        ),
    ),
    "scala40_server.serving.deals:SealedDeal.with_commitment": (
        Mutant(
            '        if self.commitments[seat] is not None:\n            raise InvalidValueError(f"seat {seat} has sent its commitment already")\n',
            "",
            "a seat's second commitment taken in place of its first",
        ),
    ),
    "scala40_server.serving.deals:SealedDeal.advanced#clock": (
        Mutant(
            "            if deal.waiting(people) and now - deal.phase_started < seconds:\n",
            "            if deal.waiting(people) == tuple(people) and now - deal.phase_started < seconds:\n",
            "the commitments closed as soon as one person has committed",
        ),
    ),
    "scala40_server.serving.fair_deal:deal_problems#most-events": (
        Mutant(
            "    if len(events) > MAX_DEAL_EVENTS:\n",
            "    if len(events) > 10 * MAX_DEAL_EVENTS:\n",
            "a feed of ten times the most events replayed",
        ),
    ),
    "scala40_server.serving.deals:SealedDeal.with_value#hash": (
        Mutant(
            "        if not hmac.compare_digest(value_commitment_of(self.commitment, seat, checked), expected):\n",
            "        if not hmac.compare_digest(value_commitment_of(self.commitment, seat, checked)[:6], expected[:6]):\n",
            "a value checked against 24 bits of its commitment, which an accomplice grinds in seconds",
        ),
    ),
    "scala40_server.serving.fair_deal:_part_problem": (
        Mutant(
            "    if not hmac.compare_digest(expected, checked):\n",
            "    if not hmac.compare_digest(expected[:6], checked[:6]):\n",
            "a revealed value checked against 24 bits of its commitment, which an accomplice grinds in seconds",
        ),
    ),
    "scala40_server.serving.acknowledgements:_unusable#table": (
        Mutant(
            '    if given.get("first_deal") != first_deal:\n',
            '    if given.get("first_deal") is None:\n',
            "an acknowledgement naming any table taken as this table's",
        ),
    ),
    "scala40_server.serving.acknowledgements:received_problem": (
        Mutant(
            '    if fields["first_deal"] != first_deal:\n',
            "    if False:\n",
            "an acknowledgement naming another table taken by a client at this one",
        ),
    ),
    "scala40_server.web.store:TableStore.signing_key": (
        Mutant(
            '            if row is None:\n                # Another process on the same file may make its key first: its is kept.\n                drawn = SigningKey.generate().secret\n                db.execute(\n                    "INSERT OR IGNORE INTO',
            '            if True:\n                # Another process on the same file may make its key first: its is kept.\n                drawn = SigningKey.generate().secret\n                db.execute(\n                    "INSERT OR REPLACE INTO',
            "each process on the file putting its own key in place of the one kept",
        ),
    ),
    "server/src/scala40_server/web/static/app.js#verify-ack": (
        Mutant(
            '  if (holds === false) return { problem: "its answer does not carry the signature of the key its terms name" };\n',
            "",
            "the page checking that a signature is there, not that the terms' key made it",
        ),
    ),
    # The web table.
    "server/src/scala40_server/web/static/app.js#insecure-context": (
        Mutant(
            '  if (!window.isSecureContext) return "insecure";\n',
            '  if (location.protocol !== "https:") return "insecure";\n',
            "a page at localhost over HTTP, which browsers give WebCrypto, checking nothing",
        ),
        Mutant(
            "  return { problem: null, checked: holds === true, unchecked: holds === true ? null : holds };\n",
            "  return { problem: null, checked: holds !== false, unchecked: holds === true ? null : holds };\n",
            "an acknowledgement the page could not check kept as checked",
        ),
    ),
    "server/src/scala40_server/web/static/app.js#refute-checked-only": (
        Mutant(
            "    && acks.some((ack) => ack.table === gone.commitment && ack.revealed && ack.checked));\n",
            "    && acks.some((ack) => ack.table === gone.commitment && ack.revealed));\n",
            "a void refuted by an acknowledgement the page could not check",
        ),
    ),
    "server/src/scala40_server/web/static/app.js#key-form": (
        Mutant(
            "const PUBLIC_KEY = /^ed25519:[0-9a-f]{64}$/;\n",
            "const PUBLIC_KEY = /^ed25519:[0-9a-f]+$/;\n",
            "a key of any number of digits taken",
        ),
        Mutant(
            '  if (key !== null && !(typeof key === "string" && PUBLIC_KEY.test(key))) return { problem: `its terms',
            '  if (key !== null && !(typeof key === "string" && key.startsWith("ed25519:"))) return { problem: `its terms',
            "a key's scheme compared, not its form",
        ),
    ),
    "server/src/scala40_server/web/static/app.js#bad-answer-said": (
        Mutant(
            '  if (!bad.length) return "";\n',
            '  if (bad.length < ACK_TRIES) return "";\n',
            "a bad answer said only at the third, which a table of one person never sends",
        ),
    ),
    "server/src/scala40_server/web/static/app.js#table-namespace": (
        Mutant(
            "  return `${firstDealOf(deal)}:${table.seat}`;\n",
            "  return `${table.id}:${table.seat}`;\n",
            "the acknowledgements kept by the table's number: another tables' file's taken "
            "for a void this table hid",
        ),
        Mutant(
            "  if (named) return named;\n",
            "  if (false) return named;\n",
            "the first deal read from each answer, not held: a server renaming a table to "
            "hide a void deal not caught",
        ),
    ),
    "server/src/scala40_server/web/static/app.js#known-keys": (
        Mutant(
            "  localStorage.setItem(serverKeysName(), JSON.stringify(keys));\n",
            "  localStorage.setItem(serverKeysName(), JSON.stringify(keys.slice(-1)));\n",
            "only the server's latest key kept: no record that an old key was the server's",
        ),
    ),
    "scala40_server.web.tls:wrapped": (
        Mutant(
            "    connection.setblocking(False)\n    return context.wrap_socket(connection, server_side=True, do_handshake_on_connect=False)\n",
            "    connection.settimeout(10.0)\n    return context.wrap_socket(connection, server_side=True)\n",
            "the handshake done as the connection is accepted, bounded by a timeout: each "
            "silent client holds every other for 10 s",
        ),
    ),
    "scala40_server.web.secret_files:make_private": (
        Mutant(
            "        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o600)\n",
            "        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o640)\n",
            "the tables' file made readable by its group",
        ),
        Mutant(
            "    for name in (path, *(path + ending for ending in SIDE_FILES)):\n",
            "    for name in (path,):\n",
            "the files SQLite keeps beside the tables' file not looked at: a write-ahead log "
            "left open to all taken",
        ),
    ),
    "scala40_server.web.secret_files:check_status#mode": (
        Mutant(
            "    if mode & 0o077:\n",
            "    if mode & 0o007:\n",
            "a file holding a secret that its group may read taken (only everyone's bits seen)",
        ),
        Mutant(
            "    if mode & 0o077:\n",
            "    if mode & 0o044:\n",
            "a file holding a secret that other accounts may write taken (they put a key of "
            "their own in it)",
        ),
    ),
    "scala40_server.web.intake:Intake._handshake#step": (
        Mutant(
            "            connection.do_handshake()\n",
            "            connection.settimeout(10.0)\n            connection.do_handshake()\n",
            "a handshake's step waiting up to 10 s for the client's bytes (a socket's "
            "timeout where the read time is the bound)",
        ),
    ),
    "scala40_server.web.intake:Intake._handshake#failed": (
        Mutant(
            "        except OSError:\n            self._drop(arrived)\n",
            "        except ssl.SSLEOFError:\n            self._drop(arrived)\n        except OSError:\n            pass\n",
            "only a client gone closes its connection: one whose bytes are no TLS is kept "
            "until the read time",
        ),
    ),
    "scala40_server.web.intake:Intake._expire": (
        Mutant(
            "                self._drop(arrived)  # half a head: nothing to answer\n",
            "                pass  # half a head: nothing to answer\n",
            "a connection that never sent its head's end never expires",
        ),
    ),
    "scala40_server.web.faults:FaultLog.report": (
        Mutant(
            '                detail = [_cut(line) for text in lines for line in text.rstrip("\\n").split("\\n")]\n',
            '                detail = [inert(line) for text in lines for line in text.rstrip("\\n").split("\\n")]\n',
            "a fault's traceback written uncut",
        ),
        Mutant(
            '        request = _cut(f"{method} {path}", 200)\n',
            '        request = inert(f"{method} {path}")\n',
            "a fault's request line written uncut (a path of up to 64 KiB)",
        ),
    ),
    "scala40_server.web.faults:_cut": (
        Mutant(
            "    if len(escaped) <= most:\n        return escaped\n",
            "    if True:\n        return escaped\n",
            "a line cut before its escapes, not after: ten times as long",
        ),
        Mutant(
            "    if len(escaped) <= most:\n        return escaped\n",
            "    if len(text) <= most:\n        return escaped\n",
            "a line judged by its length before its escapes: up to four times as long",
        ),
    ),
    "scala40_server.web.faults:inert": (
        Mutant(
            '    return text.encode("unicode_escape").decode("ascii")\n',
            '    return "".join(\n        char if char.isascii() and char != "\\x1b" else char.encode("unicode_escape").decode("ascii")\n        for char in text\n    )\n',
            "a carriage return, a backspace, a bell, a delete written raw (only the escape code and what is past ASCII escaped)",
        ),
    ),
    "scala40_server.web.dealing:draw_deal": (
        Mutant(
            "        terms = terms_text(game.name, rules.to_dict(), seats, shuffle=shuffled, key=key)\n",
            "        terms = terms_text(game.name, rules.to_dict(), seats, shuffle=True, key=key)\n",
            "the terms of a table made without shuffling saying that it shuffles",
        ),
    ),
    "server/src/scala40_server/web/static/app.js#resend": (
        Mutant(
            "      if (!RESENT_AFTER.has(error.status) && error.status !== 409) {\n",
            "      if (error.status !== 409) {\n",
            "a part answered 503 taken as refused for good, not sent again",
        ),
    ),
    "scala40_server.serving.acknowledgements:void_problems#key-change": (
        Mutant(
            "        if deal_seen != commitment and (change := key_change(deal_seen, old_key, key)) is not None\n",
            "        if False\n",
            "a key other than the revealed deal's not named as the server's doing",
        ),
    ),
    "scala40_server.serving.receipts:receipt_verdict": (
        Mutant(
            '        if given["seat"] != seat:\n',
            "        if False:\n",
            "an acknowledgement of another seat read as the receipt's seat's",
        ),
    ),
    "scala40_server.serving.receipts:_read": (
        Mutant(
            '    if unknown:\n        raise _refused(f"it has fields a receipt has not',
            '    if False:\n        raise _refused(f"it has fields a receipt has not',
            "a receipt with fields of no receipt read",
        ),
    ),
    "server/src/scala40_server/web/static/app.js#receipt": (
        Mutant(
            "    acknowledgements: acks,\n",
            "    acknowledgements: [],\n",
            "the receipt without the signed acknowledgements",
        ),
    ),
    "server/src/scala40_server/web/static/app.js#refuted-void": (
        Mutant(
            '  const blamed = deal.phase === "void" ? [...voided, { commitment: deal.commitment, withheld: deal.withheld }] : voided;\n',
            '  const blamed = deal.phase === "void" ? [...voided, { commitment: deal.commitment, withheld: deal.withheld }] : [];\n',
            "a void refuted only while the table is void, not once the deal is drawn again",
        ),
    ),
    "scala40_server.web.tables:_play_move": (
        Mutant(
            "    if resigning is not None and resigning != seat:\n",
            "    if resigning is not None and resigning != seat and table.bot(resigning) is None:\n",
            "a seat's move resigning a bot's seat played",
        ),
    ),
    "scala40_server.web.tables:_seat_clock": (
        Mutant(
            '    if clock is not None and clock["seat"] == seat:\n',
            '    if clock is not None and any({clock["seat"], seat} <= set(side) for side in table.state.teams):\n',
            "the move a timeout plays told to the decider's side: their partner learns a card "
            "of their hand",
        ),
        Mutant(
            '    if clock is not None and clock["seat"] == seat:\n',
            '    if clock is not None and clock["seat"] in (seat, (seat + 2) % table.state.player_count):\n',
            "the move a timeout plays told to the seat opposite the decider too (a partner's "
            "place, at a table of four that plays a seat each)",
        ),
    ),
    "scala40_server.web.tables:_play_timeout": (
        Mutant(
            "    if left > 0:\n",
            "    if round(left) > 0:\n",
            "the time left rounded to the second: a timeout played with half a second left",
        ),
        Mutant(
            "    if left > 0:\n",
            "    if left > 0.5:\n",
            "half a second of the clock spared: a timeout played before it has run out",
        ),
        Mutant(
            "    left = _time_left(table, limits)\n",
            "    left = round(_time_left(table, limits), 3)\n",
            "the time left judged as an answer tells it, to the millisecond: a timeout played "
            "with less than half a millisecond left",
        ),
    ),
    "scala40_server.web.tables:Tables._start_clock": (
        Mutant(
            "            table.decision_started = table.clock() + unseen + _break(table, self.limits)\n",
            "            table.decision_started = table.clock() + unseen / 2 + _break(table, self.limits)\n",
            "half the wait for the person's page: a decision's clock runs before it is shown",
        ),
        Mutant(
            "            table.decision_started = table.clock() + unseen + _break(table, self.limits)\n",
            "            table.decision_started = table.clock() + 100 * unseen + _break(table, self.limits)\n",
            "a decision never looked at holds the table a hundred times the bound",
        ),
    ),
    "scala40_server.web.tables:_show": (
        Mutant(
            "    if table.decision_started is None or now < table.decision_started:\n",
            "    if False:\n",
            "a look never starts the clock: every decision waits the whole bound",
        ),
    ),
    "scala40_server.web.intake:Intake._receive#whole": (
        Mutant(
            "        if arrived.length is not None and len(arrived.data) >= arrived.length:\n",
            "        if arrived.length is not None and len(arrived.data) >= (arrived.head_length or 0):\n",
            "a request handed to a thread once its head has come, before its body",
        ),
    ),
    "scala40_server.web.intake:Intake._receive#head-limit": (
        Mutant(
            "            if arrived.length is None and len(arrived.data) > MAX_HEAD:\n",
            "            if arrived.length is None and len(arrived.data) > 16 * MAX_HEAD:\n",
            "a head read up to sixteen times its limit",
        ),
    ),
    "scala40_server.web.connections:Connections._least_sent#most-held": (
        Mutant(
            "                -len(self._by_client[held.client]),\n",
            "                0,\n",
            "the connections a client holds not counted: any client's connection makes room",
        ),
    ),
    "scala40_server.web.connections:Connections.admit#old-only": (
        Mutant(
            "            if len(mine) >= self.per_client:\n",
            "            if len(mine) > self.per_client:\n",
            "a client held one connection past its cap",
        ),
    ),
    "scala40_server.web.store:TableStore.make_room": (
        Mutant(
            '                    " id < (SELECT MAX(id) FROM tables) ORDER BY updated LIMIT 1",\n',
            '                    " id < (SELECT MAX(id) FROM tables) ORDER BY id LIMIT 1",\n',
            "the table made first asked to make room, not the one left alone longest",
        ),
    ),
    "scala40_server.web.quotas:client_of": (
        Mutant(
            "        return str(ipaddress.IPv6Network((parsed, 64), strict=False))\n",
            "        return str(ipaddress.IPv6Network((parsed, 96), strict=False))\n",
            "an IPv6 network of 64 bits counted as 2**32 clients",
        ),
    ),
    "scala40_server.web.budgets:Budgets.running": (
        Mutant(
            "        priority = connections + expected / (expected + self.limits.request_seconds)\n",
            "        priority = connections - expected / (expected + self.limits.request_seconds)\n",
            "the turns at as many connections to the costliest requests first",
        ),
    ),
    "scala40_server.web.turns:_count_collection": (
        Mutant(
            '    if not getattr(_thread, "held", False):\n',
            '    if getattr(_thread, "held", False):\n',
            "the collections counted only in threads that hold no turn",
        ),
        Mutant(
            '    if phase == "start":\n',
            '    if phase == "stop":\n',
            "a collection counted from its end to the start of the next",
        ),
    ),
    "server/src/scala40_server/web/static/app.js#resend-move": (
        Mutant(
            "    if (error.status === 503) {\n",
            '    if (error.status === 503 && action === "advance") {\n',
            "only the bots' advance sent again after a 503, not a person's move",
        ),
    ),
    "scala40_server.web.server:_undrawn_moves_unread": (
        Mutant(
            '    return {**view, "legal_moves": []}\n',
            '    return {**view, "legal_moves": moves[:100]}\n',
            "a picture's view read with its first hundred legal moves",
        ),
    ),
    "scala40_server.web.quotas:RequestCosts.leave": (
        Mutant(
            "                found.cost = max(seconds, found.cost) if found.known else seconds\n",
            "                found.cost = (seconds + found.cost) / 2 if found.known else seconds\n",
            "a cheap request after a costly one halving what the client is expected to cost",
        ),
    ),
    "scala40_server.web.turns:_Waiter.__lt__": (
        Mutant(
            "        return self.key < other.key\n",
            "        return self.key > other.key\n",
            "the next turn to the highest priority, the last come",
        ),
    ),
    "scala40_server.web.tables:_Table.play_bots": (
        Mutant(
            "                    self.held_back, self.waiting = thinking, True\n",
            "                    self.waiting = True\n",
            "the bots held back, and the answer not saying for which limit or until when",
        ),
    ),
    "scala40_server.web.requests:seat_of#token": (
        Mutant(
            "        and hmac.compare_digest(token.encode(), expected.encode())\n",
            "        and hmac.compare_digest(token.encode()[:2], expected.encode()[:2])\n",
            "a seat's token compared on its first two characters",
        ),
        Mutant(
            "    if not (type(seat) is int and 0 <= seat < len(seats)):\n",
            "    if not (isinstance(seat, int) and 0 <= seat < len(seats)):\n",
            "a boolean taken as a seat (true as seat 1, false as seat 0)",
        ),
    ),
    # The referee.
    "scala40.bots.scala40.careful:CarefulBot._close_search": (
        Mutant(
            "        with shared_budget(WorkBudget(self.close_work)) as budget:\n",
            "        with shared_budget(WorkBudget(10 * self.close_work)) as budget:\n",
            "the careful bot's search for a close given ten times its work",
        ),
    ),
    "scala40_server.serving.seat_access:SeatAccess.sees": (
        Mutant(
            "        return self.knows_all or seat in self.seats\n",
            "        return self.knows_all or seat < len(self.seats)\n",
            "the seats a client plays counted, not named: a client of seat 1 sees seat 0",
        ),
    ),
    "scala40_server.serving.seat_access:SeatAccess._check_sight#whole": (
        Mutant(
            "        if reach is Reach.WHOLE or (reach is Reach.DECIDER and state.is_chance):\n",
            "        if reach is Reach.WHOLE:\n",
            "a chance step's decider answered while the referee's deal is on",
        ),
        Mutant(
            "        elif seat is not None and not self.sees(seat):\n",
            "        elif seat and not self.sees(seat):\n",
            "seat 0 read as no seat: a bot's seat 0 shown to a client that names it",
        ),
    ),
    "scala40_server.serving.seat_access:SeatAccess._check_sight#decider": (
        Mutant(
            "            if deciding is not None and not self.sees(deciding):\n",
            "            if deciding and not self.sees(deciding):\n",
            "seat 0 read as no seat: a bot at seat 0 left to move shows its legal moves",
        ),
    ),
    "scala40_server.commands.serve:_answer_line#not-json": (
        Mutant(
            "    except (ValueError, RecursionError) as error:\n",
            "    except ValueError as error:\n",
            "a line nested too deep stops the referee",
        ),
    ),
    "scala40_server.commands.serve:Referee._new": (
        Mutant(
            "        game, rules, players, terms = self._terms(request, shuffled)\n",
            "        game, rules, players, terms = self._terms(request, True)\n",
            "the terms of a game made without shuffling saying that it shuffles",
        ),
    ),
    "scala40_server.serving.request_fields:read_field": (
        Mutant(
            "    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):\n",
            "    if not isinstance(value, kinds):\n",
            "a boolean taken as an integer field: true as seat 1, false as seat 0",
        ),
    ),
    "scala40.commands:json_text": (
        Mutant(
            "        text.encode(encoding)\n",
            '        text.encode("utf-8")\n',
            "an answer checked against UTF-8, not against the encoding it is written in",
        ),
    ),
    # The loaders.
    "scala40._format.serial:count_problems": (
        Mutant(
            "        for card in range(JOKER + 1)\n",
            "        for card in range(JOKER)\n",
            "the jokers not counted against the deck",
        ),
    ),
    "scala40._format.serial:written_cards": (
        Mutant(
            '    codes = tuple(map(_CARD_CODES.get, text.split(" ")))\n',
            "    codes = tuple(map(_CARD_CODES.get, text.split()))\n",
            "cards read with spaces more",
        ),
    ),
    "scala40.records:GameRecord.from_dict": (
        Mutant(
            "        if len(moves) > MAX_RECORD_MOVES:\n",
            "        if len(moves) > MAX_RECORD_MOVES + 1:\n",
            "a record of one move more than the most replayed",
        ),
    ),
    "scala40.games.scala40.table.splits:find_splits": (
        Mutant(
            "        if funds.left < 0:\n",
            "        if funds.left < -funds.limit:\n",
            "the search for splits given twice its budget",
        ),
    ),
    "scala40._format.serial:refuse_many_keys": (
        Mutant(
            "    if isinstance(data, Mapping) and len(data) > MAX_READ_ITEMS:\n",
            "    if isinstance(data, Mapping) and len(data) > 1_000 * MAX_READ_ITEMS:\n",
            "a mapping of a thousand times the most keys read",
        ),
    ),
    "scala40.legal:LegalMoves.index": (
        Mutant(
            "        if not is_int(start) or not (stop is None or is_int(stop)):\n",
            "        if not is_int(start):\n",
            "the legal moves' index end not checked",
        ),
    ),
    # The OpenSpiel adapter.
    "scala40.adapters.openspiel:OpenSpielGame._check_history#whole-state": (
        Mutant(
            "        if played != moves or current.to_dict() != state.to_dict():\n",
            '        if played != moves or current.to_dict().get("hands") != state.to_dict().get("hands"):\n',
            "the state its history gives compared by its hands, not whole",
        ),
    ),
    # The command line.
    "scala40.cli.common:load_record": (
        Mutant(
            "            raw = file.read(MAX_RECORD_BYTES + 1)\n",
            "            raw = file.read()\n",
            "a record file read whole before its size is judged (/dev/zero: without end)",
        ),
    ),
    "scala40.conformance._text:bounded_json": (
        Mutant(
            "        if depth > max_depth:\n",
            "        if False:\n",
            "JSON nested a little less than the reader recurses taken (repr then recurses)",
        ),
    ),
    "scala40.conformance:line_problem": (
        Mutant(
            "{**_HEAD, **_SECTION_FIELDS[section]}",
            "_HEAD",
            "only the fields every line has checked, not the section's own",
        ),
    ),
    "scala40.conformance.runner:Report.gaps": (
        Mutant(
            '            if section == "refusal" and not self.legal_judged:\n',
            "            if False:\n",
            "a refusal section that judged no legal move passed",
        ),
    ),
    "scala40.conformance.runner:legal_moves_asked": (
        Mutant(
            "moves[max(at - 1, 0) : at + 1]",
            "moves[at : at + 1]",
            "the legal move after the refused one asked about, not the one before it",
        ),
    ),
    "scala40.conformance._text:printable": (
        Mutant(
            "char if char.isprintable() else",
            "char if char.isprintable() or ord(char) > 127 else",
            "the C0 controls escaped, and not the C1 ones or the bidirectional overrides",
        ),
    ),
    "scala40.conformance:_manifest_files": (
        Mutant(
            "        if not _FILE_NAME.fullmatch(name):\n",
            "        if not _FILE_NAME.search(name):\n",
            "a name that ends as a corpus file's taken, whatever path comes before it",
        ),
    ),
    "scala40.conformance:corpus_version_problem": (
        Mutant(
            "    if given == shipped_manifest():\n",
            '    if json.loads(given or "{}").get("library") == '
            'json.loads(shipped_manifest())["library"]:\n',
            "a corpus taken for this version's because its manifest claims this version",
        ),
    ),
    "scala40.directory:DirectoryWriter._check": (
        Mutant(
            "        if stat.S_ISLNK(present.st_mode):\n",
            "        if False:\n",
            "a link where a file goes refused as something else, its name not said",
        ),
    ),
    "scala40.directory:_open_relative": (
        Mutant(
            "                found = _open_one(part, handle, where, follow=not last)\n",
            "                found = _open_one(part, handle, where, follow=True)\n",
            "the directory named opened through the link it is",
        ),
    ),
    "scala40.directory:DirectoryWriter._replace": (
        Mutant(
            "                os.rename(aside, name, src_dir_fd=self._handle, dst_dir_fd=self._handle)\n",
            "                os.replace(str(self.path / aside), str(self.path / name))\n",
            "a replaced file renamed by its path, through whatever the directory was swapped for",
        ),
    ),
    # Other packages' commands.
    "scala40.commands:load_command": (
        Mutant(
            "    except BaseException as error:  # whatever a package's module raises as it loads\n",
            "    except Exception as error:  # whatever a package's module raises as it loads\n",
            "an exception outside Exception's tree, raised as a package's module loads, "
            "ends scala40 in a traceback",
        ),
    ),
    "scala40.cli.installed:run_other": (
        Mutant(
            "    except BaseException as error:  # the package's code, as it sets up its arguments\n",
            "    except Exception as error:  # the package's code, as it sets up its arguments\n",
            "a command that exits as it sets up its arguments ends scala40 unsaid",
        ),
    ),
    "scala40.cli.installed:sort_installed": (
        Mutant(
            "        command for command in declared if command.normalized_distribution in OWN_DISTRIBUTIONS\n",
            '        command for command in declared if command.value.startswith("scala40")\n',
            "the project's commands known by the module they name: a package whose module's "
            "name starts as the project's do loads as the project's, first",
        ),
    ),
    "scala40.commands:shown_text": (
        Mutant(
            '    return _shown(" ".join(text.split()), limit)\n',
            '    return _shown(" ".join(text.split()), 10_000)\n',
            "another package's summary listed whatever its length",
        ),
        Mutant(
            '    return _shown(" ".join(text.split()), limit)\n',
            '    return "".join(\n'
            '        repr(char)[1:-1] if char < " " or char == "\\x7f" else char\n'
            '        for char in " ".join(text.split())\n'
            "    )[:limit]\n",
            "only ASCII's control characters escaped: the C1 CSI and a right-to-left override "
            "reach the terminal",
        ),
    ),
    "scala40.commands:DeclaredCommand.has_valid_name": (
        Mutant(
            "        return _COMMAND_NAME.fullmatch(self.name) is not None\n",
            "        return _COMMAND_NAME.match(self.name) is not None\n",
            "a name checked on its beginning alone: the escapes after it listed with it",
        ),
    ),
}
"""Beside each defence's removal (:data:`MUTANTS`), the plausible regressions of it, which
the tests of its rows must catch as well (the mutant check runs them all)."""

NO_REGRESSION: dict[str, str] = {
    "scala40_server.web.store:TableStore.__init__": (
        "one call that makes the file private and checks it: leaving it out is the removal "
        "(what it does is make_private's, with its own regressions)"
    ),
    "scala40_server.web.secret_files:check_status#owner": (
        "one compare of the file's owner with this process's account: dropping it is the removal"
    ),
    "scala40_server.web.tls:server_context": (
        "one argument that names the key file's secret, and so has its owner and mode "
        "checked (check_status, with its own regressions): leaving it out is the removal"
    ),
    "scala40_server.serving.acknowledgements:key_change": (
        "one comparison of two keys, each of one form: any other is the removal"
    ),
    "scala40_server.serving.acknowledgements:_whose_word#void-key": (
        "one condition naming the key a void deal's terms named: dropping it is the removal"
    ),
    "scala40_server.serving.receipts:_revealed_check": (
        "one comparison of two digests of one form: any other is the removal"
    ),
    "server/src/scala40_server/web/static/app.js#match-key": (
        "one search of the deals kept for another key: not searching is the removal"
    ),
    "server/src/scala40_server/web/static/app.js#key-change": (
        "the name of what the page keeps: any name with the key in it is the removal"
    ),
    "server/src/scala40_server/web/static/app.js#said-checked": (
        'one condition among the three that keep the verdict from "Deal verified": '
        "dropping it is the removal"
    ),
    "scala40_server.web.budgets:Budgets.running#collections": (
        "one subtraction of what the turn counted apart: leaving it out is the removal"
    ),
    "scala40_server.serving.acknowledgements:_unusable#words": (
        "one sentence of what a missing signature shows: saying more is the removal"
    ),
    "scala40_server.serving.deals:sealed_seed_of": (
        "the seed is the digest of every part, each committed to before any is revealed: "
        "a change that keeps every part in the text changes no deal an adversary reaches; "
        "a part left out is the removal"
    ),
    "scala40_server.serving.acknowledgements:_dealt_without": (
        "its findings are reached only once the checks before it pass (a part replaced is "
        "refuted by its own value first): a part dropped unrefuted is the removal"
    ),
    "scala40_server.serving._replay:_play": (
        "one catch of the library's errors around the replay of a move: narrowing it is "
        "the removal"
    ),
    "scala40.games._knock.loose:_tables": (
        "a table filled, then published: publishing before filling is the removal, "
        "publishing another filled table is no weakness"
    ),
    "scala40.bots.knock.careful:_Partners.of": (
        "two stores in one order: their swap is the removal"
    ),
    "server/src/scala40_server/web/static/app.js#void-names-seat": (
        "one expression names every seat each void names: naming none is the removal"
    ),
    "server/src/scala40_server/web/static/app.js#dealt-alone": (
        "one comparison with the terms' own word: reading another is the removal"
    ),
    "server/src/scala40_server/web/static/app.js#dropped-not-late": (
        "one condition, an answer the server gave the commitment: dropping it is the removal"
    ),
    "scala40_server.web.connections:Connections._least_sent#waiting": (
        "one condition: a waiting request kept from making room is the removal"
    ),
    "scala40_server.web.server:TableHandler._send": (
        "the write made a wait the server reclaims: any other wait is the removal"
    ),
    "scala40_server.web.budgets:Budgets.refuse_table": (
        "one count a table made: not counting it is the removal"
    ),
    "scala40_server.web.budgets:Budgets._spent_thinking#client": (
        "one reading of the client's bucket: ignoring it is the removal"
    ),
    "scala40_server.web.budgets:Budgets._spent_thinking#sliver": (
        "one amount asked of the client's bucket: asking for anything at all is the weakening"
    ),
    "scala40_server.web.budgets:Budgets._think_by": (
        "one reading of the budgets' levels: ignoring it is the removal"
    ),
    "scala40_server.web.budgets:Budgets._paid": (
        "one payment as the move ends: not paying it is the removal"
    ),
    "scala40_server.web.server:TableHandler._turn": (
        "one argument, the connections the client holds: any other is the removal"
    ),
    "scala40_server.web.budgets:Budgets.refuse_work": (
        "one reading of the client's bucket: ignoring it is the removal"
    ),
    "scala40_server.web.tables:Tables._table": "one commit before the bots play: leaving it is the removal",
    "scala40_server.web.budgets:Budgets.pay": (
        "the client's bucket paid: paying another's is the removal"
    ),
    "scala40_server.web.requests:seat_of#ascii-token": (
        "one condition before the encoding: dropping it is the removal"
    ),
    "scala40_server.commands.serve:_answer_line#utf-8": (
        "one catch of the decoding's error: narrowing it is the removal, and a line "
        "decoded with replacements costs only its own answer too"
    ),
    "scala40_server.serving.seat_access:SeatAccess._check_move#resign": (
        "one condition, on the seat resigned: dropping it is the removal"
    ),
    "scala40.checks:is_int": "one expression: taking a boolean is the removal",
    "scala40._base.position:PositionReader.named": (
        "one set of the names allowed: taking any is the removal"
    ),
    "pyproject.toml#mypyc-include": (
        "a list of modules: compiling a reader of a caller's values is the removal"
    ),
    "scala40.adapters.openspiel:OpenSpielGame._node_from": (
        "one call of the history's check: leaving it out is the removal"
    ),
    "scala40.adapters.openspiel:OpenSpielGame._check_history#apply-only": (
        "each position applied once: any more work a position is the removal"
    ),
    "scala40.adapters.episodes:Episode.__init__": (
        "one bound on the cap: leaving it out is the removal"
    ),
    "scala40.adapters.openspiel_text:read_serialized#six-lines": (
        "one count of the lines: leaving it out is the removal"
    ),
    "scala40._registry:load_game": "one bound on the name's length: leaving it out is the removal",
    "scala40.schemas.__main__:_write": (
        "one reading of the arguments: reading only those it knows is the removal"
    ),
    "scala40.__main__:run": "one catch of the interrupt: catching another is the removal",
    "scala40.__main__:_interrupt_once": "one signal ignored: not ignoring it is the removal",
    "scala40.cli.simulate:_Collector.run": (
        "the games played in a thread of their own: playing them in the main thread is the removal"
    ),
    "scala40.conformance._process:EngineProcess.ask": (
        "one wait, bounded by the run's timeout: waiting without it is the removal"
    ),
    "scala40.conformance._process:EngineProcess.__init__": (
        "one flag, a session of the engine's own: leaving it out is the removal"
    ),
    "scala40.conformance._process:EngineProcess._kill_group": (
        "one kill of the whole group: killing the engine alone is the removal"
    ),
    "scala40.conformance:read_corpus": (
        "one compare of the whole digest with the manifest's: skipping it is the removal"
    ),
    "scala40.cli.installed:add_stand_in#imports-nothing": (
        "the command listed from its metadata: importing its module to list it is the removal"
    ),
    "scala40.cli.installed:add_stand_in#percent": (
        "one doubling of the summary's %: leaving it out is the removal"
    ),
    "scala40.conformance:write_corpus": (
        "one check that the directory is empty: dropping it is the removal"
    ),
    "scala40.cli.conformance:_corpus": (
        "one refusal unless --foreign-corpus asks: dropping it is the removal"
    ),
    "scala40.directory:_open_one": ("one flag, never through a link: dropping it is the removal"),
    "scala40.directory:DirectoryWriter.open": (
        "one choice, relative to the open directory where the system allows: working by "
        "path is the removal"
    ),
    "scala40.directory:DirectoryWriter._create": (
        "one set of flags, exclusive and never through a link: a file opened otherwise "
        "is the removal (either flag alone still refuses a link)"
    ),
}
"""The defences whose removal is the one regression they have, and why."""
