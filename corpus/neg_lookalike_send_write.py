"""send()/write()/recv() on objects that are not TCP sockets: generators, a
multiprocessing Pipe (AF_UNIX socketpair), BytesIO, files, queues, logging and an
in-memory fake transport. They look like split writes before a read; none is TCP."""
import io
import logging
import multiprocessing
import queue


def averager():
    total, count = 0.0, 0
    while True:
        value = yield (total / count if count else 0.0)
        total, count = total + value, count + 1


class FakeTransport:
    def __init__(self):
        self.sent = []

    def sendall(self, data):
        self.sent.append(data)

    def recv(self, n):
        return b"".join(self.sent)[:n]


def demo(path):
    gen = averager()
    next(gen)
    gen.send(1.0)
    gen.send(3.0)
    parent, child = multiprocessing.Pipe()
    parent.send({"op": "header"})
    parent.send({"op": "body"})
    child.send(child.recv())
    buf = io.BytesIO()
    buf.write(b"header")
    buf.write(b"body")
    buf.seek(0)
    buf.read()
    with open(path, "w+b") as f:
        f.write(b"header")
        f.write(b"body")
        f.seek(0)
        f.read()
    q = queue.Queue()
    q.put(b"header")
    q.put(b"body")
    q.get()
    logging.getLogger(__name__).info("sent %d", 2)
    fake = FakeTransport()
    fake.sendall(b"header")
    fake.sendall(b"body")
    return fake.recv(100)
