"""A server class that hands each accepted socket to a handler it is given, and the
application module that gives it one."""
