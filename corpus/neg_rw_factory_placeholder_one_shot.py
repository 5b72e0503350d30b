"""A weather-report uploader: for each server and each try, a factory makes a connection
(`sock = None`, then `try:` to make and connect it, closed on failure), a helper writes the
login and reads the answer, then the report and its answer, and the connection is closed.
Each call of the factory is a new connection, used for one fixed sequence: nothing is in
flight when a request is written."""
import socket


class ConnectError(Exception):
    pass


class ReportUploader:
    def __init__(self, servers, tries=3):
        self.servers = servers
        self.tries = tries

    def upload(self, login, report):
        for host, port in self.servers:
            for _ in range(self.tries):
                try:
                    sock = self._connect(host, port)
                    try:
                        self._send(sock, login)
                        return self._send(sock, report)
                    finally:
                        sock.close()
                except ConnectError:
                    continue
        raise ConnectError("no server took the report")

    def _connect(self, host, port):
        sock = None
        try:
            sock = socket.socket()
            sock.connect((host, port))
        except OSError as error:
            if sock is not None:
                sock.close()
            raise ConnectError(error)
        return sock

    def _send(self, sock, line):
        sock.send(line.encode("ascii"))
        return sock.recv(1024).decode("ascii")
