"""A speech-server client of the shape real SSIP clients have: a reader thread reads every
reply line, appends it to a list and releases a semaphore made with nothing to take;
command() writes one line and waits on the semaphore for its reply. speak() is two
exchanges (the command, then the text once the server said go on), never one request in
two pieces. TCP_NODELAY is set: nothing to report."""
import socket
import threading


class SpeechClient:
    def __init__(self, host, port=6560):
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.replies = []
        self.reply_ready = threading.Semaphore(0)
        self.reader = threading.Thread(target=self._read_replies, daemon=True)
        self.reader.start()

    def _read_replies(self):
        buffered = b""
        while True:
            chunk = self.sock.recv(1024)
            if not chunk:
                return
            buffered += chunk
            while b"\r\n" in buffered:
                line, buffered = buffered.split(b"\r\n", 1)
                if line[:1] != b"7":  # (7xx lines are events, not replies)
                    self.replies.append(line)
                    self.reply_ready.release()

    def _reply(self):
        if not self.reader.is_alive():
            raise ConnectionError("speech server connection lost")
        self.reply_ready.acquire()
        return self.replies.pop(0)

    def command(self, *words):
        self.sock.sendall(" ".join(words).encode() + b"\r\n")
        return self._reply()

    def send_text(self, text):
        self.sock.sendall(text.encode().replace(b"\r\n.", b"\r\n..") + b"\r\n.\r\n")
        return self._reply()

    def speak(self, text):
        self.command("SPEAK")
        return self.send_text(text)
