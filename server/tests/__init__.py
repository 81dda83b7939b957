"""The tests of scala40-server, run from the repository beside the rules' tests, or on
their own from the server's unpacked sdist against an installed scala40: they import
nothing of the rules' tests, only the rules' public API and their own helpers
(:mod:`.support`)."""
