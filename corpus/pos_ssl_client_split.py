"""TLS client: the TCP socket from create_connection() is wrapped with
SSLContext.wrap_socket(); each sendall() becomes its own TLS record written at once,
so header then payload then recv() stalls exactly like the plain socket (trap 10)."""
import argparse
import socket
import ssl
import struct


class TlsRecordClient:
    def __init__(self, port, cafile=None):
        ctx = ssl.create_default_context(cafile=cafile)
        raw = socket.create_connection(("127.0.0.1", port), timeout=5)  # expect: NAG201
        self.tls = ctx.wrap_socket(raw, server_hostname="localhost")

    def send_record(self, kind, payload):
        self.tls.sendall(struct.pack("!BH", kind, len(payload)))
        self.tls.sendall(payload)  # expect: NAG101
        return self.tls.recv(256)

    def close(self):
        self.tls.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--cafile")
    args = parser.parse_args()
    client = TlsRecordClient(args.port, args.cafile)
    for i in range(20):
        client.send_record(1, b"event-%d" % i)
    client.close()
