"""Remote debug shells: each TCP client gets a Python prompt in the running service. The
standard console writes a value, its newline and the next prompt as three writes, then reads the
next line. ShellHandler sends each write with its own sendall and never sets TCP_NODELAY: the
prompt waits for the client's delayed ACK (measured on loopback: 48 ms per command). The
threaded shell flushes each write too, but sets TCP_NODELAY on every accepted connection: three
segments per answer, no stall (NAG401, opt-in)."""
import code
import socket
import socketserver
import sys
import threading


class _SocketWriter:
    """Console text goes straight to the client, so nothing waits for a flush."""

    def __init__(self, sock):
        self._sock = sock

    def write(self, text):
        self._sock.sendall(text.encode("utf-8"))  # expect: NAG102
        return len(text)

    def flush(self):
        pass


class _LineReader:
    def __init__(self, rfile):
        self._rfile = rfile

    def readline(self, *args):
        return self._rfile.readline(*args).decode("utf-8").replace("\r\n", "\n")


class ShellHandler(socketserver.BaseRequestHandler):  # expect: NAG202
    namespace = {"__name__": "__console__"}

    def handle(self):
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin = _LineReader(self.request.makefile("rb"))
        sys.stdout = sys.stderr = _SocketWriter(self.request)
        try:
            shell = code.InteractiveConsole(dict(self.namespace))
            shell.interact(banner="service shell", exitmsg="")
        except SystemExit:
            pass
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved


def serve(port=7070):
    with socketserver.ThreadingTCPServer(("127.0.0.1", port), ShellHandler) as server:
        server.serve_forever()


class _FlushingFile:
    def __init__(self, f):
        self._f = f

    def write(self, text):
        self._f.write(text)
        self._f.flush()  # expect: NAG401

    def flush(self):
        pass

    def readline(self, *args):
        return self._f.readline(*args)


class NamespaceConsole(code.InteractiveConsole):
    def reset(self):
        self.locals.clear()


class _Session(threading.Thread):
    """Swaps the console file in as the process's standard streams while it runs."""

    def __init__(self, conn):
        super().__init__(daemon=True)
        self.conn = conn
        self.stream = _FlushingFile(conn.makefile("rw"))

    def run(self):
        sys.stdin = sys.stdout = sys.stderr = self.stream
        try:
            NamespaceConsole({"__name__": "__console__"}).interact(banner="", exitmsg="")
        finally:
            sys.stdin, sys.stdout, sys.stderr = sys.__stdin__, sys.__stdout__, sys.__stderr__
            self.conn.close()


def serve_threads(port=7071):
    listener = socket.create_server(("127.0.0.1", port))
    while True:
        conn, _ = listener.accept()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        _Session(conn).start()
