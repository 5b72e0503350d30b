"""A vendored SOCKS client: a socket.socket subclass taking the same arguments."""
