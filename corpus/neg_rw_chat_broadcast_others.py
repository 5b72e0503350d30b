"""A threaded chat room: each member's thread reads a line and passes it on to every other member
(`if member != conn`); the sender gets no answer. No member waits for a reply to what it wrote."""
import socket
import threading

members = []


def member_session(conn):
    try:
        while True:
            line = conn.recv(1024)
            if not line:
                break
            for member in members:
                if member != conn:
                    member.sendall(line)
    finally:
        members.remove(conn)
        conn.close()


def chat_room(port=7777):
    listener = socket.create_server(("", port))
    while True:
        conn, _ = listener.accept()
        members.append(conn)
        threading.Thread(target=member_session, args=(conn,), daemon=True).start()
