"""The same display opened through rw_dialers/connect.open_quick_display(), whose backend
(quick_socket.get_socket(), reached through a module import) sets TCP_NODELAY on the TCP path
and makes an AF_UNIX socket on the other."""
from rw_dialers.connect import open_quick_display


class Display:
    def __init__(self, host, number=0):
        self.sock = open_quick_display(host, number)

    def request(self, opcode, body=b""):
        self.sock.sendall(bytes([opcode, len(body)]) + body)
        return self.sock.recv(32)

    def close(self):
        self.sock.close()
