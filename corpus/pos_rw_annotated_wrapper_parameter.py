"""An oscilloscope library keeps its SCPI connection in an Instrument object; the measurement
helpers take the instrument as a parameter annotated with its class, and set two values, then
ask `*OPC?`. The second setting waits for the scope's delayed ACK of the first."""
import socket


class Instrument:
    def __init__(self, host, port=5025):
        self.sock = socket.create_connection((host, port))  # expect: NAG201

    def write(self, command):
        self.sock.sendall(command.encode() + b"\n")

    def query(self, command):
        self.write(command)
        return self.sock.recv(4096).decode().strip()


def set_timebase(inst: Instrument, scale, position):
    inst.write(f":TIM:SCAL {scale}")
    inst.write(f":TIM:POS {position}")  # expect: NAG101
    return inst.query("*OPC?")
