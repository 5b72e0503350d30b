"""An order-entry test host serves its clients from one select() loop. A replace request is
answered with two reports, pending and then done, written one after the other; the client
reads both before its next request, so the second waits for the client's delayed ACK."""
import select
import socket


def serve(port):
    listener = socket.create_server(("", port))
    watched = [listener]
    while True:
        ready, _, _ = select.select(watched, [], [], 1.0)
        for sock in ready:
            if sock is listener:
                conn, _ = listener.accept()  # expect: NAG202
                watched.append(conn)
                continue
            request = sock.recv(4096)
            if not request:
                watched.remove(sock)
                sock.close()
            elif request.startswith(b"REPLACE"):
                sock.sendall(b"PENDING " + request[8:])
                sock.sendall(b"REPLACED " + request[8:])  # expect: NAG102
            else:
                sock.sendall(b"ACK " + request)
