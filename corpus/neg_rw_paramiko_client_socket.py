"""The same NETCONF-over-SSH client session, TCP_NODELAY set on the socket before paramiko's
Transport gets it."""
import socket

import paramiko


class NetconfSession:
    def __init__(self, host, port=830, timeout=10.0):
        self.host, self.port, self.timeout = host, port, timeout
        self.transport = None
        self.channel = None

    def connect(self, username, password):
        sock = socket.create_connection((self.host, self.port), self.timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.transport = paramiko.Transport(sock)
        self.transport.start_client(timeout=self.timeout)
        self.transport.auth_password(username, password)
        self.channel = self.transport.open_session()
        self.channel.invoke_subsystem("netconf")

    def rpc(self, body):
        self.channel.sendall(body + b"]]>]]>")
        reply = b""
        while not reply.endswith(b"]]>]]>"):
            reply += self.channel.recv(4096)
        return reply[:-6]

    def close(self):
        if self.transport is not None:
            self.transport.close()
