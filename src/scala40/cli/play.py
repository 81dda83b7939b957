"""``scala40 play``: play a game of any registered game in the terminal against bots,
typing moves in the game's notation; save it, resume it.

Everything the game says (the board, the hints, how a hand ended) comes from its
record's :class:`~scala40.texts.GameText`, and its bots from its record's ``bots``.
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import secrets
import sys
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from scala40.bots import Bot, bot_factories, bot_name, make_bot
from scala40.cards import format_cards, parse_card
from scala40.cli.common import (
    add_color_option,
    add_game_options,
    add_number_option,
    add_unicode_option,
    check_match,
    check_players,
    default_players,
    game_rules,
    load_game_record,
    player_label,
    plural,
)
from scala40.cli.style import Style, colour_chosen, in_words
from scala40.commands import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_QUIT,
    Command,
    CommandError,
    UsageError,
    chosen_game,
)
from scala40.errors import (
    IllegalMoveError,
    InvalidBotSpecError,
    InvalidMoveError,
    InvalidPositionError,
    MissingReadingError,
    Scala40Error,
)
from scala40.events import Event, events_of, events_since
from scala40.game import Game, State, load_game, position_from_text
from scala40.records import GameRecord
from scala40.texts import text_of
from scala40.tournament import MAX_SEED_DIGITS, rules_label

__all__ = ["COMMAND", "HINT_BOT", "HUMAN", "MAX_LINE", "SAVE_FILE", "ask_save_path", "hint_bot"]


_PLAY_COMMANDS = """\
  moves                 list the legal moves, numbered; type a number to play one
  hint                  what a bot would play here (--hint-bot; default: a short
                        information-set search)
  board                 show the table again
  undo                  take back your last move (and the bots' moves since)
  help                  this help
  quit                  leave the game (with --save, the game is saved to resume later)"""


def _play_help(game: Game) -> str:
    return (
        "Enter a move in the notation of the library, or a command:\n"
        + text_of(game).move_help
        + "\n"
        + _PLAY_COMMANDS
    )


def _configure(parser: argparse.ArgumentParser) -> None:
    add_game_options(parser, players_default=-1)
    add_number_option(
        parser,
        "--seed",
        MAX_SEED_DIGITS,
        "the seed of the deal (default: a random one, printed at the start)",
    )
    parser.add_argument(
        "--bots",
        nargs="+",
        metavar="BOT",
        help="the bots in the other seats, in turn (one for all of them, or one per seat: "
        "without --players, one seat each); random, greedy, careful (the knock games), "
        "montecarlo, playout, ismcts, belief, search, best, "
        "options as in montecarlo:playouts=50 (default: greedy, or with --load the bots "
        "of the saved game)",
    )
    add_number_option(
        parser,
        "--seat",
        3,
        "your seat, from 0 (default: 0, or with --load your seat in the saved game)",
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="save the game record as JSON to FILE when the game ends or you leave it",
    )
    parser.add_argument(
        "--load",
        metavar="FILE",
        help="resume a game saved with --save: its game, rules, players, seed and moves come "
        "from FILE",
    )
    parser.add_argument(
        "--from",
        dest="from_position",
        metavar="POSITION",
        help="play on from a position given as text (state.to_text(), quoted): its game, "
        "rules, players and cards come from it, and you play the seat to move (or --seat); "
        "on leaving, the position reached is printed to resume with --from",
    )
    parser.add_argument(
        "--hint-bot",
        metavar="BOT",
        help="the bot 'hint' asks, as in --bots (default: "
        f"{HINT_BOT}, about half a second a hint; greedy where a game has no ismcts bot)",
    )
    add_unicode_option(parser)
    add_color_option(parser)
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="end the reasons a move is refused with the IDs of the rules they apply",
    )


def _seat_specs(specs: Sequence[str], players: int, seat: int) -> dict[int, str]:
    """The bot named for each other seat: the bots given, in turn, cycling through the
    seats (one bot for all of them, one per seat, or any number)."""
    others = [player for player in range(players) if player != seat]
    return {player: specs[index % len(specs)] for index, player in enumerate(others)}


def _seat_bots(specs: dict[int, str], game: Game) -> dict[int, Bot]:
    try:
        return {player: make_bot(spec, game) for player, spec in specs.items()}
    except InvalidBotSpecError as error:
        raise UsageError(str(error)) from None


HINT_BOT = "ismcts:iterations=20000,time_limit=0.5"
"""The bot ``hint`` asks unless ``--hint-bot`` names another: the information-set
search, stopped after half a second (its iterations bound the work on a fast machine)."""


def hint_bot(spec: str | None, game: Game, flag: str = "--hint-bot") -> Bot | None:
    """The bot ``hint`` asks: ``spec``, else :data:`HINT_BOT`, else the game's greedy
    bot; ``None`` for a game with neither (``hint`` then says so: it never guesses at
    random unless asked to with ``--hint-bot random``)."""
    if spec is None:
        known = bot_factories(game)
        spec = next((name for name in ("ismcts", "greedy") if name in known), None)
        if spec is None:
            return None
        if spec == "ismcts":
            spec = HINT_BOT
    try:
        return make_bot(spec, game)
    except InvalidBotSpecError as error:
        raise UsageError(f"{flag}: {error}") from None


HUMAN = "human"
"""How a saved game names the seat of the person who played it (``play --save``)."""


MAX_LINE = 10_000
"""The longest line ``play`` reads (more is cut: no move or command is that long)."""


def _read_line(prompt: str) -> str | None:
    """A line of standard input (``None`` at its end), after printing ``prompt``; a line
    that is not text (bytes that are not UTF-8) reads as a line the game refuses."""
    print(prompt, end="", flush=True)
    try:
        line = sys.stdin.readline(MAX_LINE + 1)
    except UnicodeDecodeError:
        return "\ufffd"
    if not line:
        print()
        return None
    if len(line) > MAX_LINE and not line.endswith("\n"):
        # Skip the rest of an overlong line: it is one answer, refused as a whole.
        while True:
            try:
                rest = sys.stdin.readline(MAX_LINE)
            except UnicodeDecodeError:
                continue
            if not rest or rest.endswith("\n"):
                break
    return line.strip()


def _shown(text: str) -> str:
    """A line the user typed, as an error message quotes it (long ones cut)."""
    return text if len(text) <= 60 else text[:57] + "..."


SAVE_FILE = "scala40-game.json"
"""The file a game left in a terminal is saved to when the player says yes and gives no
name."""


def ask_save_path(read_line: Callable[[str], str | None]) -> str | None:
    """Ask whether to save the game left, then the file's name: the path to save to, or
    ``None`` for no. ``read_line(prompt)`` prints the prompt and reads the answer
    (``None`` at the end of the input, taken as no). The question is a yes/no one, asked
    again until it gets one, so that ``yes`` is never taken for a file name; the name
    then defaults to :data:`SAVE_FILE`.

    >>> from scala40.cli.play import ask_save_path
    >>> answers = iter(["maybe", "yes", "kept.json"])
    >>> def read_line(prompt):
    ...     answer = next(answers)
    ...     print(prompt + answer)
    ...     return answer
    >>> ask_save_path(read_line)
    Save the game to resume it later? (yes/no): maybe
    Please answer yes or no.
    Save the game to resume it later? (yes/no): yes
    File name (Enter: scala40-game.json): kept.json
    'kept.json'
    >>> ask_save_path(lambda prompt: "no") is None
    True
    """
    while True:
        answer = read_line("Save the game to resume it later? (yes/no): ")
        word = "" if answer is None else answer.strip().lower()
        if word in ("", "n", "no"):
            return None
        if word in ("y", "yes"):
            break
        print("Please answer yes or no.")
    name = read_line(f"File name (Enter: {SAVE_FILE}): ")
    if name is None:
        return None
    return name.strip() or SAVE_FILE


def _save_record(path: str | None, record: GameRecord) -> None:
    if path is None:
        return
    text = json.dumps(record.to_dict(), indent=2)
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text + "\n")
    except OSError as error:
        raise CommandError(f"cannot save the game to {path}: {error.strerror}") from None
    print(f"Game saved to {path}.")


@attrs.frozen
class _Table:
    """A game of ``play`` ready to go on: new, resumed from a saved record, or from a
    position's text (``position``, then no record can be kept: its moves do not start from
    a seed)."""

    game: Game
    state: Any
    rules: Any
    players: int
    seed: int
    seat: int
    specs: dict[int, str]
    moves: tuple[str, ...] = ()
    auto_chance: bool = True
    position: str | None = None


def _check_seat(seat: int, players: int) -> None:
    """Refuse a ``--seat`` (given, or its default) that the game has no seat for."""
    if not 0 <= seat < players:
        raise UsageError(f"--seat must be from 0 to {players - 1}, got {seat}")


_GAME_SETTINGS = ("--rules", "--option", "--match", "--players", "--seed")
"""The options that set up a new game, which a game played on from a file or a position
has already."""


def _flags_given(args: argparse.Namespace, flags: Sequence[str]) -> list[str]:
    """Which of ``flags`` the command line gives (``--players``' -1 and an empty
    ``--option`` list are the parser's way of saying "not given")."""
    values = {
        "--load": args.load,
        "--save": args.save,
        "--rules": args.rules,
        "--option": args.option or None,
        "--match": args.match,
        "--players": None if args.players == -1 else args.players,
        "--seed": args.seed,
    }
    return [flag for flag in flags if values[flag] is not None]


def _new_table(args: argparse.Namespace) -> _Table:
    game = chosen_game(args)
    rules = game_rules(args, game)
    players: int = args.players
    if players == -1:
        # One seat for the player and one for each bot given, when several are and the
        # rules take that many; else the game's usual number under these rules.
        wanted = len(args.bots) + 1 if args.bots and len(args.bots) > 1 else 0
        fits = rules.min_players <= wanted <= rules.max_players
        players = wanted if fits else default_players(game, rules)
    check_players(players, rules, game)
    seat: int = args.seat if args.seat is not None else 0
    _check_seat(seat, players)
    specs = _seat_specs(args.bots or ["greedy"], players, seat)
    seed: int = args.seed if args.seed is not None else secrets.randbits(32)
    return _Table(game, game.new_game(rules, players, seed), rules, players, seed, seat, specs)


def _loaded_table(args: argparse.Namespace) -> _Table:
    """The game saved in ``--load``'s file, with the human's seat and the bots it names
    (or ``--seat`` and ``--bots``)."""
    path: str = args.load
    given = _flags_given(args, _GAME_SETTINGS)
    if given:
        raise UsageError(
            f"--load resumes the saved game with its own rules, players and seed; leave out "
            f"{', '.join(given)}"
        )
    record, game = load_game_record(path, args.game)
    names = record.names
    seat: int = args.seat if args.seat is not None else next(
        (player for player, name in enumerate(names) if name == HUMAN), 0
    )  # fmt: skip
    _check_seat(seat, record.players)
    if args.bots is not None or not names:
        specs = _seat_specs(args.bots or ["greedy"], record.players, seat)
    else:
        specs = {player: name for player, name in enumerate(names) if player != seat}
        for player, name in specs.items():
            try:
                make_bot(name, game)
            except InvalidBotSpecError:
                raise UsageError(
                    f"{path} names no bot for seat {player} ({name!r}); give --bots"
                ) from None
    return _Table(
        game,
        record.final_state(),
        record.rules,
        record.players,
        record.seed,
        seat,
        specs,
        record.moves,
        record.auto_chance,
    )


def _position_table(args: argparse.Namespace) -> _Table:
    """The game of the position ``--from`` gives, with the human's seat (``--seat``, else
    the seat to move) and the bots of ``--bots``."""
    text: str = args.from_position
    given = _flags_given(args, ("--load", "--save", *_GAME_SETTINGS))
    if given:
        raise UsageError(
            f"--from plays on from the position with its own game, rules and players (and "
            f"prints the position reached when you leave, to resume it); leave out {', '.join(given)}"
        )
    try:
        state = position_from_text(text)
    except InvalidPositionError as error:
        raise UsageError(f"--from: {error}") from None
    if not isinstance(state, State):
        raise UsageError(
            "--from: a seat's view (its text names the seat after @) cannot be played on: "
            "the others' cards are unknown; 'scala40 hint' takes views"
        )
    game = load_game(state.game_name)
    if args.game is not None and args.game != game.name:
        raise UsageError(f"--game {args.game}, but the position is of {game.name}")
    players = state.player_count
    mover = state.current_player
    seat: int = args.seat if args.seat is not None else (mover if mover is not None else 0)
    _check_seat(seat, players)
    specs = _seat_specs(args.bots or ["greedy"], players, seat)
    # The bots' randomness follows from the position: the same text, the same game.
    seed = random.Random(text).getrandbits(32)
    return _Table(game, state, state.rules, players, seed, seat, specs, position=text)


@attrs.frozen
class _Checkpoint:
    """Where the game stood when the player was asked for a move: what ``undo`` goes
    back to."""

    state: Any
    moves: int
    rngs: dict[int, tuple[Any, ...]]


def _run(args: argparse.Namespace) -> int:
    if args.from_position is not None:
        table = _position_table(args)
    else:
        table = _loaded_table(args) if args.load is not None else _new_table(args)
    game, rules, players, seed, seat = (
        table.game, table.rules, table.players, table.seed, table.seat,
    )  # fmt: skip
    bots = _seat_bots(table.specs, game)
    # A Spanish pack keeps its letters: the board names its cards in Spanish beside them.
    unicode: bool = args.unicode and rules.deck.pack != "spanish"
    style = Style(colour=colour_chosen(args.color, sys.stdout), unicode=unicode)
    terminal = sys.stdout.isatty() and sys.stdin.isatty()
    names = [("you" if player == seat else bot_name(bots[player])) for player in range(players)]
    saved_names = tuple(
        HUMAN if player == seat else table.specs[player] for player in range(players)
    )
    state = table.state
    moves: list[str] = list(table.moves)
    # A resumed game's bots draw afresh, from the seed and the moves played so far.
    rng = random.Random(seed if not moves else f"{seed}:{len(moves)}")
    bot_rngs = {player: random.Random(rng.getrandbits(64)) for player in bots}
    helper = hint_bot(args.hint_bot, game)
    text = text_of(game)
    # What happened at the table, as the library's event feed: the player is shown
    # what the feed gives their seat since the last board, as an app would be sent.
    feed: list[Event] = []
    seen = state.move_number
    checkpoints: list[_Checkpoint] = []
    hand_shown: int | None = None
    ask = _Asker(game, helper, style, args.verbose)

    def record() -> GameRecord:
        return GameRecord(
            rules,
            players,
            seed,
            tuple(moves),
            table.auto_chance,
            game.name,
            game.version,
            saved_names,
        )

    def leave(message: str, code: int) -> int:
        print(message)
        if table.position is not None:
            print(f"The position reached, to play on with --from: {state.to_text()}")
            return code
        path = args.save
        if path is None and terminal and moves:
            path = ask_save_path(_read_line)
        _save_record(path, record())
        return code

    start = "from the position given" if table.position is not None else f"seed {seed}"
    print(
        f"{game.title}, {plural(players, 'player')}, rules {rules_label(rules)}, {start}. "
        f"You are P{seat}."
    )
    if args.load is not None:
        print(f"Resuming the game saved in {args.load} after {plural(len(moves), 'move')}.")
    print("Type 'help' for the commands.")
    show_board = True
    queued: list[Any] = []  # the rest of a turn typed in one line
    try:
        while not state.is_over:
            mover = state.current_player
            if state.is_chance:
                move = state.legal_moves()[0]
            elif mover != seat:
                assert mover is not None
                legal = list(state.legal_moves())
                move = bots[mover].choose(state.view(mover), legal, bot_rngs[mover])
            elif queued:
                move = queued.pop(0)
            else:
                if show_board:
                    # Keep how the last hand ended on screen until the player goes on.
                    new_hand = hand_shown is not None and state.hand_number != hand_shown
                    if (
                        terminal
                        and new_hand
                        and _read_line("Press Enter for the next hand. ") is None
                    ):
                        return leave("Game abandoned.", EXIT_QUIT)
                    hand_shown = state.hand_number
                    if sys.stdout.isatty():
                        print("\033[2J\033[H", end="")
                    print()
                    print(
                        "\n".join(
                            style.cards(line) for line in text.board(state, seat, names, unicode)
                        )
                    )
                    for line in _since(events_since(feed, seen, seat), seat, names, game, unicode):
                        print(style.cards(line))
                    seen = state.move_number
                    print(ask.words(text.turn_hint(state)))
                    show_board = False
                if not checkpoints or checkpoints[-1].state is not state:
                    rngs = {player: bot_rng.getstate() for player, bot_rng in bot_rngs.items()}
                    checkpoints.append(_Checkpoint(state, len(moves), rngs))
                chosen = ask.move(state)
                if chosen is None:
                    return leave("Game abandoned.", EXIT_QUIT)
                if chosen == "undo":
                    if len(checkpoints) < 2:
                        print(style.error("nothing to undo: you have not moved yet"))
                        continue
                    checkpoints.pop()
                    back = checkpoints[-1]
                    state = back.state
                    del moves[back.moves :]
                    for player, saved in back.rngs.items():
                        bot_rngs[player].setstate(saved)
                    seen = state.move_number
                    del feed[len(feed) - sum(event.number > seen for event in feed) :]
                    print("Your last move is taken back.")
                    show_board = True
                    continue
                if isinstance(chosen, str):  # "board": show the table again
                    show_board = True
                    continue
                if isinstance(chosen, list):
                    move, queued = chosen[0], chosen[1:]
                else:
                    move = chosen
                show_board = True
            before = state
            state = state.apply(move)
            moves.append(str(move))
            feed.extend(events_of(before, move, state))
            events = text.events(before, state, names)
            if events:
                # The moves that led to the end of the hand, then how it ended.
                since = events_since(feed, seen, seat)
                for line in _since(since, seat, names, game, unicode, ended=True):
                    print(style.cards(line))
                seen = state.move_number
                print("\n".join(style.cards(ask.words(line)) for line in events))
    except KeyboardInterrupt:
        print()
        return leave("Game interrupted.", EXIT_INTERRUPTED)
    print("\n".join(style.cards(ask.words(line)) for line in text.final(state, names)))
    if table.position is None:
        _save_record(args.save, record())
    return EXIT_OK


_GOT = {"draw": "drew", "take": "took", "upcard": "took", "accept": "took"}


def _since(
    items: Sequence[dict[str, Any]],
    seat: int,
    names: Sequence[str],
    game: Game,
    unicode: bool,
    ended: bool = False,
) -> list[str]:
    """The lines that tell the player what happened, from the event feed as their seat
    sees it (:func:`scala40.events.events_since`): the cards their own moves brought
    (``You drew 7H.``), then what the others did. Deals and the ends of hands and games
    are left out: the board and the hand's result show them."""
    lines: list[str] = []
    others: list[str] = []
    for item in items:
        mover, move_text = item["seat"], item["move"]
        if mover is None or move_text is None:
            continue
        if mover == seat:
            if item["cards"] and not ended:
                cards = format_cards([parse_card(card) for card in item["cards"]], unicode=unicode)
                lines.append(f"You {_GOT.get(item['kind'], 'got')} {cards}.")
            continue
        shown = text_of(game).move(game.parse_move(move_text), unicode)
        if item["shown"] and not set(item["shown"]) <= set(move_text.split()):
            # A card taken from where everyone saw it (the discard pile, an offer).
            shown += " " + format_cards(
                [parse_card(card) for card in item["shown"]], unicode=unicode
            )
        others.append(f"{player_label(mover, names)}: {shown}")
    if others:
        lines.append(("" if ended else "Since your last move: ") + "; ".join(others))
    return lines


_COMMAND_WORDS = ("moves", "hint", "board", "undo", "help", "quit")


class _Asker:
    """Reads the player's moves and commands, and says what is wrong with the others."""

    def __init__(self, game: Game, helper: Bot | None, style: Style, verbose: bool) -> None:
        self.game = game
        self.helper = helper
        self.style = style
        self.verbose = verbose

    def words(self, message: str) -> str:
        """``message`` as the player reads it: without rule IDs, unless ``--verbose``."""
        return message if self.verbose else in_words(message)

    def refuse(self, message: str) -> None:
        print(self.style.error(self.words(message)))

    def move(self, state: Any) -> Any:
        """The human player's next move (or moves, typed in one line separated by ``;``
        and checked as one turn), ``"board"`` or ``"undo"``, or ``None`` to quit."""
        game, style = self.game, self.style
        legal = list(state.legal_moves())
        text = text_of(game)
        unicode = style.unicode
        while True:
            line = _read_line("> ")
            if line is None or line.lower() in ("quit", "exit", "q"):
                return None
            command = line.lower()
            if not line:
                continue
            if command in ("help", "?", "h"):
                print(_play_help(game))
            elif command in ("board", "undo"):
                return command
            elif command in ("moves", "m"):
                for number, move in enumerate(legal, 1):
                    print(style.cards(f"  {number:>3}. {text.move(move, unicode)}"))
            elif command == "hint" and self.helper is None:
                print(f"{game.title} has no bot to ask for a hint.")
            elif command == "hint":
                assert self.helper is not None
                view = state.view(state.current_player)
                suggestion = self.helper.choose(view, legal, random.Random(0))
                print(
                    style.cards(
                        f"The {bot_name(self.helper)} bot would play: "
                        f"{text.move(suggestion, unicode)}"
                    )
                )
            elif line.isascii() and line.isdigit():
                number = int(line) if len(line) <= 6 else 0
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                print(
                    style.error(f"no move number {_shown(line)}; 'moves' lists 1 to {len(legal)}")
                )
            elif ";" in line:
                try:
                    return _check_turn(state, game, line)
                except Scala40Error as error:
                    self.refuse(str(error))
            else:
                try:
                    game.parse_move(line)
                except MissingReadingError:
                    pass  # a joker's card only the position fixes: read against it below
                except InvalidMoveError as error:
                    self.refuse(_unknown_move(line, legal, game, str(error)))
                    continue
                try:
                    move = _read_move(state, game, line)
                    state.apply(move)
                except Scala40Error as error:
                    self.refuse(str(error))
                    continue
                return move


def _unknown_move(line: str, legal: Sequence[Any], game: Game, error: str) -> str:
    """What to say of a line that is no move: for a word that is no verb of the game, the
    verbs the player may use now and the nearest of them or of the commands (never the
    dealer's verbs); else the game's own error (the verb is right, its cards are not)."""
    word = line.split()[0].lower()
    if game.move_set is not None and word in game.move_set.verbs:
        return error
    verbs = sorted({str(move).split()[0] for move in legal})
    close = difflib.get_close_matches(word, [*verbs, *_COMMAND_WORDS], n=1, cutoff=0.6)
    guess = f"; did you mean '{close[0]}'?" if close else "."
    return (
        f"'{_shown(line)}' is not a move{guess} Moves now: {', '.join(verbs)} ('moves' lists them)"
    )


def _read_move(state: Any, game: Game, text: str) -> Any:
    """The move ``text`` means in ``state``: read against its legal moves where the game's
    state can (``state.parse_move``, which reads what only the position fixes, a lay-off's
    end or a joker's card), else by the game's notation alone."""
    parse = getattr(state, "parse_move", None)
    return parse(text) if callable(parse) else game.parse_move(text)


def _check_turn(state: Any, game: Game, line: str) -> list[Any]:
    """The moves of a line separated by ``;``, checked together as one turn (the game's
    own ``apply_turn`` when it has one, which may check more than each move alone).

    A line of separators alone is no turn: an error, as an empty move is, so that the
    caller always gets at least one move to play.

    :raises InvalidMoveError: the line holds no move, or a part of it is not a move.
    :raises IllegalMoveError: a move is not legal where it comes in the turn.
    """
    parts = [part.strip() for part in line.split(";") if part.strip()]
    if not parts:
        raise InvalidMoveError("a turn needs at least one move")
    apply_turn = getattr(state, "apply_turn", None)
    if callable(apply_turn):
        apply_turn(line)  # names the move that fails by its place
    moves = []
    for place, part in enumerate(parts, 1):
        try:
            move = _read_move(state, game, part)
            state = state.apply(move)
        except (IllegalMoveError, InvalidMoveError) as error:
            raise type(error)(f"move {place} of the turn: {error}") from error
        moves.append(move)
    return moves


COMMAND = Command(
    name="play",
    summary="play a game in the terminal against bots",
    description="Play a game against bots, entering moves in the notation of the "
    "library (type 'help' during the game). The moves are read from standard input, "
    "one a line. Leaving a game before its end exits with status 3 (saving it first "
    "with --save); --load resumes a saved game.",
    configure=_configure,
    run=_run,
    check_arguments=check_match,
    epilog="examples:\n  scala40 play\n  scala40 play --players 3 --bots greedy random\n"
    "  scala40 play --match single --seed 7 --save game.json\n"
    "  scala40 play --load game.json --save game.json\n"
    '  scala40 play --from "$(cat position.txt)" --bots greedy',
)
"""The ``play`` command."""
