"""Parent/worker protocol over socket.socketpair(): the parent writes a length
header and a job in two sendall() calls and waits for the result, but on POSIX
socketpair() is AF_UNIX, where Nagle does not apply."""
import os
import socket
import struct


def worker(sock):
    with sock:
        while True:
            head = sock.recv(4)
            if len(head) < 4:
                return
            job = sock.recv(struct.unpack("!I", head)[0])
            sock.sendall(b"done:" + job)


def run_jobs(jobs):
    parent, child = socket.socketpair()
    pid = os.fork()
    if pid == 0:
        parent.close()
        worker(child)
        os._exit(0)
    child.close()
    results = []
    with parent:
        for job in jobs:
            parent.sendall(struct.pack("!I", len(job)))
            parent.sendall(job)
            results.append(parent.recv(1024))
    os.waitpid(pid, 0)
    return results
