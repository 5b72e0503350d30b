"""Settings shared by the neg_rw_nodelay_indirect clients."""
