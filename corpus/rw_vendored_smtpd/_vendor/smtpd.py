"""Stands for the package's copy of the standard library's `smtpd` (the real copy is the whole
module: an asyncore dispatcher whose SMTPChannel answers each command with push() calls)."""
import asyncore


class SMTPServer(asyncore.dispatcher):
    def __init__(self, localaddr, remoteaddr):
        asyncore.dispatcher.__init__(self)
        self._localaddr, self._remoteaddr = localaddr, remoteaddr

    def process_message(self, peer, mailfrom, rcpttos, data, **kwargs):
        raise NotImplementedError
