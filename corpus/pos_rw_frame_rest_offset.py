"""A small WebSocket server's connection object: each frame is built whole, then sent by a loop
that hands send() what is left from the offset it got back (`sent = conn.send(frame[sent:])`).
The loop finishes one buffer, it does not write pieces (no NAG103); the kept connection answers
its client's frames with Nagle on (NAG202)."""
import socket


class Connection:
    def __init__(self, conn):
        self.conn = conn

    def send(self, data, opcode=0x1):
        header = bytes([0x80 | opcode, len(data)]) if len(data) < 126 else \
            bytes([0x80 | opcode, 126]) + len(data).to_bytes(2, "big")
        frame = header + data
        length = len(frame)
        sent = 0
        while True:
            sent = self.conn.send(frame[sent:])
            length -= sent
            if not length:
                break

    def recv(self):
        head = self.conn.recv(2)
        if not head:
            return None
        return self.conn.recv(head[1] & 0x7F)


def serve(port):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", port))
    listener.listen()
    conn, _ = listener.accept()  # expect: NAG202
    client = Connection(conn)
    while (message := client.recv()) is not None:
        client.send(message)
