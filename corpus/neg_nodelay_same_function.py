"""Client that sets TCP_NODELAY (spelled SOL_TCP, True) right after creating the
connection, in the same function, and then does one sendall() per request before
each recv(): no held write and no missing NODELAY."""
import socket
import struct


def fetch_prices(port, symbols):
    s = socket.create_connection(("127.0.0.1", port), timeout=3)
    s.setsockopt(socket.SOL_TCP, socket.TCP_NODELAY, True)
    prices = {}
    try:
        for sym in symbols:
            s.sendall(struct.pack("!B", len(sym)) + sym)
            data = s.recv(8)
            if len(data) == 8:
                prices[sym] = struct.unpack("!d", data)[0]
    except OSError:
        return prices
    finally:
        s.close()
    return prices
