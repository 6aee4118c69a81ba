"""`python -m tfjs`: the `tfjs` command (see `tfjs.cli`)."""

import sys

from tfjs.cli import main

if __name__ == "__main__":
    sys.exit(main())
