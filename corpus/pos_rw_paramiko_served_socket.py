"""A mock SSH server for tests: each accepted TCP connection is handed to paramiko's server-side
Transport, which answers an SSH session on it packet by packet and never sets TCP_NODELAY."""
import socket
import threading

import paramiko


class AcceptAll(paramiko.ServerInterface):
    def check_auth_none(self, username):
        return paramiko.AUTH_SUCCESSFUL

    def check_channel_request(self, kind, chanid):
        return paramiko.OPEN_SUCCEEDED


def serve(port, host_key):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", port))
    listener.listen(5)
    while True:
        conn, _ = listener.accept()  # expect: NAG202
        transport = paramiko.Transport(conn)
        transport.add_server_key(host_key)
        transport.start_server(server=AcceptAll())
        threading.Thread(target=transport.accept, args=(5,), daemon=True).start()
