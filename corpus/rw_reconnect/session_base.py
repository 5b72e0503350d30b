"""reconnect() says QUIT on the old link (disconnect) and connect() opens a new one and reads its
greeting: two connections, never one message written in pieces."""
import time


class SessionBase:
    link = None

    def disconnect(self):
        raise NotImplementedError

    def connect(self):
        self.disconnect()
        self._attach()
        self.link.recv()
        self.link.send(b"HELLO\r\n")
        self.link.recv()

    def reconnect(self, tries=3, pause=0.5):
        for attempt in range(tries):
            try:
                self.disconnect()
                self.connect()
                return
            except OSError:
                time.sleep(pause)
        raise ConnectionError("gave up")
