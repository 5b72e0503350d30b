"""A power distribution unit's console client on the standard library's telnetlib: it logs in
once, keeps the session, and sends each command as the command word and its argument in two
write() calls before reading the prompt back. telnetlib sets no TCP_NODELAY, so on the kept
session the second piece of every command waits for the PDU's delayed ACK."""
import telnetlib


class PduConsole:
    PROMPT = b"pdu> "

    def __init__(self, host, user, password, port=23, timeout=5.0):
        self.tn = telnetlib.Telnet(host, port, timeout)  # expect: NAG201
        self.tn.read_until(b"login: ")
        self.tn.write(user.encode() + b"\r\n")
        self.tn.read_until(b"password: ")
        self.tn.write(password.encode() + b"\r\n")
        self.tn.read_until(self.PROMPT)

    def command(self, word, argument):
        self.tn.write(word.encode() + b" ")
        self.tn.write(argument.encode() + b"\r\n")  # expect: NAG101
        return self.tn.read_until(self.PROMPT).decode()

    def outlets_on(self, outlets):
        return [self.command("on", str(n)) for n in outlets]

    def close(self):
        self.tn.write(b"logout\r\n")
        self.tn.close()
