"""The same exchange, but the helper the socket is handed to also files it in a module-level
table of open sessions that a keep-alive sender writes to later: the connection outlives the
call and carries more exchanges, with Nagle on."""
import socket
import struct

SESSIONS = {}


def recv_exact(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def read_frame(sock, name):
    SESSIONS[name] = sock
    header = recv_exact(sock, 8)
    if header is None:
        return None
    kind, length = struct.unpack(">xxHI", header)
    return kind, recv_exact(sock, length)


def keep_alive():
    for sock in list(SESSIONS.values()):
        sock.sendall(b"\x02\xfd\x00\x07\x00\x00\x00\x00")


def diagnose(host, port, source, target, request):
    sock = socket.create_connection((host, port))  # expect: NAG201
    sock.sendall(struct.pack(">BBHIH", 2, 0xFD, 5, 7, source) + b"\0" * 5)
    if read_frame(sock, host) is None:
        return None
    sock.sendall(struct.pack(">BBHIHH", 2, 0xFD, 0x8001, 4 + len(request), source, target) + request)
    return read_frame(sock, host)
