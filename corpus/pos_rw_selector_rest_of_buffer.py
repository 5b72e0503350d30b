"""A display-server client whose I/O loop sends each batch of commands as one buffer: when the
socket is writable it sends what is left and moves past what went out. The connection is kept
and does request/response with Nagle on (NAG201); the sends are no write loop."""
import selectors
import socket


class DisplayLink:
    def __init__(self, host, port=13666):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        self.sock.setblocking(False)

    def run(self, batches):
        selector = selectors.DefaultSelector()
        selector.register(self.sock, selectors.EVENT_READ | selectors.EVENT_WRITE)
        outgoing, sent_so_far = bytearray(), 0
        replies = []

        def send_pending():
            nonlocal sent_so_far
            sent = self.sock.send(outgoing[sent_so_far:])
            sent_so_far += sent
            if sent_so_far == len(outgoing):
                selector.modify(self.sock, selectors.EVENT_READ)

        for batch in batches:
            outgoing[:], sent_so_far = b"".join(line + b"\n" for line in batch), 0
            selector.modify(self.sock, selectors.EVENT_READ | selectors.EVENT_WRITE)
            while len(replies) < len(batch):
                for key, events in selector.select(1.0):
                    if events & selectors.EVENT_WRITE:
                        send_pending()
                    if events & selectors.EVENT_READ:
                        replies.extend(self.sock.recv(4096).splitlines())
            replies.clear()
