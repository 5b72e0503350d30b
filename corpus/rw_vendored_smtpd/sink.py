"""The catcher's SMTP server: a subclass of the vendored SMTPServer that keeps each message.
Test clients keep their SMTP session open, and the stock channel answers EHLO with one push()
per line on a connection with Nagle on."""
from rw_vendored_smtpd._vendor import smtpd


class CatchingServer(smtpd.SMTPServer):  # expect: NAG202
    def __init__(self, localaddr, store):
        super().__init__(localaddr, None)
        self.store = store

    def process_message(self, peer, mailfrom, rcpttos, data, **kwargs):
        self.store.append((mailfrom, rcpttos, data))
