"""Run the command line as ``python -m scala40`` (see :mod:`scala40.cli`)."""

from __future__ import annotations

import sys

from scala40.cli import main

if __name__ == "__main__":
    sys.exit(main())
