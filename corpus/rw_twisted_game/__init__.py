"""A game client on Twisted whose packet code is a base class in another module (quarry's shape)."""
