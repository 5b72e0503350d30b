"""The RPC client reaching its framing helpers through the package name, with TCP_NODELAY set
once connected: its calls go out at once."""
import socket

import rw_rpc_records


class RpcClient:
    def connect(self, host, port=111):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.connect((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def call(self, request):
        rw_rpc_records.rpcframing.send_record(self.sock, request)
        return rw_rpc_records.rpcframing.receive_record(self.sock)

    def close(self):
        self.sock.close()
