"""A register server that serves each accepted connection on a low-level thread: request after request."""
import _thread
import socket


def serve(conn, addr):
    with conn:
        while True:
            request = conn.recv(260)
            if not request:
                return
            conn.sendall(request[:6] + b"\x00\x03" + request[7:8] + b"\x03\x02\x00\x01")


def main(port=5020):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("", port))
    listener.listen(5)
    while True:
        conn, addr = listener.accept()  # expect: NAG202
        _thread.start_new_thread(serve, (conn, addr))
