"""Compatibility names re-exported with `from rw_compat.compat import *`: the socket module and
its connect helper under the names client code uses."""
import socket
from socket import create_connection

__all__ = ["socket", "create_connection", "DEFAULT_TIMEOUT"]

DEFAULT_TIMEOUT = 5.0
