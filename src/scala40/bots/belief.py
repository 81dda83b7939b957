"""A belief over the hidden cards: weighted guesses of the other hands, kept up to date
from what every seat sees.

A seat's view says how many cards each other hand holds and which of them everyone saw
taken, but not the rest. A uniform guess (``view.sample``) deals the rest at random; a
real opponent, though, has kept his best cards for several turns, and what he did says
a good deal about what he holds: a player who passed on the top discard did not want
it, a discarded card was the one he wanted least. A :class:`Belief` keeps that
knowledge. It holds a few hundred *particles*, each a full state consistent with
everything the seat saw (a guess of every hidden card, the stock's order included), with
a weight. Each time the seat looks at the table again (:meth:`Belief.update`), it reads
the moves made since from the view's history (:attr:`~scala40.views.ViewBase.history`),
plays each one in every particle, and weighs the particle by how likely the seat that
made the move was to make it there, under a model of that seat (:class:`SoftGreedy`, a
softened greedy player, by default). Particles that lose their weight are replaced by
copies of the likely ones (resampling), which are then varied by swapping hidden cards,
each swap kept as often as the whole hand's moves make it likely (Metropolis steps
over a replay of the hand), within a bounded number of replayed moves.

It never reads a hidden card: it is built from views alone, so two states that differ
only in what the seat cannot see give the same belief. A search draws full states from
it (:meth:`Belief.worlds`): a particle's hidden hands, the stock dealt at random from
the cards left, as uniform samples would be but for what the others' moves told.

It works for every game whose states are built on the library's record (Scala 40,
Skarney, Rumino, Chinchón, La Conga); for another game it is the uniform guess.

>>> from scala40.games.chinchon import new_game
>>> from scala40.bots.belief import Belief
>>> state = new_game(players=2, seed=1)
>>> belief = Belief(particles=32, seed=1)
>>> belief.update(state.view(1))
>>> state = state.apply("take").apply("discard 2S")
>>> belief.update(state.view(1))
>>> world = belief.worlds(1, seed=2)[0]
>>> world.view(1) == state.view(1), world.hands[0] == state.hands[0]
(True, False)
>>> taken = state.history[0].shown[0]
>>> belief.card_probability(0, taken)
1.0
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

import attrs

from scala40._rng import seed_state, shuffle
from scala40.bots.registry import game_bots_of
from scala40.cards import CARD_NAMES
from scala40.checks import check_seat, describe, is_int, is_number
from scala40.deadline import Deadline
from scala40.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidMoveError,
    InvalidValueError,
    Scala40Error,
)
from scala40.game import Game, registered_game
from scala40.movekinds import DealMove, RestockMove
from scala40.resignation import ResignMove

__all__ = [
    "DEFAULT_PARTICLES",
    "LISTED",
    "MAX_PARTICLES",
    "MAX_REPLAY_MOVES",
    "Belief",
    "SeatModel",
    "SoftGreedy",
    "game_of",
    "greedy_of",
    "policy_of",
    "quiet",
]

DEFAULT_PARTICLES = 128
"""The particles a belief keeps by default."""
MAX_PARTICLES = 10_000
"""The most particles a belief may keep."""
MAX_REPLAY_MOVES = 1_000_000
"""The most moves an update may replay while it varies its guesses."""
_FLOOR = 1e-4
"""The least probability a seat model gives a legal move: no move a player may make is
ruled out by a model of him (he may play otherwise than the model thinks)."""


class SeatModel(Protocol):
    """How likely a seat is to make a move: the belief's model of the other players."""

    def probability(self, view: Any, legal: Sequence[Any], move: Any) -> float:
        """The probability that the seat whose view is ``view`` plays ``move`` (one of
        ``legal``, its legal moves)."""
        ...  # pragma: no cover - a protocol


# The temperature of the softened greedy model, fitted on logged games of every game (see
# benchmarks/bench_belief.py --fit): the one that makes the moves of a greedy player who
# picks at random among his three best moves one time in ten most likely. The fit gave
# the same value in every game it was run on.
_TEMPERATURE = 0.5


@attrs.frozen
class SoftGreedy:
    """A softened greedy player: the game's greedy bot ranks the legal moves, and a
    move of rank ``r`` (0 for greedy's own choice) is played with a probability in
    proportion to ``exp(-r / temperature)``, never below a small floor. A low
    temperature models greedy itself; a high one, a player greedy only on the whole.

    ``temperature=None`` takes the fitted one, 0.5 (the same in every game).

    >>> from scala40.bots.belief import SoftGreedy
    >>> from scala40.games.chinchon import new_game
    >>> state = new_game(players=2, seed=1)
    >>> model = SoftGreedy(temperature=0.5)
    >>> legal = list(state.legal_moves())
    >>> [(str(move), round(model.probability(state.view(0), legal, move), 3)) for move in legal]
    [('draw', 0.881), ('take', 0.119)]
    """

    temperature: float | None = attrs.field(default=None)
    """How far the seat strays from greedy's order (``None``: the game's fitted value)."""
    policy: str = attrs.field(default="greedy", kw_only=True)
    """The game's own bot whose order the seat is taken to follow: ``"greedy"``, or
    ``"careful"`` where the game has it (:func:`policy_of`)."""

    def __attrs_post_init__(self) -> None:
        given: object = self.temperature
        if given is not None and not (is_number(given) and 0.01 <= given <= 100):
            raise InvalidValueError(
                f"temperature must be a number from 0.01 to 100, got {describe(given)}"
            )
        if not isinstance(self.policy, str):
            raise InvalidArgumentError(f"policy must be a bot's name, got {describe(self.policy)}")

    def probability(self, view: Any, legal: Sequence[Any], move: Any) -> float:
        """The probability of ``move`` among ``legal`` for the seat of ``view``."""
        if len(legal) == 1:
            return 1.0 if legal[0] == move else _FLOOR
        game = game_of(view)
        greedy = policy_of(game, self.policy)
        if greedy is LISTED:  # no greedy bot to soften: every move alike
            return 1.0 / len(legal) if move in legal else _FLOOR
        temperature = self.temperature or _TEMPERATURE
        ranked = greedy.ranked(view, legal)
        try:
            rank = ranked.index(move)
        except ValueError:
            return _FLOOR
        total = sum(math.exp(-place / temperature) for place in range(len(ranked)))
        return max(_FLOOR, math.exp(-rank / temperature) / total)


class _Listed:
    """The stand-in for the greedy bot of a game that has none: it ranks the legal moves
    as they are listed and chooses among them at random."""

    name = "listed"

    def ranked(self, view: Any, legal: Sequence[Any]) -> list[Any]:
        return list(legal)

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]


LISTED = _Listed()
"""What :func:`greedy_of` gives for a game without a greedy bot."""

_POLICIES: dict[tuple[str, str], Any] = {}


def game_of(view: Any) -> Game | None:
    """The registered game ``view`` is of, or ``None`` (a game not registered)."""
    try:
        name = view.state_type.game_name
    except AttributeError:
        return None
    return registered_game(name)


def greedy_of(game: Game | None) -> Any:
    """The greedy bot of ``game`` (one for the process), or :data:`LISTED` for a game
    without one: the model of a seat and a search's candidates and rollouts start from
    it."""
    return policy_of(game, "greedy")


def policy_of(game: Game | None, name: str) -> Any:
    """The bot named ``name`` among ``game``'s own (one for the process, made with its
    defaults): a search's candidates and rollouts, where the game has such a bot; else
    its greedy bot, else :data:`LISTED`.

    >>> from scala40 import load_game
    >>> from scala40.bots.belief import policy_of
    >>> policy_of(load_game("chinchon"), "careful").name, policy_of(None, "careful").name
    ('careful', 'listed')
    """
    if game is None:
        return LISTED
    own = game_bots_of(game).bots
    if name not in own:
        if name == "greedy":
            return LISTED
        return policy_of(game, "greedy")
    bot = _POLICIES.get((game.name, name))
    if bot is None:
        bot = _POLICIES[game.name, name] = own[name]()
    return bot


class _OutOfTimeError(Exception):
    """The deadline of an update passed while a particle played its moves."""


@attrs.define
class _Particle:
    """One guess: a full state at the belief's last update, its weight, and what a
    replay needs (the state it was drawn at, and its moves' log likelihood since)."""

    world: Any
    weight: float
    start: Any
    log_likelihood: float = 0.0


class Belief:
    """Weighted guesses of the hidden cards of a seat's game (see the module).

    Make one per seat and per game played, and :meth:`update` it with the seat's view
    at each of its decisions (or more often): it follows the hand from the moves in the
    view's history, and starts over with each new hand.

    :param particles: how many guesses it keeps (at most :data:`MAX_PARTICLES`).
    :param model: the model of the other seats (:class:`SoftGreedy` by default).
    :param seed: the seed of its random choices (same seed, same views: same belief).
    :param replay_moves: how many moves of the hand an update may play again while it
        varies the guesses (each Metropolis step replays the hand so far); the rest of
        an update plays each new move once in each particle. The work of an update is
        bounded by ``particles`` times the new moves plus ``replay_moves``, each one
        move played and weighed by the model (with :class:`SoftGreedy`, the greedy bot's
        ranking: 0.1 to 1 ms a move, the most in Skarney), and is counted in moves, not
        time, so that the same views and seed give the same belief on every machine.
        A caller that needs the belief by a time gives :meth:`update` a ``deadline``:
        the update then stops there too, and says so (:attr:`finished`).
    """

    def __init__(
        self,
        *,
        particles: int = DEFAULT_PARTICLES,
        model: SeatModel | None = None,
        seed: int = 0,
        replay_moves: int = 400,
    ) -> None:
        if not (is_int(particles) and 1 <= particles <= MAX_PARTICLES):
            raise InvalidValueError(
                f"particles must be an integer from 1 to {MAX_PARTICLES}, got {describe(particles)}"
            )
        if not is_int(seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(seed)}")
        if not (is_int(replay_moves) and 0 <= replay_moves <= MAX_REPLAY_MOVES):
            raise InvalidValueError(
                f"replay_moves must be an integer from 0 to {MAX_REPLAY_MOVES}, "
                f"got {describe(replay_moves)}"
            )
        if model is not None and not callable(getattr(model, "probability", None)):
            raise InvalidArgumentError(
                f"model must have a probability method, got {describe(model)}"
            )
        self.size: int = int(particles)
        self.model: SeatModel = model if model is not None else SoftGreedy()
        self.replay_moves: int = int(replay_moves)
        self._rng = random.Random(seed)
        self._particles: list[_Particle] = []
        self._seat: int | None = None
        self._hand: tuple[Any, ...] | None = None
        self._entries: list[Any] = []
        """The moves of the hand followed so far (since the particles were first drawn)."""
        self._checkpoints: list[tuple[int, tuple[int, ...]]] = []
        """After how many of those moves the seat looked, and the hand it held then."""
        self._known: Sequence[Sequence[int]] = ()
        """What the seat knew each hand held when the particles were drawn (a swap keeps it)."""
        self._protected: list[Counter[int]] = []
        """What everyone knows each hand holds after the moves followed (the same in every
        guess): a card played from a hand is put there before the move, never these."""
        self._followed = 0
        """How many moves of the view's history the particles have played."""
        self._log: Any = None
        """The log of the hand as the last view showed it (the worlds drawn carry it)."""
        self.resets: int = 0
        """How many times the belief started over within a hand (every guess ruled out)."""
        self.finished: bool = True
        """Whether the last :meth:`update` did all its work before its deadline. An
        update the deadline cuts short leaves a belief as consistent as a finished one,
        only thinner: the particles drawn or moved on by then (at least one), copied up
        to the full count at the next resampling, and fewer of the guesses varied; the
        moves it read are never read again."""
        self.cut_short: int = 0
        """How many updates a deadline cut short (:attr:`finished` false)."""
        self.proposals: int = 0
        self.accepted: int = 0
        self.evidence: float = float(self.size)
        """The effective number of particles after the last update's moves, before any
        resampling: how much those moves told (the fewer, the more)."""

    def __repr__(self) -> str:
        return f"Belief(particles={self.size}, model={self.model!r})"

    # -- following the hand -------------------------------------------------------------

    def update(self, view: Any, *, deadline: Deadline | None = None) -> None:
        """Follow the hand up to ``view`` (the view of the seat this belief is for):
        play the moves made since the last update in every particle, weigh each by how
        likely its movers were to make them, and resample and vary the guesses when
        their weight has gathered on a few.

        With a ``deadline``, the update looks at the clock at each particle drawn, each
        move a particle plays and each replayed move, and returns within
        :data:`~scala40.deadline.CHECK_SLACK` of it: the particles not moved on by then
        are dropped (one at least is kept, drawn from ``view`` if need be), the guesses
        not varied stay as they are, and :attr:`finished` is false.

        >>> from scala40 import Deadline
        >>> from scala40.games.chinchon import new_game
        >>> from scala40.bots.belief import Belief
        >>> belief = Belief(particles=500, seed=1)
        >>> belief.update(new_game(players=2, seed=1).view(1), deadline=Deadline.after(0))
        >>> belief.finished, len(belief.particles())
        (False, 1)

        :raises InvalidArgumentError: ``view`` is not a game's view, or is another seat's
            than the views this belief followed, or ``deadline`` not a
            :class:`~scala40.deadline.Deadline`.
        """
        limit = Deadline.given(deadline)
        if not callable(getattr(view, "sample", None)) or not hasattr(view, "player"):
            raise InvalidArgumentError(f"expected a player's view, got {describe(view)}")
        if self._seat is not None and view.player != self._seat:
            raise InvalidArgumentError(
                f"this belief follows seat {self._seat}, got a view of seat {view.player}"
            )
        self._seat = view.player
        self.finished = True
        self._log = getattr(view, "hand_log", None)
        history = getattr(view, "history", None)
        hand_key = (getattr(view, "hand_number", 0), getattr(view, "dealer", None))
        if (
            history is None
            or hand_key != self._hand
            or getattr(history, "dropped", False)
            or len(history) < self._followed
            or not self._particles
        ):
            self._start(view, hand_key, limit)
        else:
            new = list(history)[self._followed :]
            self._followed = len(history)
            if new:
                self._entries.extend(new)
                self._checkpoints.append((len(self._entries), tuple(view.hand)))
                self._follow(view, new, limit)
        if not self.finished:
            self.cut_short += 1

    def _start(self, view: Any, hand_key: tuple[Any, ...], deadline: Deadline) -> None:
        """Draw the particles anew from ``view`` (uniform given what it shows), as many
        as ``deadline`` leaves time for (one at least)."""
        self._hand = hand_key
        history = getattr(view, "history", None)
        self._followed = len(history) if history is not None else 0
        self._entries = []
        self._checkpoints = [(0, tuple(view.hand))]
        known = getattr(view, "known_cards", None)
        self._known = known() if callable(known) else ()
        self._protected = [Counter(cards) for cards in self._known]
        seeds = [self._rng.getrandbits(62) for _ in range(self.size)]
        worlds: list[Any] = []
        for seed in seeds:
            if worlds and deadline.expired():
                self.finished = False
                break
            worlds.append(quiet(view.sample(seed)))
        self._particles = [_Particle(world, 1.0 / len(worlds), world) for world in worlds]

    def _follow(self, view: Any, entries: list[Any], deadline: Deadline) -> None:
        seat = view.player
        hand = tuple(view.hand)
        followed = []
        for particle in self._particles:
            if particle.weight <= 0:
                continue
            try:
                world, gain = self._play(
                    particle.world, entries, seat, hand, self._protected, deadline
                )
            except _OutOfTimeError:
                # The particles not moved on yet are dropped: a particle is a guess of
                # the table now, and those are of the table before these moves.
                self.finished = False
                break
            if world is None:
                continue
            particle.world = world
            particle.log_likelihood += gain
            particle.weight *= math.exp(gain)
            followed.append(particle)
        total = sum(particle.weight for particle in followed)
        if total <= 0 or not math.isfinite(total):
            # Every guess was ruled out (the others played as the model never thought),
            # or none was moved on in time: start over from what the view shows now.
            if self.finished:
                self.resets += 1
            self._start(view, self._hand or (), deadline)
            return
        self._particles = followed
        for particle in self._particles:
            particle.weight /= total
        self._protected = _kept_after(self._protected, entries)
        self.evidence = self.effective_size
        # A guess ruled out is of no more use: resample then too, not only when the
        # weight has gathered on a few.
        if self.evidence < self.size / 2 or len(followed) < self.size:
            self._resample()
        self._rejuvenate(view, deadline)

    def _play(
        self,
        world: Any,
        entries: Sequence[Any],
        seat: int,
        hand: tuple[int, ...],
        known: Sequence[Counter[int]],
        deadline: Deadline,
    ) -> tuple[Any, float]:
        """``world`` after ``entries`` (moves of the view's history), with the log
        likelihood of the others' moves, and the seat's hand made ``hand``; ``None``
        when a move is impossible there. ``known`` is what everyone knew each hand
        held before the first entry. Raises :class:`_OutOfTimeError` when ``deadline``
        passes before a move.

        A card another seat plays from its hand that the guess put elsewhere is moved
        into that hand first, in place of one of its hidden cards (the guess was wrong
        about that card only): the guess is then weighed by the move, not lost."""
        gain = 0.0
        model = self.model
        kept = [Counter(cards) for cards in known]
        for mover, move, shown in entries:
            if mover is None and isinstance(move, (DealMove, RestockMove)):
                continue  # the particle's own chance steps stand in for them
            if deadline.expired():
                raise _OutOfTimeError
            if world.is_over:
                return None, 0.0
            if isinstance(move, ResignMove):
                try:
                    world = world.apply(move)
                except (IllegalMoveError, InvalidMoveError):
                    return None, 0.0
                continue
            played = _from_hand(move)
            if mover is not None and mover != seat and played:
                world = _revealed(world, mover, played, kept, seat, self._rng)
                if world is None:
                    return None, 0.0
            legal = world.legal_moves()
            try:
                listed = legal[legal.index(move)]  # the listed value: applied unchecked
            except (ValueError, LookupError):
                return None, 0.0  # not a move this guess allows: the guess is wrong
            if mover != seat:
                gain += math.log(model.probability(world.view(mover), list(legal), move))
            world = world.apply(listed)
            if mover is not None and kept:
                _note_kept(kept[mover], played, shown)
        return _with_hand(world, seat, hand), gain

    # -- resampling and variation ----------------------------------------------------------

    @property
    def effective_size(self) -> float:
        """The effective number of particles (``1 / sum(weight ** 2)``)."""
        squares = sum(particle.weight**2 for particle in self._particles)
        return 1.0 / squares if squares > 0 else 0.0

    def _resample(self) -> None:
        """Systematic resampling: copies of the particles in proportion to their weight."""
        count = self.size
        step = 1.0 / count
        position = self._rng.random() * step
        chosen: list[_Particle] = []
        cumulative = 0.0
        index = -1
        for particle in self._particles:
            cumulative += particle.weight
            while position < cumulative and len(chosen) < count:
                chosen.append(
                    _Particle(particle.world, step, particle.start, particle.log_likelihood)
                )
                position += step
            index += 1
        while len(chosen) < count:  # rounding
            last = self._particles[-1]
            chosen.append(_Particle(last.world, step, last.start, last.log_likelihood))
        self._particles = chosen

    def _rejuvenate(self, view: Any, deadline: Deadline) -> None:
        """Vary the guesses: swap a hidden card of a guessed hand with another hidden
        card where the particle started, replay the hand, and keep the swap as often as
        it makes the others' moves more likely (a Metropolis step); particles in a random
        order, round after round, until the next replay would pass
        :attr:`replay_moves` moves, or ``deadline`` passes (a replay it cuts short is
        no proposal)."""
        cost = len(self._entries)
        if not cost or not self._particles:
            return
        seat = view.player
        steps = self.replay_moves // cost
        order: list[int] = []
        while len(order) < steps:
            # Each round's order is drawn before any replay (the same draws as ever, so
            # the same seed gives the same belief), with a look at the clock between
            # rounds: replay_moves may name a million steps.
            if order and deadline.expired():
                self.finished = False
                return
            order.extend(self._rng.sample(range(len(self._particles)), len(self._particles)))
        for index in order[:steps]:
            if deadline.expired():
                self.finished = False
                return
            particle = self._particles[index]
            start = _swap_hidden(particle.start, seat, self._known, self._rng)
            if start is None:
                continue
            try:
                replayed = self._replay(start, seat, deadline)
            except _OutOfTimeError:
                self.finished = False
                return
            if replayed is None:
                continue
            world, log_likelihood = replayed
            self.proposals += 1
            if math.log(self._rng.random() or 1e-300) < log_likelihood - particle.log_likelihood:
                self.accepted += 1
                particle.world = world
                particle.start = start
                particle.log_likelihood = log_likelihood

    def _replay(self, start: Any, seat: int, deadline: Deadline) -> tuple[Any, float] | None:
        """The hand followed so far, played again from ``start``: the state reached and
        the log likelihood of the others' moves, or ``None`` if a move is impossible."""
        world = start
        total = 0.0
        done = 0
        known = [Counter(cards) for cards in self._known]
        for count, hand in self._checkpoints[1:]:
            entries = self._entries[done:count]
            world, gain = self._play(world, entries, seat, hand, known, deadline)
            if world is None:
                return None
            total += gain
            known = _kept_after(known, entries)
            done = count
        return world, total

    # -- what it believes --------------------------------------------------------------------

    def worlds(self, count: int, seed: int, *, deadline: Deadline | None = None) -> list[Any]:
        """``count`` full states drawn from the belief (a particle by its weight, its
        stock and the randomness of later shuffles drawn again from ``seed``): what a
        search plays its candidates in.

        With a ``deadline``, it looks at the clock before each world after the first and
        returns the worlds drawn by then (one at least), within
        :data:`~scala40.deadline.CHECK_SLACK` of it: the first worlds are the same as
        those of a call with no deadline.

        >>> from scala40 import Deadline
        >>> from scala40.games.chinchon import new_game
        >>> from scala40.bots.belief import Belief
        >>> belief = Belief(particles=32, seed=1)
        >>> belief.update(new_game(players=2, seed=1).view(1))
        >>> len(belief.worlds(10_000, seed=2, deadline=Deadline.after(0)))
        1

        :raises InvalidArgumentError: the belief has not been updated yet, ``count`` or
            ``seed`` is not an integer, or ``deadline`` not a
            :class:`~scala40.deadline.Deadline`.
        :raises InvalidValueError: ``count`` is below 0 or above :data:`MAX_PARTICLES`.
        """
        limit = Deadline.given(deadline)
        drawn: list[Any] = []
        for world in self.iter_worlds(count, seed):
            if drawn and limit.expired():
                break
            drawn.append(world)
        return drawn

    def iter_worlds(self, count: int, seed: int) -> Iterator[Any]:
        """The worlds of :meth:`worlds` one at a time, each drawn when asked for: a
        search that reads its clock between worlds draws none it has no time to play.

        :raises InvalidArgumentError: as :meth:`worlds`, when called.
        :raises InvalidValueError: as :meth:`worlds`, when called.
        """
        if not is_int(count):
            raise InvalidArgumentError(f"count must be an integer, got {describe(count)}")
        if not 0 <= count <= MAX_PARTICLES:
            raise InvalidValueError(
                f"count must be an integer from 0 to {MAX_PARTICLES}, got {describe(count)}"
            )
        if not is_int(seed):
            raise InvalidArgumentError(f"seed must be an integer, got {describe(seed)}")
        if not self._particles:
            raise InvalidArgumentError("the belief has seen no view yet: update it first")
        return self._drawn_worlds(count, seed)

    def _drawn_worlds(self, count: int, seed: int) -> Iterator[Any]:
        rng = random.Random(seed)
        # Which particles, all at once (cheap: one random number each), then each
        # world's own randomness in turn, as the draws have always been made.
        weights = [particle.weight for particle in self._particles]
        chosen = rng.choices(self._particles, weights=weights, k=count)
        log = self._log
        for particle in chosen:
            yield _restocked(particle.world, rng.getrandbits(62), log)

    def card_probability(self, seat: int, card: int) -> float:
        """The probability that ``seat``'s hand holds ``card`` (at least one copy).

        :raises InvalidArgumentError: the belief has not been updated yet, or ``seat``
            is not a seat of its game, or ``card`` not a card's number.
        """
        if not self._particles:
            raise InvalidArgumentError("the belief has seen no view yet: update it first")
        seats = len(self._particles[0].world.hands)
        check_seat("seat", seat, seats, "an integer")
        if not (is_int(card) and 0 <= card < len(CARD_NAMES)):
            error = InvalidValueError if is_int(card) else InvalidArgumentError
            raise error(
                f"card must be a card's number (0 to {len(CARD_NAMES) - 1}), got {describe(card)}"
            )
        return sum(
            particle.weight for particle in self._particles if card in particle.world.hands[seat]
        )

    def expected(self, function: Callable[[Any], float]) -> float:
        """The weighted mean of ``function`` over the particles (each a full state)."""
        return sum(particle.weight * function(particle.world) for particle in self._particles)

    def particles(self) -> list[tuple[Any, float]]:
        """Each particle's state (with the hand's log, as :meth:`worlds` gives them) and
        weight (the weights sum to 1)."""
        return [
            (_logged(particle.world, self._log), particle.weight) for particle in self._particles
        ]


# -- what the belief does to a state -------------------------------------------------------


def quiet(world: Any) -> Any:
    """``world`` keeping no log of its hand from here on (``without_log()``, for a game
    whose states keep one): the copies a search plays need none."""
    without = getattr(world, "without_log", None)
    return without() if callable(without) else world


def _from_hand(move: Any) -> tuple[int, ...]:
    """The cards ``move`` plays from its mover's hand (none for a move that says not)."""
    cards = getattr(move, "cards_from_hand", None)
    return tuple(cards()) if callable(cards) else ()


def _note_kept(kept: Counter[int], played: Sequence[int], shown: Sequence[int]) -> None:
    """What everyone knows a hand holds, after it played ``played`` and took ``shown``
    face up."""
    kept.subtract(played)
    for card in [card for card, count in kept.items() if count <= 0]:
        del kept[card]
    kept.update(shown)


def _kept_after(known: Sequence[Counter[int]], entries: Sequence[Any]) -> list[Counter[int]]:
    """``known`` (what everyone knows each hand holds) after the moves ``entries``."""
    kept = [Counter(cards) for cards in known]
    for mover, move, shown in entries:
        if mover is not None and kept:
            _note_kept(kept[mover], _from_hand(move), shown)
    return kept


def _revealed(
    world: Any,
    mover: int,
    cards: Sequence[int],
    kept: Sequence[Counter[int]],
    seat: int,
    rng: random.Random,
) -> Any:
    """``world`` with ``mover`` holding ``cards`` (cards its next move plays from its
    hand): each one missing is fetched from the stock or a third seat's hidden cards, and
    a hidden card of the mover's (none of ``cards``, none known there by ``kept``) goes
    in its place; ``None`` when that cannot be done without changing what ``seat`` sees."""
    held = world.hands[mover]
    missing = Counter(cards) - Counter(held)
    if not missing:
        return world
    stock = getattr(world, "stock", None)
    if stock is None or not hasattr(world, "copy_with"):
        return None
    hands = list(world.hands)
    stock = list(stock)
    hand = list(held)
    keep = Counter(cards) + (kept[mover] if kept else Counter())
    for card in sorted(missing.elements()):
        spare = sorted((Counter(hand) - keep).elements())
        places: list[tuple[int, int]] = [
            (-1, index) for index, at in enumerate(stock) if at == card
        ]
        for other, cards_there in enumerate(hands):
            free = Counter(cards_there) - (kept[other] if kept else Counter())
            if other not in (mover, seat) and free[card] > 0:
                places.append((other, cards_there.index(card)))
        if not spare or not places:
            return None
        given = rng.choice(spare)
        owner, index = rng.choice(places)
        hand[hand.index(given)] = card
        if owner < 0:
            stock[index] = given
        else:
            changed = list(hands[owner])
            changed[index] = given
            hands[owner] = tuple(sorted(changed))
    hands[mover] = tuple(sorted(hand))
    try:
        fetched = world.copy_with(hands=tuple(hands), stock=tuple(stock))
    except Scala40Error:  # pragma: no cover - a game whose copies refuse the change
        return None
    return fetched if fetched.view(seat) == world.view(seat) else None


def _with_hand(world: Any, seat: int, hand: tuple[int, ...]) -> Any:
    """``world`` with ``seat`` holding ``hand`` (the cards it really drew from the stock
    in place of those the world's stock gave it), the cards swapped where they lay in
    the world's stock; ``None`` if a card of ``hand`` is in another hand of the world
    (a guess the seat's own draw rules out)."""
    held = world.hands[seat]
    if held == hand:
        return world
    wanted = Counter(hand) - Counter(held)
    spare = sorted((Counter(held) - Counter(hand)).elements())
    stock = list(world.stock)
    for card in sorted(wanted.elements()):
        if card not in stock or not spare:
            return None
        stock[stock.index(card)] = spare.pop()
    if spare:
        return None
    hands = list(world.hands)
    hands[seat] = hand
    return world.copy_with(hands=tuple(hands), stock=tuple(stock))


def _swap_hidden(world: Any, seat: int, known: Sequence[Sequence[int]], rng: random.Random) -> Any:
    """``world`` with one card of another seat's hand (not one of ``known``, the cards
    the seat knows each hand holds there) swapped with a card of the stock or of a third
    hand, at random; ``None`` when there is none to swap."""
    shown = known
    others = [
        other
        for other, hand in enumerate(world.hands)
        if other != seat and len(hand) > (len(shown[other]) if shown else 0)
    ]
    if not others or not world.stock:
        return None
    other = rng.choice(others)
    free = list((Counter(world.hands[other]) - Counter(shown[other] if shown else ())).elements())
    card = rng.choice(free)
    places = [("stock", index) for index in range(len(world.stock))] + [
        ("hand", third) for third in others if third != other
    ]
    kind, where = rng.choice(places)
    swapped = _swapped(world, other, card, kind, where, rng, shown)
    # A swap keeps every public fact or is no guess: the seat must see the same table
    # (a card on offer, a card known by a game's own rule, stays where it is).
    if swapped is None or swapped.view(seat) != world.view(seat):
        return None
    return swapped


def _swapped(
    world: Any, other: int, card: int, kind: str, where: int, rng: random.Random, shown: Any
) -> Any:
    """``world`` with ``card`` of ``other``'s hand swapped with the stock's card at
    ``where`` (``kind`` ``"stock"``) or a hidden card of hand ``where``."""
    hand = list(world.hands[other])
    hands = list(world.hands)
    if kind == "stock":
        stock = list(world.stock)
        other_card = stock[where]
        if other_card == card:
            return None
        stock[where] = card
        hand[hand.index(card)] = other_card
        hands[other] = tuple(sorted(hand))
        return world.copy_with(hands=tuple(hands), stock=tuple(stock))
    third_hand = list(world.hands[where])
    third_free = list((Counter(third_hand) - Counter(shown[where] if shown else ())).elements())
    if not third_free:
        return None
    other_card = rng.choice(third_free)
    if other_card == card:
        return None
    third_hand[third_hand.index(other_card)] = card
    hand[hand.index(card)] = other_card
    hands[other] = tuple(sorted(hand))
    hands[where] = tuple(sorted(third_hand))
    return world.copy_with(hands=tuple(hands))


def _logged(world: Any, log: Any) -> Any:
    """``world`` with the hand's log ``log`` (its view is then the seat's, the cards
    seen taken included)."""
    if log is None or not hasattr(world, "hand_log"):
        return world
    return world.copy_with(hand_log=log)


def _restocked(world: Any, seed: int, log: Any) -> Any:
    """``world`` with its stock shuffled again and new randomness for later shuffles
    (the hidden hands are the guess, the stock's order is anyone's), and the hand's log
    ``log`` (the real one: the world's view is then the seat's)."""
    stock = getattr(world, "stock", None)
    if stock is None or not hasattr(world, "copy_with"):
        return world
    order, rng = shuffle(tuple(stock), seed_state(seed))
    changes: dict[str, Any] = {"stock": order}
    if hasattr(world, "rng"):
        changes["rng"] = rng
    if hasattr(world, "hand_log"):
        changes["hand_log"] = log
    try:
        return world.copy_with(**changes)
    except Scala40Error:  # pragma: no cover - a game whose copies refuse these fields
        return world
