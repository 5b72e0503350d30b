"""A one-shot diagnostic exchange: connect, a routing activation, its answer, one diagnostic
request, then the answers until a timeout, all in one call. Every frame is read by module
helpers the socket is handed to (`read_frame(sock)` -> `recv_exact(sock, n)`), which only read
it. Each request is one write made after the previous reply was read: nothing in flight for
Nagle to hold, and the connection is closed when the call returns."""
import socket
import struct


def recv_exact(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def read_frame(sock):
    header = recv_exact(sock, 8)
    if header is None:
        return None
    kind, length = struct.unpack(">xxHI", header)
    return kind, recv_exact(sock, length)


def diagnose(host, port, source, target, request, timeout=2.0):
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.sendall(struct.pack(">BBHIH", 2, 0xFD, 5, 7, source) + b"\0" * 5)
        if read_frame(sock) is None:
            return None
        sock.sendall(struct.pack(">BBHIHH", 2, 0xFD, 0x8001, 4 + len(request), source, target) + request)
        answers = []
        while True:
            try:
                frame = read_frame(sock)
            except socket.timeout:
                break
            if frame is None:
                break
            answers.append(frame)
        return answers
