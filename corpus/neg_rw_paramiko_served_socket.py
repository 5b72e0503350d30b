"""The same mock SSH server with TCP_NODELAY set on each accepted connection before paramiko gets it."""
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
        conn, _ = listener.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        transport = paramiko.Transport(conn)
        transport.add_server_key(host_key)
        transport.start_server(server=AcceptAll())
        threading.Thread(target=transport.accept, args=(5,), daemon=True).start()
