"""Requests put together from the other two modules' helpers on a pooled connection: this file
names no socket call, and it is the only one that sees both pieces of a request (the header
through the Header object, the body through tcp_send_data), so the split is reported here."""
import struct

from .connection import ConnectionPool, tcp_recv_response, tcp_send_data
from .protocol import Header


class StorageClient:
    def __init__(self, host, port):
        self.pool = ConnectionPool(host=host, port=port)

    def delete_file(self, group, name):
        conn = self.pool.get_connection()
        th = Header(cmd=12, pkg_len=16 + len(name))
        th.send_header(conn)
        try:
            tcp_send_data(conn, struct.pack("!16s", group) + name)  # expect: NAG101
            th.recv_header(conn)
            return th.status
        finally:
            self.pool.release(conn)

    def get_metadata(self, group, name):
        conn = self.pool.get_connection()
        try:
            header = Header(cmd=15, pkg_len=16 + len(name))
            body = struct.pack("!16s", group) + name
            tcp_send_data(conn, struct.pack("!QBB", header.pkg_len, header.cmd, 0) + body)
            header.recv_header(conn)
            return tcp_recv_response(conn, header.pkg_len)
        finally:
            self.pool.release(conn)
