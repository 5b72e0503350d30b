"""The same catcher setting TCP_NODELAY on each accepted connection before the vendored base
makes its channel."""
import socket

from rw_vendored_smtpd._vendor import smtpd


class QuickCatchingServer(smtpd.SMTPServer):
    def __init__(self, localaddr, store):
        super().__init__(localaddr, None)
        self.store = store

    def handle_accepted(self, conn, addr):
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().handle_accepted(conn, addr)

    def process_message(self, peer, mailfrom, rcpttos, data, **kwargs):
        self.store.append((mailfrom, rcpttos, data))
