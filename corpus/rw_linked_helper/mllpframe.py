"""MLLP framing: `send_mllp()` writes the start block, the message and the end block with a
`sendall()` each on the socket it is handed, then reads the acknowledgement; a listener's
handler reads messages with `read_messages(read_bytes(rfile))` and answers with `write_mllp()`,
three writes. The connections are the callers': their stalls are reported where the callers
hand them over."""
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


def read_bytes(rfile):
    """The bytes of a stream, one at a time, until the peer closes it."""
    while True:
        byte = rfile.read(1)
        if not byte:
            return
        yield byte


def read_messages(stream):
    """The messages between a start block and an end block."""
    message = bytearray()
    for byte in stream:
        if byte == START:
            message = bytearray()
        elif byte == END:
            yield bytes(message)
        else:
            message.extend(byte)


def write_mllp(wfile, message):
    wfile.write(START)
    wfile.write(message)
    wfile.write(END + CR)
