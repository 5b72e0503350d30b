"""Operator console on a Unix control socket: the running daemon answers Python commands with
the standard interactive console. Each console write is flushed at once (value, newline, next
prompt) and the console then reads the next line, but a Unix socket has no Nagle: nothing waits."""
import code
import socket
import sys


class _FlushingFile:
    """Console writes reach the operator at once: each one is flushed."""

    def __init__(self, f):
        self._f = f

    def write(self, text):
        self._f.write(text)
        self._f.flush()

    def flush(self):
        pass

    def readline(self, *args):
        return self._f.readline(*args)

    def isatty(self):
        return True


class ControlSocket:
    def __init__(self, path, namespace):
        self.namespace = namespace
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(path)
        self._listener.listen(1)

    def serve_forever(self):
        while True:
            conn, _ = self._listener.accept()
            self._session(conn)

    def _session(self, conn):
        console_file = _FlushingFile(conn.makefile("rw"))
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin = sys.stdout = sys.stderr = console_file
        try:
            code.interact(banner="daemon console", local=dict(self.namespace), exitmsg="")
        except SystemExit:
            pass
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
            conn.close()
