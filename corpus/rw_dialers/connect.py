"""The package's public entry points: each hands the work to a backend module's factory under a
name of its own (the shape of a library whose connect module only dispatches)."""
from . import quick_socket as quick
from .display_socket import get_socket as _dial


def open_display(host, number=0):
    return _dial(host, number)


def open_quick_display(host, number=0):
    return quick.get_socket(host, number)
