"""JSON messages, one per send, as the course messengers frame them."""
import json
import socket


def send_message(sock, message):
    sock.send(json.dumps(message).encode("utf-8"))


def get_message(sock):
    return json.loads(sock.recv(4096).decode("utf-8"))


def no_delay(sock):
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
