"""The same LAN game server, `from _thread import *` and a start_new_thread() per player, with
the length line and the body of each answer written as one buffer and TCP_NODELAY set on every
accepted connection."""
import json
import socket
from _thread import *

STATE = {"players": {}}


def serve(conn, player_id):
    while True:
        move = conn.recv(2048)
        if not move:
            break
        STATE["players"][player_id] = json.loads(move)
        body = json.dumps(STATE).encode()
        conn.sendall(b"%d\n" % len(body) + body)
    conn.close()


def main(port=5555):
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("", port))
    server.listen()
    player_id = 0
    while True:
        conn, _ = server.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        start_new_thread(serve, (conn, player_id))
        player_id += 1


if __name__ == "__main__":
    main()
