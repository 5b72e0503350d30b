"""Client that enables TCP_NODELAY through a helper, enable_nodelay(sock), and then
sends a frame header and payload in two sendall() calls before recv(): no stall,
but one extra segment per request (opt-in extra-segment finding)."""
import socket
import struct


def enable_nodelay(sock):
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def exchange(port, payloads):
    s = socket.create_connection(("127.0.0.1", port))
    enable_nodelay(s)
    replies = []
    with s:
        for payload in payloads:
            s.sendall(struct.pack("!H", len(payload)))
            s.sendall(payload)  # expect: NAG401
            replies.append(s.recv(1024))
    return replies
