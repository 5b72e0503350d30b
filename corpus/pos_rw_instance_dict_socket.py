"""A debugger's link to a GDB server: the class guards its attributes with __setattr__, so the
socket is stored with `self.__dict__["port"] = ...`. In ack mode each reply is answered with a
one-byte `+`, and the next command follows it on the kept connection, Nagle on."""
import socket


class RemoteLink:
    def __init__(self, port):
        self.__dict__["port"] = socket.create_connection(("localhost", port))  # expect: NAG201
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
