"""The same door client polling a controller: one socket, kept in a local list and closed in
`finally` through it, but every event record is asked for and read on that one connection in a
loop. From the second exchange on, a request written in pieces waits for the controller's
delayed ACK; TCP_NODELAY is never set."""
import socket


class DoorPoller:
    def __init__(self, address):
        self.address = address

    def events(self, first, count):
        sockets = []
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        sockets.append(sock)
        records = []
        try:
            sock.connect(self.address)
            for index in range(first, first + count):
                sock.sendall(bytes([0x17, 0xB0]) + index.to_bytes(4, "little") + bytes(58))
                records.append(sock.recv(64))
            return records
        finally:
            for each in sockets:
                each.close()
