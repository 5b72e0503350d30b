"""A status poller that hands a helper the connections it has just opened, one per host
(`self.poll_each(conns)`): each carries one request and one reply, then is closed, so nothing
is in flight for Nagle to wait on."""
import socket


class StatusPoller:
    def __init__(self, hosts, port=7000):
        self.hosts = hosts
        self.port = port

    def poll(self):
        conns = [socket.create_connection((host, self.port), timeout=2) for host in self.hosts]
        return self.poll_each(conns)

    def poll_each(self, conns):
        states = []
        for conn in conns:
            conn.sendall(b"STATUS\n")
            states.append(conn.recv(256))
            conn.close()
        return states


if __name__ == "__main__":
    print(StatusPoller(["127.0.0.1"]).poll())
