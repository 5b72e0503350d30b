"""A course-style messenger server: a select() loop over the accepted clients, with the ready
list set to `[]` first for the turns when no client is connected yet. Each request read from a
ready client is answered on the same kept connection, without TCP_NODELAY."""
import json
import select
import socket


class MessengerServer:
    def __init__(self, host="", port=7777):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind((host, port))
        self.listener.settimeout(0.5)
        self.listener.listen(10)
        self.clients = []

    def serve(self):
        while True:
            try:
                client, _ = self.listener.accept()  # expect: NAG202
            except OSError:
                pass
            else:
                self.clients.append(client)
            readable = []
            if self.clients:
                readable, _, _ = select.select(self.clients, [], [], 0)
            for client in readable:
                request = json.loads(client.recv(1024))
                client.send(json.dumps({"response": 200, "for": request.get("action")}).encode())
