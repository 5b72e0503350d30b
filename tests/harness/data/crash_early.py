"""One clean exchange, then an uncaught exception: nothing proves the code is stall-free."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clean  # noqa: E402

sys.argv = [sys.argv[0], "2"]
clean.main()
raise RuntimeError("deliberate crash")
