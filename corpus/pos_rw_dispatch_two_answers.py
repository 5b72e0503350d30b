"""The same server, but the dispatcher answers each request with an acknowledgement and then
the response, two messages written one `sendall` each in the loop: the second waits for the
client's delayed ACK of the first."""
import socket
import struct
import threading


def read_message(conn):
    header = conn.recv(16)
    if len(header) < 16:
        return None
    service, method, length = struct.unpack(">HHI8x", header)
    return service, method, conn.recv(length - 8)


class Server:
    def __init__(self, port=30490):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("", port))
        self.listener.listen(4)

    def dispatch(self, service, method, payload):
        if method & 0x8000 == 0:
            ack = struct.pack(">HHI8x", service, method | 0x4000, 8)
            return [ack, struct.pack(">HHI8x", service, method, 8 + len(payload)) + payload]
        return []

    def serve(self):
        while True:
            conn, _ = self.listener.accept()  # expect: NAG202
            threading.Thread(target=self.handle, args=(conn,), daemon=True).start()

    def handle(self, conn):
        while True:
            message = read_message(conn)
            if message is None:
                break
            answers = self.dispatch(*message)
            for answer in answers:
                conn.sendall(answer)  # expect: NAG103
        conn.close()
