"""The same TLS client with TCP_NODELAY set before the handshake, and each command one record:
nothing waits for a delayed ACK."""
import socket
import ssl


class DesktopClient:
    def __init__(self, host, port, password):
        raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.conn = ssl.create_default_context().wrap_socket(raw, server_hostname=host)
        self.conn.connect((host, port))
        self.write_line(password)
        self.read_line()

    def write_line(self, line):
        self.conn.write(line.encode() + b"\r\n")

    def read_line(self):
        return self.conn.read(1024).decode().strip()

    def attach(self, session_id, worker):
        self.write_line(f"AttachToSession {session_id}")
        if self.read_line() == "ResourceFound":
            self.write_line(worker)
