"""Clients whose replies a receiver thread reads and hands over through threading.Event."""
