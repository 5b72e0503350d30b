"""A mail catcher that keeps its own copy of `smtpd` (the standard library dropped it in 3.12)."""
