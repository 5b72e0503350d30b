"""One analysis per module, shared by every rule: index, stream resolution, flow walk."""
from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from nagle_lint.flow.paths import FlowResult, Walker
from nagle_lint.flow.summaries import FunctionInfo, ModuleIndex
from nagle_lint.streams.infer import Resolver
from nagle_lint.streams.names import ImportMap


@dataclass
class ModuleFacts:
    module: cst.Module
    index: ModuleIndex
    imports: ImportMap
    resolver: Resolver
    flow: FlowResult


def analyse(module: cst.Module, user_streams: dict[str, str]) -> ModuleFacts:
    index = ModuleIndex(module)
    imports = ImportMap(module)
    resolver = Resolver(index, imports, user_streams)
    module_root = FunctionInfo(node=module, name="<module>", cls=None, parent=None, params=[])  # type: ignore[arg-type]
    flow = Walker(index, imports, resolver).run(module_root)
    return ModuleFacts(module, index, imports, resolver, flow)
