"""Stalls a few times, starts a child that ignores SIGTERM, then hangs."""
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import seed000_client  # noqa: E402

sys.argv = [sys.argv[0], "4"]
seed000_client.main()
child = subprocess.Popen([sys.executable, "-c",
                          "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                          "while True: time.sleep(0.1)"])
signal.signal(signal.SIGTERM, signal.SIG_IGN)
with open(os.environ["HANG_PIDFILE"], "w") as fh:
    fh.write(f"{os.getpid()} {child.pid}\n")
while True:
    time.sleep(0.1)
