"""A diagnostics gateway whose listening sockets come from one helper for TCP and UDP alike:
the family is the first item of the tuple another helper returns (`AF_INET6, host, dual` for
an IPv6 bind address, `AF_INET, host, False` otherwise). Each request on a kept tester
connection is answered by an acknowledgement, then the response, one `send()` each."""
import ipaddress
import socket


def bind_params(host, dual_stack=False):
    if ipaddress.ip_address(host).version == 6:
        return socket.AF_INET6, host, dual_stack
    return socket.AF_INET, host, False


def listening_socket(kind, host, port):
    family, bind_host, dual = bind_params(host)
    sock = socket.socket(family, kind)
    if dual:
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    sock.bind((bind_host, port))
    if kind == socket.SOCK_STREAM:
        sock.listen(5)
    return sock


class Gateway:
    def __init__(self, host="0.0.0.0", port=13400):
        self.host, self.port = host, port

    def answers(self, request):
        return [b"\x02\xfd\x80\x02" + request[:4], b"\x02\xfd\x80\x01" + request[4:]]

    def serve(self):
        self.tcp = listening_socket(socket.SOCK_STREAM, self.host, self.port)
        self.udp = listening_socket(socket.SOCK_DGRAM, self.host, self.port)
        while True:
            tester, _ = self.tcp.accept()  # expect: NAG202
            self.handle(tester)

    def handle(self, tester):
        while True:
            request = tester.recv(4096)
            if not request:
                break
            for answer in self.answers(request):
                tester.send(answer)  # expect: NAG103
        tester.close()
