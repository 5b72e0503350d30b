"""An interactive client without TCP_NODELAY: a `while True:` loop sends each line someone
types on the kept connection, while a listener thread prints what the server answers. Each
line is one write, paced by the person typing: no write loop, and no request/response
connection that needs TCP_NODELAY (40 ms between keystrokes is not felt; the judgement
bench/realworld gives execnet's remote-shell client)."""
import socket
import sys
import threading


class Console:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))

    def listener(self):
        while True:
            data = self.sock.recv(4096)
            if not data:
                return
            sys.stdout.write(data.decode("utf-8", "replace"))

    def interact(self):
        threading.Thread(target=self.listener, daemon=True).start()
        while True:
            line = sys.stdin.readline()
            if not line:
                break
            self.sock.sendall(line.encode("utf-8"))


if __name__ == "__main__":
    Console("127.0.0.1", 2323).interact()
