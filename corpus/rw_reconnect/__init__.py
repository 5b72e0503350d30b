"""A session whose link is a new pipe or TCP object on every connect (see base.py)."""
