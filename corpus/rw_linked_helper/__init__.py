"""An HL7-style bridge: framing helpers in one module, the pooled connections that use them in
others."""
