"""The lobby: the same frame loop as the round server, on a Unix listener (serve.py): no Nagle."""
import threading

HEADER = 10


class Lobby:
    def __init__(self, listener):
        self.listener = listener
        self.players = []

    def accept_players(self, count):
        while len(self.players) < count:
            player, address = self.listener.server_socket.accept()
            self.players.append(player)
            threading.Thread(target=self.chat, args=(player,), daemon=True).start()

    def chat(self, player):
        while True:
            line = player.recv(1024)
            if not line:
                break
            player.send(str(len(line)).ljust(HEADER).encode())
            player.send(line)
