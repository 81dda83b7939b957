"""What every game's state shares, written once (internal).

A game supplies its rules through a few hooks; the rest of a state's behaviour is here:

- :mod:`~scala40._base.state`: :class:`~scala40._base.state.StateBase`, what a state
  does around the game's hooks (moves, views, copies, dictionaries, text);
- :mod:`~scala40._base.state_record`: the fields every state record and view have, in one
  order;
- :mod:`~scala40._base.engine`: the pieces every engine shares (dealing, seats, the
  checked arguments and first fields of a new game);
- :mod:`~scala40._base.position`: reading the arguments of ``from_position``;
- :mod:`~scala40._base.load`: the checks every game's loader makes alike (the deal, the
  table, the cards placed, the last hand);
- :mod:`~scala40._base.sampling`: full states dealt from a view;

What every seat saw of the hand in play (the hand's log, :mod:`scala40.history`) is
written beside the position's text (:mod:`scala40.notation`), below this package: the text
reads and writes the log, and the state base writes the text.

The package's own module imports nothing, so that its modules load as the core needs
them.
"""
