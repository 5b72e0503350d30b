"""Copies of modules the standard library no longer ships."""
