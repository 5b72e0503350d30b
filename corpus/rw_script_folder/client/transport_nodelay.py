"""The same transport, with TCP_NODELAY set by the helper of `common.wire` (reached the same way)."""
import socket

from common.wire import get_message, no_delay, send_message


class ClientTransport:
    def __init__(self, host, port, name):
        self.name = name
        self.transport = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.transport.connect((host, port))
        no_delay(self.transport)

    def request(self, action, **fields):
        send_message(self.transport, {"action": action, "user": self.name, **fields})
        return get_message(self.transport)

    def contacts(self):
        return self.request("get_contacts")

    def users(self):
        return self.request("get_users")
