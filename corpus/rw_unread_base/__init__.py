"""A terminal-session package: the expect() of its sessions lives in a base class that names no socket call."""
