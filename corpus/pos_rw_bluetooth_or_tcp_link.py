"""A robot brick driven over Bluetooth (RFCOMM) or over Wi-Fi: the same attribute holds either
socket. Direct commands are sent and answered on it; the Wi-Fi path is a kept TCP connection
without TCP_NODELAY (a Bluetooth socket has no Nagle)."""
import socket


class Brick:
    def __init__(self, protocol, host):
        if protocol == "bluetooth":
            self._socket = socket.socket(socket.AF_BLUETOOTH, socket.SOCK_STREAM, socket.BTPROTO_RFCOMM)
            self._socket.connect((host, 1))
        else:
            self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
            self._socket.connect((host, 5555))
            self._socket.send(b"GET /target?sn=0016533F0C1E VMTP1.0\r\nProtocol: EV3\r\n\r\n")
            self._socket.recv(16)

    def send_direct_cmd(self, ops):
        self._socket.send(len(ops).to_bytes(2, "little") + ops)
        return self._socket.recv(1024)
