"""`python -m nagle_lint`: the same command as `nagle-lint`, for environments without the script."""

import sys

from nagle_lint.cli import main

sys.exit(main())
