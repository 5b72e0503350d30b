"""A blob-store client that uploads an object as parts over its kept connection: a loop sends
each part with its own sendall(), then one more sendall() sends the end marker with the byte count, and the client
waits for the store's receipt. The marker is a piece of its own after the loop: with Nagle on
it waits for the server's delayed ACK of the last part, and joining the parts alone would not
change that."""
import socket


class BlobClient:
    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port))  # expect: NAG201
        self.rfile = self.sock.makefile("rb")

    def put(self, name, parts):
        self.sock.sendall(b"PUT %s\r\n" % name)
        sent = 0
        for part in parts:
            self.sock.sendall(b"%d\r\n" % len(part) + part)  # expect: NAG103
            sent += len(part)
        self.sock.sendall(b"END %d\r\n" % sent)  # expect: NAG101
        return self.rfile.readline()

    def close(self):
        self.rfile.close()
        self.sock.close()
