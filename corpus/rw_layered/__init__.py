"""Framing sockets and record classes shared by the pos_/neg_rw_forwarding_wrapper clients."""
