"""Start the servers, each with the listener it is built around."""
from .listeners import Listener, LocalListener
from .lobby import Lobby
from .rounds import RoundServer


def serve(host, port, path):
    RoundServer(Listener(host, port)).accept_players(4)
    Lobby(LocalListener(path)).accept_players(4)
