"""A LAN game server in the style of a tutorial: `from _thread import *`, then each accepted
player is served by start_new_thread(); the handler answers every move with the game state,
written as a length line and then the body, on the kept connection."""
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
        conn.send(b"%d\n" % len(body))
        conn.send(body)  # expect: NAG102
    conn.close()


def main(port=5555):
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("", port))
    server.listen()
    player_id = 0
    while True:
        conn, _ = server.accept()  # expect: NAG202
        start_new_thread(serve, (conn, player_id))
        player_id += 1


if __name__ == "__main__":
    main()
