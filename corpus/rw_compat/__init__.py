"""Helpers shared by the pos_rw_/neg_rw_ cases that reach sockets through other modules."""
