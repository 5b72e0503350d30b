"""Printer front ends: what to print and how to ask for the status, written through the
`_raw()` and `_read()` a connection subclass provides."""
import time

PAPER_STATUS = b"\x10\x04\x04"


class SlowStatusPrinter:
    """Asks for the paper sensor, gives the printer a second to answer, then reads."""

    def text(self, line):
        self._raw(line.encode("cp437") + b"\n")

    def paper_present(self):
        self._raw(PAPER_STATUS)
        time.sleep(1)
        return not self._read()[0] & 0x60


class QuickStatusPrinter:
    """Asks for the paper sensor and waits for the answer at once."""

    def text(self, line):
        self._raw(line.encode("cp437") + b"\n")

    def paper_present(self):
        self._raw(PAPER_STATUS)
        return not self._read()[0] & 0x60
