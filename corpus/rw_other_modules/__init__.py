"""Connection helpers shared by the pos_rw_other_modules / neg_rw_other_modules clients."""
