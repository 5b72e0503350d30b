"""The client's transport: a kept connection for the presence, contacts and users requests.
It imports `common.wire` as `python run_client.py` in the folder above allows (that folder is
then on sys.path)."""
import socket

from common.wire import get_message, send_message


class ClientTransport:
    def __init__(self, host, port, name):
        self.name = name
        self.transport = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self.transport.connect((host, port))

    def request(self, action, **fields):
        send_message(self.transport, {"action": action, "user": self.name, **fields})
        return get_message(self.transport)

    def contacts(self):
        return self.request("get_contacts")

    def users(self):
        return self.request("get_users")
