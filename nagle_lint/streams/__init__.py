"""Stream model: what is a TCP stream here, and how it writes."""
