"""A PLC bridge server: accept_connection() returns the accepted socket, or None when accept()
fails; run() hands each one to handle_client(), which answers every fixed-size frame on the
kept connection with Nagle on."""
import socket

FRAME = 16


class BridgeServer:
    def __init__(self, host="", port=9600):
        self.host, self.port = host, port
        self.server_sock = None
        self.running = False

    def start(self):
        self.server_sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server_sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server_sock.bind((self.host, self.port))
        self.server_sock.listen(5)
        self.running = True

    def accept_connection(self):
        try:
            client_sock, _ = self.server_sock.accept()  # expect: NAG202
            client_sock.settimeout(5.0)
            return client_sock
        except OSError:
            return None

    def handle_client(self, client_sock):
        try:
            while self.running:
                frame = self._recv_exact(client_sock, FRAME)
                if frame is None:
                    break
                client_sock.sendall(bytes(b ^ 0xFF for b in frame))
        finally:
            client_sock.close()

    def _recv_exact(self, sock, n):
        data = b""
        while len(data) < n:
            chunk = sock.recv(n - len(data))
            if not chunk:
                return None
            data += chunk
        return data

    def run(self):
        self.start()
        while self.running:
            client_sock = self.accept_connection()
            if client_sock:
                self.handle_client(client_sock)


if __name__ == "__main__":
    BridgeServer().run()
