"""A message codec package whose public names live in a facade module."""
