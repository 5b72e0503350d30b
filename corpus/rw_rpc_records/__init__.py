"""ONC-RPC-style record marking, used as `rw_rpc_records.rpcframing.send_record(...)` by the
pos_rw_package_submodule_helpers / neg_rw_package_submodule_helpers clients."""
import rw_rpc_records.rpcframing  # noqa: F401 - the package hands its submodule out by name
