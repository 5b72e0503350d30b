"""A display connection opened through rw_dialers/connect.open_display(), a facade whose only
line calls display_socket.get_socket() by the name `_dial`: the TCP factory behind it leaves
Nagle on, and the display keeps the socket for every request it makes."""
from rw_dialers.connect import open_display


class Display:
    def __init__(self, host, number=0):
        self.sock = open_display(host, number)  # expect: NAG201

    def request(self, opcode, body=b""):
        self.sock.sendall(bytes([opcode, len(body)]) + body)
        return self.sock.recv(32)

    def close(self):
        self.sock.close()
