"""The same NETCONF-over-SSH session, with TCP_NODELAY set on the TCP socket (the ProxyCommand
pipe has no Nagle to turn off)."""
import socket

import paramiko


class SSHSession:
    def __init__(self):
        self._transport = None

    def connect(self, host, port=830, proxycommand=None, timeout=10):
        sock = None
        if proxycommand:
            sock = paramiko.proxy.ProxyCommand(proxycommand)
        else:
            for af, socktype, proto, _, address in socket.getaddrinfo(host, port, socket.AF_UNSPEC,
                                                                      socket.SOCK_STREAM):
                try:
                    sock = socket.socket(af, socktype, proto)
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    sock.settimeout(timeout)
                    sock.connect(address)
                except OSError:
                    continue
                break
            else:
                raise OSError(f"could not connect to {host}:{port}")
        self._transport = paramiko.Transport(sock)
        self._transport.start_client()
        return self._transport
