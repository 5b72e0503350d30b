"""Two display classes on two factories that share every name: get_socket() from
rw_dialers/quick_socket.py (TCP_NODELAY set) and get_socket() from rw_dialers/display_socket.py
(Nagle on), imported as plain_socket. Each keeps its socket for request/response; only the
plain one is reported, not confused with the quick one because the names are the same."""
from rw_dialers.display_socket import get_socket as plain_socket
from rw_dialers.quick_socket import get_socket


class Display:
    def __init__(self, host, number=0):
        self.sock = get_socket(host, number)

    def round_trip(self, request):
        self.sock.sendall(request)
        return self.sock.recv(32)


class Other:
    def __init__(self, host, number=0):
        self.sock = plain_socket(host, number)  # expect: NAG201

    def round_trip(self, request):
        self.sock.sendall(request)
        return self.sock.recv(32)
