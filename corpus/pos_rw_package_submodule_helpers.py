"""An RPC client reaching its framing helpers through the package name (`import rw_rpc_records`,
then `rw_rpc_records.rpcframing.send_record(...)`): a kept connection of many calls, Nagle on."""
import socket

import rw_rpc_records


class RpcClient:
    def connect(self, host, port=111):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # expect: NAG201
        self.sock.connect((host, port))

    def call(self, request):
        rw_rpc_records.rpcframing.send_record(self.sock, request)
        return rw_rpc_records.rpcframing.receive_record(self.sock)

    def close(self):
        self.sock.close()
