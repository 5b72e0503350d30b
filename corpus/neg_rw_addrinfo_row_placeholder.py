"""The MySQL-style socket with TCP_NODELAY set once connected, switching to TLS in the middle of
the login: the SSL request, the handshake (run apart from wrap_socket, which reads the server's
answer) and the login packet are three exchanges, not one request in pieces."""
import socket
import ssl


class TCPSocket:
    def __init__(self, host, port=3306):
        self.host, self.port = host, port
        self.sock = None

    def open_connection(self):
        addrinfo = [None] * 5
        addrinfos = socket.getaddrinfo(self.host, self.port, 0, socket.SOCK_STREAM, socket.SOL_TCP)
        for info in addrinfos:
            if info[0] == socket.AF_INET:
                addrinfo = info
                break
        if addrinfo[0] is None:
            addrinfo = addrinfos[0]
        (family, socktype, proto, _, sockaddr) = addrinfo
        self.sock = socket.socket(family, socktype, proto)
        self.sock.connect(sockaddr)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def switch_to_ssl(self, ca):
        self.sock = ssl.wrap_socket(self.sock, ca_certs=ca, do_handshake_on_connect=False)
        self.sock.do_handshake()

    def send(self, packet):
        self.sock.sendall(packet)

    def recv(self):
        header = self.sock.recv(4)
        return self.sock.recv(int.from_bytes(header[:3], "little"))


class Connection:
    def __init__(self, host):
        self._socket = TCPSocket(host)
        self._socket.open_connection()

    def login(self, ssl_request, auth_packet, ca):
        self._socket.send(ssl_request)
        self._socket.switch_to_ssl(ca)
        self._socket.send(auth_packet)
        return self._socket.recv()
