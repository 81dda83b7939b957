"""The server's directory in the repository (its distribution is built from
``server/pyproject.toml``, its package from ``server/src``): a package here only so that
the server's tests are ``server.tests`` beside the rules' ``tests`` when the repository's
tests run together, and share the rules' test helpers (``tests.hostile``...)."""
