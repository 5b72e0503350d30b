"""The same brick driven over Bluetooth only: an RFCOMM socket has no Nagle, whatever it sends."""
import socket


class Brick:
    def __init__(self, host):
        self._socket = socket.socket(socket.AF_BLUETOOTH, socket.SOCK_STREAM, socket.BTPROTO_RFCOMM)
        self._socket.connect((host, 1))

    def send_direct_cmd(self, ops):
        self._socket.send(len(ops).to_bytes(2, "little"))
        self._socket.send(ops)
        return self._socket.recv(1024)
