"""Receipt printers whose base classes, in a module that names no socket, drive the socket the
subclasses open."""
