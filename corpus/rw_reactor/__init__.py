"""A driver's connection base class and event-loop reactors in other modules (see
pos_rw_green_reactor.py)."""
