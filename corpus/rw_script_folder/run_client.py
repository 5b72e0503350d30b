"""Runs the client from this folder: `python run_client.py NAME`."""
import sys

from client.transport import ClientTransport

if __name__ == "__main__":
    transport = ClientTransport("127.0.0.1", 7777, sys.argv[1] if len(sys.argv) > 1 else "guest")
    print(transport.contacts(), transport.users())
