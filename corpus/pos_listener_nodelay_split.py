"""Server whose listening socket has TCP_NODELAY (Linux copies it to accepted sockets):
the header/body replies in two sendall() calls do not stall, they only cost an extra
segment per reply (opt-in extra-segment finding, not split-response)."""
import socket
import struct
import threading


def start_server():
    listener = socket.create_server(("127.0.0.1", 0))
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def serve():
        conn, _ = listener.accept()
        with conn:
            while True:
                request = conn.recv(1024)
                if not request:
                    break
                body = request[::-1]
                conn.sendall(struct.pack("!I", len(body)))
                conn.sendall(body)  # expect: NAG401

    threading.Thread(target=serve, daemon=True).start()
    return listener.getsockname()[1]


if __name__ == "__main__":
    with socket.create_connection(("127.0.0.1", start_server())) as c:
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        reader = c.makefile("rb")
        for i in range(20):
            c.sendall(b"request %d" % i)
            (size,) = struct.unpack("!I", reader.read(4))
            reader.read(size)
