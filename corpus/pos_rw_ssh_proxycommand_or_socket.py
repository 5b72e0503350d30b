"""A NETCONF-over-SSH session of the ncclient shape: the SSH transport runs either over an ssh
ProxyCommand's pipe or over a TCP socket made from getaddrinfo rows; the session then carries
many RPCs on it, and the TCP socket never gets TCP_NODELAY."""
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
                    sock = socket.socket(af, socktype, proto)  # expect: NAG201
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
