"""Wrapper and server classes whose sockets other modules of the package make and hand them."""
