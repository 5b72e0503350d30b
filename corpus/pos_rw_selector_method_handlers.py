"""An instrument bridge: a server class registers its listener and each accepted connection with
bound methods as the selector's data, and its loop calls `key.data(key.fileobj)`. Every request
is answered twice through a helper of the base class, "confirmed" and then "completed" with the
result, before the next request is read: the second reply waits for the client's delayed ACK."""
import json
import selectors
import socket


class MessageEndpoint:
    def _write(self, sock, kind, body):
        sock.send(json.dumps({"kind": kind, "body": body}).encode() + b"\n")

    def _read(self, sock):
        return json.loads(sock.recv(65536))


class InstrumentServer(MessageEndpoint):
    def __init__(self, port, instrument):
        self.instrument = instrument
        self.selector = selectors.DefaultSelector()
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("", port))
        listener.listen()
        listener.setblocking(False)
        self.selector.register(listener, selectors.EVENT_READ, data=self._accept)

    def _accept(self, listener):
        conn, _ = listener.accept()  # expect: NAG202
        conn.setblocking(True)
        self.selector.register(conn, selectors.EVENT_READ, data=self._serve)

    def _serve(self, conn):
        try:
            request = self._read(conn)
        except (ConnectionError, ValueError):
            self.selector.unregister(conn)
            conn.close()
            return
        self._write(conn, "confirmed", request)
        self._write(conn, "completed", self.instrument.run(request))  # expect: NAG102

    def serve_forever(self):
        while True:
            for key, _ in self.selector.select(timeout=0.5):
                key.data(key.fileobj)
