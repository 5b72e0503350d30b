"""The power distribution unit's console client with TCP_NODELAY set on the session's socket
(`self.tn.sock`) right after telnetlib connects, and each command written in one write(): no
command waits for a delayed ACK."""
import socket
import telnetlib


class PduConsole:
    PROMPT = b"pdu> "

    def __init__(self, host, user, password, port=23, timeout=5.0):
        self.tn = telnetlib.Telnet(host, port, timeout)
        self.tn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.tn.read_until(b"login: ")
        self.tn.write(user.encode() + b"\r\n")
        self.tn.read_until(b"password: ")
        self.tn.write(password.encode() + b"\r\n")
        self.tn.read_until(self.PROMPT)

    def command(self, word, argument):
        self.tn.write(word.encode() + b" " + argument.encode() + b"\r\n")
        return self.tn.read_until(self.PROMPT).decode()

    def outlets_on(self, outlets):
        return [self.command("on", str(n)) for n in outlets]

    def close(self):
        self.tn.write(b"logout\r\n")
        self.tn.close()
