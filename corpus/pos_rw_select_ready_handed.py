"""A course-style JSON messenger server: a select() loop hands the ready lists to helper methods
(`self.read_requests(ready)`), which read each client's request and answer it on the kept
connection, Nagle on."""
import json
import select
import socket


class MessengerServer:
    def __init__(self, port=7777):
        self.port = port
        self.clients = []

    def serve_forever(self):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("", self.port))
        listener.listen(10)
        listener.settimeout(0.2)
        while True:
            try:
                client, _ = listener.accept()  # expect: NAG202
            except OSError:
                pass
            else:
                self.clients.append(client)
            ready = []
            if self.clients:
                ready, _, _ = select.select(self.clients, [], [], 0)
            self.read_requests(ready)

    def read_requests(self, ready):
        for client in ready:
            try:
                request = json.loads(client.recv(4096).decode("utf-8"))
            except (OSError, ValueError):
                self.clients.remove(client)
                client.close()
                continue
            self.answer(client, request)

    def answer(self, client, request):
        reply = {"response": 200, "action": request.get("action")}
        client.send(json.dumps(reply).encode("utf-8"))


if __name__ == "__main__":
    MessengerServer().serve_forever()
