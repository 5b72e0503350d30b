"""A device bridge client in the shape of adb's sync service: a @contextmanager opens a transport,
asks for the sync service and waits for OKAY, then yields the connection object; the push loop
writes a header and a chunk per block, then DONE, and only then reads the status. The socket is
reached through a property of the connection object."""
import contextlib
import socket
import struct


class BridgeConnection:
    def __init__(self, host="127.0.0.1", port=5037):
        self.__conn = socket.create_connection((host, port))  # expect: NAG201

    @property
    def conn(self):
        return self.__conn

    def send_command(self, cmd):
        self.conn.send("{:04x}{}".format(len(cmd), cmd).encode())

    def read_string(self, n):
        return self.conn.recv(n).decode()

    def close(self):
        self.conn.close()


class Sync:
    def __init__(self, host="127.0.0.1", port=5037):
        self.host, self.port = host, port

    @contextlib.contextmanager
    def _prepare(self, path, cmd):
        c = BridgeConnection(self.host, self.port)
        try:
            c.send_command("sync:")
            if c.read_string(4) != "OKAY":
                raise RuntimeError("sync refused")
            c.conn.send(cmd.encode() + struct.pack("<I", len(path)) + path.encode())
            yield c
        finally:
            c.close()

    def push(self, reader, path, mtime):
        with self._prepare(path, "SEND") as c:
            while True:
                chunk = reader.read(4096)
                if not chunk:
                    break
                c.conn.send(b"DATA" + struct.pack("<I", len(chunk)))  # expect: NAG103
                c.conn.send(chunk)
            c.conn.send(b"DONE" + struct.pack("<I", mtime))  # expect: NAG101
            return c.read_string(4)
