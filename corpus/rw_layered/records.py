"""Wire records: plain data classes that never touch a socket. One of them is called UUID,
the name framing.py takes from the standard library's uuid module."""


class Record:
    fields = ()

    def __init__(self, **values):
        self.values = values

    def __bytes__(self):
        return b"".join(bytes(self.values.get(name, b"")) for name in self.fields)


class UUID(Record):
    fields = ("time_low", "time_mid", "node")


class CallRecord(Record):
    fields = ("opnum", "object", "stub")
