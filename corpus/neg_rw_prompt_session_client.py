"""An interactive client for a line protocol: each command is what someone types at a
prompt_toolkit prompt, one write per line, and the reply is printed before the next prompt.
It goes at the person's pace: no Nagle stall to feel, no TCP_NODELAY needed."""
import socket

from prompt_toolkit import PromptSession


def repl(host, port=7000):
    session = PromptSession("> ")
    sock = socket.create_connection((host, port))
    try:
        while True:
            try:
                line = session.prompt()
            except (EOFError, KeyboardInterrupt):
                break
            if not line.strip():
                continue
            sock.sendall(line.encode() + b"\n")
            print(sock.recv(4096).decode(errors="replace"), end="")
    finally:
        sock.close()


if __name__ == "__main__":
    repl("127.0.0.1")
