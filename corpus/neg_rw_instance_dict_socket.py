"""The same debugger's link to a GDB server, its socket stored with `self.__dict__["port"] =
...` past the class's __setattr__. In ack mode each reply is answered with a one-byte `+`, and
the next command follows it at once: TCP_NODELAY is set."""
import socket


class RemoteLink:
    def __init__(self, port):
        self.__dict__["port"] = socket.create_connection(("localhost", port))
        self.port.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # as gdb does
        self.__dict__["ack"] = True

    def __setattr__(self, name, value):
        raise AttributeError(f"{name} is read-only")

    def packet(self, payload):
        checksum = sum(payload) % 256
        return b"$" + payload + b"#%02x" % checksum

    def fetch(self, command):
        self.port.sendall(self.packet(command))
        reply = self.port.recv(4096)
        if self.ack:
            self.port.sendall(b"+")
        return reply
