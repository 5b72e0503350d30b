"""Each request frame gets a receipt at once, and its answer from a worker job on the same
connection, written through the session object kept for the client. The client waits for the
answer, not the receipt: the answer waits for the client's delayed ACK of the receipt."""
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


class FrameServer:
    def __init__(self, port, database):
        self.port = port
        self.database = database
        self.workers = ThreadPoolExecutor(8)

    def serve_forever(self):
        listener = socket.create_server(("127.0.0.1", self.port))
        while True:
            conn, peer = listener.accept()  # expect: NAG202
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
            session.conn.sendall(encode(message))  # expect: NAG102
