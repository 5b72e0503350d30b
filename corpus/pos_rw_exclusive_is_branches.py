"""The driver's preference setter picks the command by the value's kind with one `if` per kind,
tested with `is` against small integers: at most one branch runs, so one request and its reply
per call (the same tests with `==` read the same). Nagle is on: NAG201, and no NAG101 across
the branches."""
import socket


class Prefs:
    def __init__(self, host, port):
        self.socket = socket.create_connection((host, port))  # expect: NAG201

    def send_data(self, data):
        self.socket.send(data.encode("ascii"))
        if "closeConnection" in data:
            return ""
        return self.socket.recv(4096).decode("ascii")

    def set_pref(self, key, value, kind):
        data = ""
        if kind is 1:  # noqa: F632 - as the real driver writes it
            data = self.send_data("setPref;" + key + ";" + str(value) + ";int;#")
        if kind is 2:  # noqa: F632
            data = self.send_data("setPref;" + key + ";" + str(value) + ";str;#")
        if kind is 3:  # noqa: F632
            data = self.send_data("setPref;" + key + ";" + str(value) + ";float;#")
        return data
