"""Antivirus-daemon client in the pyclamd style: every public method opens a fresh connection
through a hook the TCP subclass defines, sends one command, reads the one reply and closes
it, so the helpers that write and read are shared by many short connections, each carrying a
single exchange."""
import socket


class DaemonClient:
    def ping(self):
        self._init_socket()
        try:
            self._send_command("PING")
            result = self._recv_response()
            self._close_socket()
        except OSError:
            raise ConnectionError("could not ping the daemon")
        return result == "PONG"

    def version(self):
        self._init_socket()
        self._send_command("VERSION")
        result = self._recv_response()
        self._close_socket()
        return result

    def _send_command(self, cmd):
        self.sock.send(("n%s\n" % cmd).encode())

    def _recv_response(self):
        return self.sock.recv(4096).decode().strip()

    def _close_socket(self):
        self.sock.close()


class NetworkDaemonClient(DaemonClient):
    def __init__(self, host="127.0.0.1", port=3310, timeout=None):
        self.host, self.port, self.timeout = host, port, timeout

    def _init_socket(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if self.timeout is not None:
            self.sock.settimeout(self.timeout)
        self.sock.connect((self.host, self.port))
