"""A round server: each player sends a move every frame and gets the board back, a size header
then the board. Its listener is a TCP one (serve.py)."""
import threading

HEADER = 10


class RoundServer:
    def __init__(self, listener):
        self.listener = listener
        self.players = []

    def accept_players(self, count):
        while len(self.players) < count:
            player, address = self.listener.server_socket.accept()  # expect: NAG202
            self.players.append(player)
            threading.Thread(target=self.play, args=(player,), daemon=True).start()

    def play(self, player):
        while True:
            move = player.recv(1024)
            if not move:
                break
            board = move[::-1]
            player.send(str(len(board)).ljust(HEADER).encode())
            player.send(board)  # expect: NAG102
