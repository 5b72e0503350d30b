"""A small HTTP server whose Request and Response objects, each in its own module, read and
write through the connection object the server module builds around each accepted socket."""
