"""The same bridge with its reply written as a JSON body and then a newline: the newline waits
for the client's delayed ACK on every request after the first. The error reply in the
`except` stays one write of its own."""
import json
import socket


def _answer(command):
    return {"ok": True, "echo": command}


def serve(port):
    listener = socket.create_server(("127.0.0.1", port))
    while True:
        conn, _ = listener.accept()  # expect: NAG202
        with conn:
            while True:
                try:
                    line = conn.recv(65536)
                    if not line:
                        break
                    reply = _answer(json.loads(line))
                    conn.sendall(json.dumps(reply).encode())
                    conn.sendall(b"\n")  # expect: NAG102
                except Exception as exc:
                    conn.sendall(json.dumps({"error": str(exc)}).encode() + b"\n")
