"""Package for the wire-API shape: pos_rw_wire_api.Frame is sent by a session of this package."""
