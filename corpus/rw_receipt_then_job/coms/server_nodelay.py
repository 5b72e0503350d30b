"""The same server with TCP_NODELAY set on each accepted connection: the answer goes out as
soon as the job writes it, whatever the client has acknowledged."""
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from rw_receipt_then_job.coms.frames import encode, read_frame


@dataclass
class ClientSession:
    peer: tuple
    conn: socket.socket
    lock: threading.Lock = field(default_factory=threading.Lock)


class QuickFrameServer:
    def __init__(self, port, database):
        self.port = port
        self.database = database
        self.workers = ThreadPoolExecutor(8)

    def serve_forever(self):
        listener = socket.create_server(("127.0.0.1", self.port))
        while True:
            conn, peer = listener.accept()
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=self._client_loop, args=(conn, peer), daemon=True).start()

    def _client_loop(self, conn, peer):
        session = ClientSession(peer=peer, conn=conn)
        try:
            while True:
                request = read_frame(conn)
                self._safe_write(session, {"type": "receipt", "id": request["id"]})
                self.workers.submit(self._answer, request, session)
        except ConnectionError:
            pass
        finally:
            conn.close()

    def _answer(self, request, session):
        result = self.database.get(request["key"])
        self._safe_write(session, {"type": "result", "id": request["id"], "value": result})

    def _safe_write(self, session, message):
        with session.lock:
            session.conn.sendall(encode(message))
