"""A socket helper module whose TCP_NODELAY each caller switches, and the settings it is fed."""
