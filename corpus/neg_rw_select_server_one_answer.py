"""The same test host, answering a replace request with both reports in one buffer: each
turn of the select() loop writes one response per connection, and a piece written on one
client's turn is never joined to another's."""
import select
import socket


def serve(port):
    listener = socket.create_server(("", port))
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    watched = [listener]
    while True:
        ready, _, _ = select.select(watched, [], [], 1.0)
        for sock in ready:
            if sock is listener:
                conn, _ = listener.accept()
                watched.append(conn)
                continue
            request = sock.recv(4096)
            if not request:
                watched.remove(sock)
                sock.close()
            elif request.startswith(b"REPLACE"):
                sock.sendall(b"PENDING " + request[8:] + b"REPLACED " + request[8:])
            else:
                sock.sendall(b"ACK " + request)
