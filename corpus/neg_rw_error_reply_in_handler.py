"""A line server for a tool bridge: each request is read, answered with one JSON write in a
`try`, and an `except` answers with an error line instead. Per request only one of the two
writes sends anything (the error reply follows a failed read or a failed answer), so no
response is in pieces; the listener sets TCP_NODELAY on each connection."""
import json
import socket


def _answer(command):
    return {"ok": True, "echo": command}


def serve(port):
    listener = socket.create_server(("127.0.0.1", port))
    while True:
        conn, _ = listener.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with conn:
            while True:
                try:
                    line = conn.recv(65536)
                    if not line:
                        break
                    reply = _answer(json.loads(line))
                    conn.sendall(json.dumps(reply).encode() + b"\n")
                except ValueError:
                    conn.sendall(b'{"error": "bad json"}\n')
                except Exception as exc:
                    conn.sendall(json.dumps({"error": str(exc)}).encode() + b"\n")
