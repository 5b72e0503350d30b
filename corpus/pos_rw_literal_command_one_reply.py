"""A game-automation driver whose send helper reads the server's answer unless the command is
the one that closes the link. `wait_for_swipe()` polls in a loop with a command written out in
the call, which is never the closing one: every turn is one request and its reply. Nagle is
on, so the kept connection is reported (NAG201), but no request is in pieces (no NAG103)."""
import socket


class Driver:
    def __init__(self, host, port):
        self.socket = socket.create_connection((host, port))  # expect: NAG201

    def send_data(self, data):
        self.socket.send(data.encode("ascii"))
        if "closeConnection" in data:
            return ""
        return self.socket.recv(4096).decode("ascii")

    def wait_for_swipe(self):
        while True:
            finished = self.send_data("swipeFinished;#")
            if finished == "Yes":
                break
            if finished != "No":
                raise RuntimeError(finished)

    def stop(self):
        self.send_data("closeConnection;#")
        self.socket.close()
