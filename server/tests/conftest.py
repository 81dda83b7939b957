"""The server's tests' own configuration, for a run of them alone (from the server's
unpacked sdist): the Hypothesis profiles the repository's run uses, chosen by the
``HYPOTHESIS_PROFILE`` environment variable (``ci`` by default: 20 examples a test, no
deadline). In the repository's run the root's configuration has set the same."""

from __future__ import annotations

import os

from hypothesis import Phase, settings

settings.register_profile("ci", max_examples=20, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=15, deadline=None)
settings.register_profile("soak", max_examples=50, deadline=None, print_blob=True)
settings.register_profile(
    "mutants",
    max_examples=25,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
settings.register_profile("long", max_examples=5000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
