"""The dictionary-protocol client whose socket class a helper of the module replaces with a
fake one for a dry run: which class makes the connection is known only per caller, so nothing
is said of it."""
import select
import socket

BUF_SIZE = 4096


class DictionaryClient:
    def __init__(self, host="localhost", port=2628, sock_class=socket.socket):
        self.sock = sock_class(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.connect((host, port))
        self.banner = self._read_answer()

    def _read_answer(self):
        readable, _, _ = select.select([self.sock], [], [], 5)
        if self.sock not in readable:
            raise TimeoutError("no answer from the dictionary server")
        answer = self.sock.recv(BUF_SIZE)
        while not answer.endswith(b"\r\n.\r\n") and not answer[:3] in (b"250", b"552"):
            answer += self.sock.recv(BUF_SIZE)
        return answer

    def define(self, word, database="*"):
        self.sock.sendall(f'DEFINE {database} "{word}"\r\n'.encode())
        return self._read_answer()

    def match(self, word, strategy="prefix", database="*"):
        self.sock.sendall(f'MATCH {database} {strategy} "{word}"\r\n'.encode())
        return self._read_answer()

    def close(self):
        self.sock.sendall(b"QUIT\r\n")
        self.sock.close()


class RecordingSocket:
    """A stand-in socket that records what it is sent and answers from a script."""

    def __init__(self, family, kind):
        self.sent, self.script = [], [b"220 ready\r\n", b"250 ok\r\n"]

    def connect(self, address):
        pass

    def fileno(self):
        return -1

    def sendall(self, data):
        self.sent.append(data)

    def recv(self, size):
        return self.script.pop(0) if self.script else b"250 ok\r\n"

    def close(self):
        pass


def dry_run_client():
    return DictionaryClient("localhost", sock_class=RecordingSocket)
