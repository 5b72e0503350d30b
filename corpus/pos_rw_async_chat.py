"""A line protocol server on asynchat: async_chat reads each command and calls
found_terminator(), whose answer is pushed as a status line and then the data, two pushes, on a kept-alive connection accepted by an asyncore listener and handed
to the channel's own __init__. No TCP_NODELAY: from the second command on, the data waits for the
client's delayed ACK of the status line."""
import asynchat
import asyncore
import socket


class CommandChannel(asynchat.async_chat):
    def __init__(self, sock, store):
        asynchat.async_chat.__init__(self, sock)
        self.store = store
        self.buffer = []
        self.set_terminator(b"\r\n")

    def collect_incoming_data(self, data):
        self.buffer.append(data)

    def found_terminator(self):
        key = b"".join(self.buffer)
        self.buffer = []
        value = self.store.get(key, b"")
        self.push(b"VALUE %d\r\n" % len(value))
        self.push(value)  # expect: NAG102


class CommandServer(asyncore.dispatcher):
    def __init__(self, port, store):
        asyncore.dispatcher.__init__(self)
        self.store = store
        self.create_socket(socket.AF_INET, socket.SOCK_STREAM)
        self.bind(("127.0.0.1", port))
        self.listen(8)

    def handle_accept(self):
        pair = self.accept()  # expect: NAG202
        if pair is not None:
            sock, _ = pair
            CommandChannel(sock, self.store)
