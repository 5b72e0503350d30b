"""A line server that answers HELLO with a banner written at once, and the other commands with a
reply it builds first and writes under `if reply:`. No path writes both, so each answer is one
write; the connection is kept for the next command without TCP_NODELAY."""
import socket


def serve(port=7070):
    listener = socket.create_server(("", port))
    while True:
        conn, _ = listener.accept()  # expect: NAG202
        with conn:
            for line in conn.makefile("rb"):
                command = line.strip().upper()
                reply = None
                if command == b"HELLO":
                    conn.sendall(b"200 ready\r\n")
                elif command == b"TIME":
                    reply = b"200 12:00\r\n"
                elif command == b"QUIT":
                    break
                else:
                    reply = b"500 unknown\r\n"
                if reply is not None:
                    conn.sendall(reply)
