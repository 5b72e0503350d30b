"""A small database's binary socket server whose connection code sits in `coms/`, a folder
without `__init__.py` inside the package (a namespace portion Python 3 imports all the same)."""
