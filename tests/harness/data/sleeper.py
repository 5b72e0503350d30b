"""Opens no socket and never finishes: only the timeout ends it."""
import time

for _ in range(600):
    time.sleep(0.1)
