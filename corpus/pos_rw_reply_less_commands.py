"""Reply-less commands: a helper reads the reply only when asked (`expect_response`); a bulk
upload sends its chunks with expect_response=False and then a terminator that waits for the OK.
The TLS upgrade in between two commands reads the server's handshake, so it splits nothing."""
import socket
import ssl


class Session:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))  # expect: NAG201

    def _command(self, payload, expect_response=True):
        self.sock.sendall(len(payload).to_bytes(4, "big") + payload)
        return self.sock.recv(4096) if expect_response else None

    def starttls(self, context, host):
        self._command(b"STARTTLS", expect_response=False)
        self.sock = context.wrap_socket(self.sock, server_hostname=host)
        return self._command(b"HELLO")

    def upload(self, stream):
        chunk = stream.read(65536)
        while chunk:
            self._command(chunk, expect_response=False)  # expect: NAG103
            chunk = stream.read(65536)
        return self._command(b"")  # expect: NAG101

    def get(self, key):
        return self._command(b"GET " + key)


def upgrade(host, port):
    context = ssl.create_default_context()
    session = Session(host, port)
    session.starttls(context, host)
    return session
