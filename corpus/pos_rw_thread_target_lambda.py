"""A match server: each player's connection is served on a thread started with a lambda that
closes over it. Every move is answered with a 4-byte length and then the state, two writes with
Nagle on, before the player's next move is read."""
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
        move = json.loads(conn.recv(size))
        board.append(move)
        state = json.dumps(board).encode()
        conn.sendall(struct.pack("!I", len(state)))
        conn.sendall(state)  # expect: NAG102
    conn.close()


def main(port=7000):
    server = socket.create_server(("", port))
    board = []
    while True:
        conn, _ = server.accept()  # expect: NAG202
        threading.Thread(target=lambda: play(conn, board), daemon=True).start()


if __name__ == "__main__":
    main()
