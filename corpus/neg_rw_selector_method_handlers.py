"""Two servers on selectors loops whose handlers are bound methods given as the key's data. The
instrument bridge sets TCP_NODELAY on its listener before it accepts (Linux copies it to each
accepted connection) and answers each request with one write. The upload server's handler reads
the request until the client shuts its side, answers in two writes and unregisters the
connection: the client sends nothing more, so no next request waits behind the reply."""
import json
import selectors
import socket


class MessageEndpoint:
    def _write(self, sock, *messages):
        sock.send(b"".join(json.dumps(m).encode() + b"\n" for m in messages))

    def _read(self, sock):
        return json.loads(sock.recv(65536))


class InstrumentServer(MessageEndpoint):
    def __init__(self, port, instrument):
        self.instrument = instrument
        self.selector = selectors.DefaultSelector()
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        listener.bind(("", port))
        listener.listen()
        listener.setblocking(False)
        self.selector.register(listener, selectors.EVENT_READ, data=self._accept)

    def _accept(self, listener):
        conn, _ = listener.accept()
        conn.setblocking(True)
        self.selector.register(conn, selectors.EVENT_READ, data=self._serve)

    def _serve(self, conn):
        try:
            request = self._read(conn)
        except (ConnectionError, ValueError):
            self.selector.unregister(conn)
            conn.close()
            return
        self._write(conn, {"kind": "confirmed"}, {"kind": "completed", "body": self.instrument.run(request)})

    def serve_forever(self):
        while True:
            for key, _ in self.selector.select(timeout=0.5):
                key.data(key.fileobj)


class UploadServer:
    def __init__(self, port):
        self.selector = selectors.DefaultSelector()
        self.finished = []
        self.selector.register(socket.create_server(("", port)), selectors.EVENT_READ, data=self._accept)

    def _accept(self, listener):
        conn, _ = listener.accept()
        self.selector.register(conn, selectors.EVENT_READ, data=self._receive)

    def _receive(self, conn):
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
        body = b"".join(chunks)
        conn.sendall(b"%d\n" % len(body))
        conn.sendall(json.dumps({"stored": len(body)}).encode())
        self.selector.unregister(conn)
        self.finished.append(conn)

    def serve_forever(self):
        while True:
            for key, _ in self.selector.select(timeout=0.5):
                key.data(key.fileobj)
            while self.finished:
                self.finished.pop().close()
