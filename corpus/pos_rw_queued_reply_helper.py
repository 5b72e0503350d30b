"""An RTSP client whose reader thread puts each answer on a queue, and whose request helper takes
the answer from it through a small method. A request is sent again with credentials after a 401:
two requests, each one write and each answered, on a kept connection without TCP_NODELAY."""
import queue
import socket
import threading


class RtspClient:
    def __init__(self, host, port=554):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        self.answers = queue.Queue()
        self.cseq = 0
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        while True:
            data = self.sock.recv(65536)
            if not data:
                return
            self.answers.put(data)

    def _answer(self):
        return self.answers.get(timeout=5)

    def _send(self, method, url, extra=""):
        self.cseq += 1
        self.sock.sendall(f"{method} {url} RTSP/1.0\r\nCSeq: {self.cseq}\r\n{extra}\r\n".encode())
        return self._answer()

    def request(self, method, url, auth):
        answer = self._send(method, url)
        if b" 401 " in answer.split(b"\r\n", 1)[0]:
            answer = self._send(method, url, f"Authorization: {auth}\r\n")
        return answer
