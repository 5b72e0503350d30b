"""A dictionary-protocol client whose constructor takes the socket class as a parameter, for
tests to replace (`sock_class=socket.socket`); nothing here passes another. The connection is
kept for every lookup, one command and its answer each, with Nagle on."""
import select
import socket

BUF_SIZE = 4096


class DictionaryClient:
    def __init__(self, host="localhost", port=2628, sock_class=socket.socket):
        self.sock = sock_class(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
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
