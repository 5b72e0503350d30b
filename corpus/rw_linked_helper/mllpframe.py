"""MLLP framing: `send_mllp()` writes the start block, the message and the end block with a
`sendall()` each on the socket it is handed, then reads the acknowledgement. The connection is
the caller's: its stall is reported where the caller hands it over."""
START, END, CR = b"\x0b", b"\x1c", b"\r"


def send_mllp(sock, message):
    sock.sendall(START)
    sock.sendall(message)
    sock.sendall(END + CR)
    reply = bytearray()
    while END not in reply:
        chunk = sock.recv(1024)
        if not chunk:
            break
        reply.extend(chunk)
    return bytes(reply)
