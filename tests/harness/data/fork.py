"""Forks: the child runs the stalling client and exits; a daemon grandchild (setsid, double fork)
outlives everything and must be killed by the harness. The parent waits for the child only.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import seed000_client  # noqa: E402

pidfile = os.environ["FORK_PIDFILE"]
pid = os.fork()
if pid == 0:
    if os.fork() == 0:  # daemon grandchild
        os.setsid()
        with open(pidfile, "a") as fh:
            fh.write(f"{os.getpid()}\n")
        while True:
            time.sleep(0.1)
    sys.argv = [sys.argv[0], "4"]
    seed000_client.main()
    sys.exit(0)
os.waitpid(pid, 0)
