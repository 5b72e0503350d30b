"""The same register server over a Unix socket: no Nagle on the connections its threads serve."""
import _thread
import socket


def serve(conn, addr):
    with conn:
        while True:
            request = conn.recv(260)
            if not request:
                return
            conn.sendall(request[:6] + b"\x00\x03" + request[7:8] + b"\x03\x02\x00\x01")


def main(path="/tmp/registers.sock"):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(5)
    while True:
        conn, addr = listener.accept()
        _thread.start_new_thread(serve, (conn, addr))
