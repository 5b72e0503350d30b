"""Socket-level constants resolved once for the platform."""
import socket

TCP_LEVEL = getattr(socket, "SOL_TCP", socket.IPPROTO_TCP)
CONNECT_TIMEOUT = 5.0
