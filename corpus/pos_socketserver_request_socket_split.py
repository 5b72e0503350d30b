"""socketserver.BaseRequestHandler using the raw self.request socket: in the loop
that receives requests, each reply is a 2-byte length then the body, two sendall()
calls with Nagle on, so the body waits for the client's delayed ACK."""
import socket
import socketserver
import struct
import threading


class FrameHandler(socketserver.BaseRequestHandler):  # expect: NAG202
    def process(self, request):
        return b"processed:" + request

    def handle(self):
        while True:
            request = self.request.recv(4096)
            if not request:
                break
            reply = self.process(request)
            self.request.sendall(struct.pack("!H", len(reply)))
            self.request.sendall(reply)  # expect: NAG102


if __name__ == "__main__":
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), FrameHandler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        with socket.create_connection(server.server_address) as c:
            c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            reader = c.makefile("rb")
            for i in range(20):
                c.sendall(b"job-%d" % i)
                (size,) = struct.unpack("!H", reader.read(2))
                reader.read(size)
            reader.close()
        server.shutdown()
