"""The helpers of the server's tests: what a hostile caller sends and how long a call may
take (:mod:`.hostile`), bots that wait for their deadline or fail
(:mod:`.bots`), the games a costly test plays (:mod:`.cases`), the cards a player's
text spells (:mod:`.spelling`) and the command line run in-process
(:mod:`.cli_run`). They are the server's own, so that its sdist runs its tests with no
file of the rules' repository beside it."""
