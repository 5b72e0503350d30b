"""Defaults, changed by users at run time (settings.NODELAY = True)."""


class Settings:
    def __init__(self):
        self.NODELAY = False
        self.FAST_PATH = True
        self.TIMEOUT = 5.0


settings = Settings()
