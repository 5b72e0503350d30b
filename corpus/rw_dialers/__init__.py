"""Socket factories that pick a transport and call that transport's own factory."""
