"""Fixes as text edits, computed with libcst and shared by the rules."""
