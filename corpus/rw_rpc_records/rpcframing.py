"""Record marking: each record is one fragment, its length word and data in one sendall()."""
import struct

LAST_FRAGMENT = 0x80000000


def send_fragment(sock, last, fragment):
    header = struct.pack(">I", len(fragment) | (LAST_FRAGMENT if last else 0))
    sock.sendall(header + fragment)


def send_record(sock, record):
    send_fragment(sock, True, record)


def receive_record(sock):
    record = b""
    while True:
        header = sock.recv(4)
        word = struct.unpack(">I", header)[0]
        record += sock.recv(word & ~LAST_FRAGMENT)
        if word & LAST_FRAGMENT:
            return record
