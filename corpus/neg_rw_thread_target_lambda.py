"""The match server with TCP_NODELAY set on each player's connection before the lambda's thread
serves it, and each answer written as one buffer: the length and the state go out at once."""
import json
import socket
import struct
import threading


def play(conn, board):
    while True:
        header = conn.recv(4)
        if len(header) < 4:
            break
        (size,) = struct.unpack("!I", header)
        board.append(json.loads(conn.recv(size)))
        state = json.dumps(board).encode()
        conn.sendall(struct.pack("!I", len(state)) + state)
    conn.close()


def main(port=7000):
    server = socket.create_server(("", port))
    board = []
    while True:
        conn, _ = server.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        threading.Thread(target=lambda: play(conn, board), daemon=True).start()


if __name__ == "__main__":
    main()
