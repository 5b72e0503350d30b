"""A remote-desktop client over TLS that writes through the SSLSocket's own write() (one TLS record
per call): attaching a worker to a session writes the command line and the session id apart,
then waits for the answer, on a connection that has already carried the login."""
import socket
import ssl


class DesktopClient:
    def __init__(self, host, port, password):
        raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        self.conn = context.wrap_socket(raw, server_hostname=host)
        self.conn.connect((host, port))
        self.write_line(password)
        self.read_line()

    def write_line(self, line):
        self.conn.write(line.encode() + b"\r\n")

    def read_line(self):
        return self.conn.read(1024).decode().strip()

    def attach(self, session_id, worker):
        self.write_line("AttachToSession")
        self.write_line(session_id)  # expect: NAG101
        if self.read_line() == "ResourceFound":
            self.write_line(worker)
