"""`python -m conquest_tui`: the same as the `conquest` command."""

import sys

from conquest_tui.cli import main

sys.exit(main())
