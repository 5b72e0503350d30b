"""nagle-lint: find and fix the Nagle / delayed-ACK stall in Python socket code."""
__version__ = "0.1.0"
