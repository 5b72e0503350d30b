"""Runtime harness: prove a Nagle / delayed-ACK stall on loopback (see docs/harness.md).

Kept import-free on purpose: the probe is loaded into user processes by file path.
"""
