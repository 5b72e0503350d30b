"""The program as a whole: its own modules and what their imports bind."""
