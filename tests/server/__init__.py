"""The repository's tests that hold scala40-server against the rules' own tests and
documents (the server's half of a rules' test: one verdict, one spelling, one caller's
text, the pages' rule links). They need the repository, so they live beside the rules'
tests; the server's own tests (server/tests) run from its sdist alone."""
