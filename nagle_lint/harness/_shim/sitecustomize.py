"""nagle-lint probe shim: `confirm` prepends this directory to PYTHONPATH.

It installs the probe (loaded by file path, standard library only) when NAGLE_LINT_PROBE_DIR is
set, then runs the sitecustomize this one shadows, if there is one. It never raises: a broken
probe must not break the user's program.
"""
import os
import sys


def _nagle_lint_boot():
    home = os.environ.get("NAGLE_LINT_PROBE_HOME")
    if home and os.environ.get("NAGLE_LINT_PROBE_DIR"):
        try:
            import importlib.util

            for name, fname in (("_nagle_lint_tcpinfo", "tcpinfo.py"), ("_nagle_lint_probe", "probe.py")):
                if name in sys.modules:
                    continue
                spec = importlib.util.spec_from_file_location(name, os.path.join(home, fname))
                mod = importlib.util.module_from_spec(spec)
                sys.modules[name] = mod
                spec.loader.exec_module(mod)
            sys.modules["_nagle_lint_probe"].install_from_env()
        except Exception as exc:  # report once, keep the program running
            sys.stderr.write(f"nagle-lint probe: not installed: {exc!r}\n")
    # chain to the sitecustomize we shadow
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        import importlib.machinery
        import importlib.util

        path = [p for p in sys.path if os.path.abspath(p or ".") != here]
        spec = importlib.machinery.PathFinder.find_spec("sitecustomize", path)
        if spec is not None and spec.origin and os.path.dirname(os.path.abspath(spec.origin)) != here:
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
    except Exception as exc:
        sys.stderr.write(f"nagle-lint probe: shadowed sitecustomize failed: {exc!r}\n")


_nagle_lint_boot()
del _nagle_lint_boot
