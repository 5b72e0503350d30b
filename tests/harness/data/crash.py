"""Stalls a few times, then crashes with an uncaught exception (the probe's holds must survive)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import seed000_client  # noqa: E402

sys.argv = [sys.argv[0], "4"]
seed000_client.main()
raise SystemExit("crash.py: deliberate crash") if "--exit" in sys.argv else RuntimeError("deliberate crash")
