"""An index of one module: its functions, classes, and what each name is assigned.

Bindings are flow-insensitive on purpose: a name assigned a TCP socket anywhere in a function is
that socket everywhere in it. Real code almost never rebinds a connection name to another kind of
object, and when it does the resolver sees two different sources and gives up (no report).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import ast

from nagle_lint.flow.events import fast_children
from nagle_lint.streams.names import dotted, uncast
from nagle_lint.syntax import (DEFINITIONS, FOR_LOOPS, FUNCTIONS, MATCH, TRIES, WITHS, branches, node_ids, params_of,
                               position_key)

CONTAINER_PUTS = frozenset({"append", "appendleft", "put", "put_nowait", "add", "insert", "push"})
KEYS = "[keys]"  # after a container's name: the keys it was given (`conns[sock] = addr`)
CONTAINER_GETS = frozenset({"pop", "popleft", "get", "get_nowait", "popitem"})


EACH = -1  # Binding.index of a `for` target: some element of the iterated value


def column_index(column: int) -> int:
    """Binding.index of the column-th name of a tuple `for` target (`for af, st, *_ in rows`)."""
    return -2 - column


def index_column(index: int | None) -> int | None:
    return -2 - index if index is not None and index <= -2 else None


@dataclass(eq=False)
class Binding:
    """`target = value`, or element `index` of value when the target was a tuple, or an element
    of the iterated value (index EACH) for a `for` target."""

    value: ast.expr = field(repr=False)
    index: int | None
    func: "FunctionInfo | None"  # where the assignment runs (None: module level)


@dataclass(eq=False)
class FunctionInfo:
    node: ast.FunctionDef = field(repr=False)
    name: str = ""
    cls: "ClassInfo | None" = field(default=None, repr=False)
    parent: "FunctionInfo | None" = field(default=None, repr=False)
    params: list[str] = field(default_factory=list)
    bindings: dict[str, list[Binding]] = field(default_factory=dict, repr=False)
    nested: dict[str, "FunctionInfo"] = field(default_factory=dict, repr=False)
    is_async: bool = False
    declared_global: frozenset = frozenset()  # names its `global` statements give the module's meaning
    keyword_only: frozenset = frozenset()  # (after `*` or `*args`: no positional argument lands there)

    @property
    def is_method(self) -> bool:
        return self.cls is not None and self.parent is None

    def qualname(self) -> str:
        prefix = self.cls.name + "." if self.cls is not None else ""
        return prefix + self.name


@dataclass(eq=False)
class ClassInfo:
    node: ast.ClassDef = field(repr=False)
    name: str = ""
    bases: list[ast.expr] = field(default_factory=list, repr=False)
    methods: dict[str, FunctionInfo] = field(default_factory=dict, repr=False)
    attrs: dict[str, ast.expr] = field(default_factory=dict, repr=False)  # class-body NAME = value
    self_bindings: dict[str, list[Binding]] = field(default_factory=dict, repr=False)  # "self.x" -> values
    containers: dict[str, list[Binding]] = field(default_factory=dict, repr=False)  # "self.pool" -> elements
    members: dict[str, "ClassInfo"] = field(default_factory=dict, repr=False)  # classes defined in its body


class ModuleIndex:
    def __init__(self, module: ast.Module, own_count: int | None = None, linked_trees: tuple = ()) -> None:
        """own_count: the statements of module.body past it come from linked modules, whose
        trees linked_trees holds, in that order."""
        self.module = module
        self.linked_trees = linked_trees
        self.foreign: set[int] = set()  # ids of FunctionInfo and ClassInfo from linked modules
        self._in_foreign = False
        self.functions: list[FunctionInfo] = []
        self.module_functions: dict[str, FunctionInfo] = {}
        self.classes: dict[str, ClassInfo] = {}
        self.module_bindings: dict[str, list[Binding]] = {}
        self.entered: set[int] = set()  # ids of the context expressions `with X as name` binds a name by
        self.module_containers: dict[str, list[Binding]] = {}
        self.consts: dict[str, ast.expr] = {}
        # attr -> [(owner name, value, function)] for `owner.attr = value` outside `self`
        self.attribute_sets: dict[str, list] = {}
        # `pkg.sockutil.connect` -> its FunctionInfo, for the linked modules' top-level functions
        # and classes reached as module attributes (`sockutil.connect(addr)`)
        self.qualified: dict[str, object] = {}
        # every name a class of the index defines as a method or class attribute: a method call
        # on an instance of ours can only be one of these (asked for every call of every walk)
        self.member_names: set[str] = set()
        # the names and `self.x` keys some binding gives an attribute (`send = sock.sendall`):
        # only they may hold a bound method
        self.attribute_valued: set[str] = set()
        self._members: list[ClassInfo] = []  # classes defined in a class body
        own = module.body if own_count is None else module.body[:own_count]
        self._scan_block(own, cls=None, func=None)
        if own_count is not None:
            self._in_foreign = True
            self._scan_block(module.body[own_count:], cls=None, func=None)
            self._in_foreign = False
        for info in self._members:  # `self._Connection(host, port)`: by name, where no module class has it
            self.classes.setdefault(info.name, info)
        self._bind_function_attributes()

    def _bind_function_attributes(self) -> None:
        """`_write = write` in a class body, `write(self, data)` a module function: a method of
        the class (its `self` is the instance), as Python binds it."""
        for info in {id(c): c for c in self.classes.values()}.values():
            for name, value in info.attrs.items():
                func = self.module_functions.get(value.id) if type(value) is ast.Name else None
                if func is None or name in info.methods or not func.params:
                    continue
                self._in_foreign = id(func) in self.foreign
                method = self._add_function(func.node, info, None)
                self._in_foreign = False
                info.methods[name] = method
                self.member_names.add(name)

    def is_foreign(self, info) -> bool:
        return id(info) in self.foreign

    def file_of(self, node) -> int:
        """0 for a node of the checked file, 1 + i for one of the i-th linked module, -1 for one
        the analysis made (no position)."""
        if getattr(node, "lineno", None) is None:
            return -1
        key = id(node)
        for number, tree in enumerate(self.linked_trees, 1):
            if key in node_ids(tree):
                return number
        return 0

    def source_order(self, node) -> int:
        """A sort key in source order, the checked file first (-1: no position)."""
        file = self.file_of(node)
        return -1 if file < 0 else position_key(node, file)

    # -- building -----------------------------------------------------------------------------
    def _scan_block(self, body, cls: ClassInfo | None, func: FunctionInfo | None) -> None:
        for stmt in iter_statements(body):
            if isinstance(stmt, FUNCTIONS):
                self._add_function(stmt, cls if func is None else None, func)
            elif type(stmt) is ast.ClassDef:
                if func is None and cls is None:
                    self._add_class(stmt)
                else:  # nested classes: analysed as plain functions' owners, rarely sockets
                    self._add_class(stmt, register=False)
            else:
                self._scan_simple(stmt, cls, func)

    def _add_class(self, node: ast.ClassDef, register: bool = True) -> ClassInfo:
        info = ClassInfo(node=node, name=node.name, bases=list(node.bases))
        if self._in_foreign:
            self.foreign.add(id(info))
        if register:
            self.classes.setdefault(info.name, info)
        for stmt in iter_statements(node.body):
            if isinstance(stmt, FUNCTIONS):
                method = self._add_function(stmt, info, None)
                info.methods[method.name] = method
            elif type(stmt) is ast.ClassDef:  # a class in the class body: its methods are walked too
                member = info.members[stmt.name] = self._add_class(stmt, register=False)
                self._members.append(member)
            elif type(stmt) is ast.Assign and len(stmt.targets) == 1:
                if type(stmt.targets[0]) is ast.Name:
                    info.attrs[stmt.targets[0].id] = stmt.value
                    if type(stmt.value) is ast.Attribute:
                        self.attribute_valued.add(f"self.{stmt.targets[0].id}")
            elif type(stmt) is ast.AnnAssign and stmt.value is not None:
                if type(stmt.target) is ast.Name:
                    info.attrs[stmt.target.id] = stmt.value
                    if type(stmt.value) is ast.Attribute:
                        self.attribute_valued.add(f"self.{stmt.target.id}")
        self.member_names.update(info.methods, info.attrs)
        # (fields of a base come first in the written __init__: only a class with no base is made)
        if "__init__" not in info.methods and not node.bases and _generates_init(node):
            info.methods["__init__"] = self._add_function(_fields_init(node), info, None)
            self.member_names.add("__init__")
        return info

    def _add_function(self, node, cls: ClassInfo | None, parent: FunctionInfo | None) -> FunctionInfo:
        params = [name for name, _ in params_of(node)]
        info = FunctionInfo(node=node, name=node.name, cls=cls, parent=parent, params=params,
                            keyword_only=frozenset(a.arg for a in node.args.kwonlyargs),
                            is_async=type(node) is ast.AsyncFunctionDef,
                            declared_global=frozenset(name for stmt in iter_statements(node.body)
                                                      if type(stmt) is ast.Global for name in stmt.names))
        self.functions.append(info)
        if self._in_foreign:
            self.foreign.add(id(info))
        if parent is not None:
            parent.nested[info.name] = info
        elif cls is None:
            self.module_functions.setdefault(info.name, info)
        self._scan_block(node.body, cls, info)
        return info

    def _bind(self, target: ast.expr, value: ast.expr, index: int | None,
              cls: ClassInfo | None, func: FunctionInfo | None) -> None:
        if type(target) in (ast.Tuple, ast.List) and index is None:
            if type(value) in (ast.Tuple, ast.List) and len(value.elts) == len(target.elts) \
                    and not any(type(e) is ast.Starred for e in (*target.elts, *value.elts)):
                # `self.reader, self.writer = reader, writer`: each name its own value
                for element, item in zip(target.elts, value.elts):
                    self._bind(element, item, None, cls, func)
                return
            for i, element in enumerate(target.elts):
                if type(element) is not ast.Starred:
                    self._bind(element, value, i, cls, func)
            return
        key = dotted(target) if type(target) is not ast.Subscript else _instance_entry(target)
        value = uncast(value)
        if index is None and key is not None and dotted(value) == key:
            return  # `self.sock = cast(socket.socket, self.sock)`: the name keeps what it holds
        if key is None:
            if type(target) is ast.Subscript:  # self.pool[k] = sock: an element of a container
                owner = dotted(target.value)
                if owner is not None:
                    self._container(owner, value, cls, func)
                    if type(target.slice) in (ast.Name, ast.Attribute):  # (and k a key: `self.conns[c] = addr`)
                        self._container(owner + KEYS, target.slice, cls, func)
            return
        if index is None and type(value) in (ast.ListComp, ast.SetComp, ast.DictComp) and not value.generators[0].is_async:
            # `self.conns = {n: connect(a) for n, a in shards.items()}`: a container of those
            self._container(key, value.value if type(value) is ast.DictComp else value.elt, cls, func)
        binding = Binding(value, index, func)
        if type(value) is ast.Attribute or type(value) is ast.IfExp and type(value.body) is ast.Attribute:
            self.attribute_valued.add(key)  # (`send = sock.write if tls else sock.sendall` too)
        if func is None:
            self.module_bindings.setdefault(key, []).append(binding)
            if index is None and "." not in key:
                self.consts[key] = value
        elif key.startswith("self.") and cls is not None:
            cls.self_bindings.setdefault(key, []).append(binding)
            if index is None and type(value) is ast.Name and func is not None:
                # `self.clients = clients` after `clients.append(sock)`: the list's elements
                for element in self.module_containers.get(value.id, ()):
                    if element.func is func:
                        cls.containers.setdefault(key, []).append(element)
            if key.count(".") == 2 and index is None:  # `self.protocol.stream = stream`: given from outside
                owner, _, attr = key.rpartition(".")
                self.attribute_sets.setdefault(attr, []).append((owner, value, func))
        elif "." not in key:
            func.bindings.setdefault(key, []).append(binding)
            if key in func.declared_global:  # `global conn` ... `conn = socket.socket()`: the module's name
                self.module_bindings.setdefault(key, []).append(binding)
        elif key.count(".") == 1 and index is None:  # `handler.protocol_version = "HTTP/1.1"`
            owner, _, attr = key.partition(".")
            self.attribute_sets.setdefault(attr, []).append((owner, value, func))

    def _container(self, owner: str, value: ast.expr, cls: ClassInfo | None,
                   func: FunctionInfo | None) -> None:
        binding = Binding(value, None, func)
        if owner.startswith("self.") and cls is not None:
            cls.containers.setdefault(owner, []).append(binding)
        elif "." not in owner:
            self.module_containers.setdefault(owner, []).append(binding)

    def _scan_simple(self, stmt: ast.stmt, cls: ClassInfo | None, func: FunctionInfo | None) -> None:
        kind = type(stmt)
        if kind is ast.Assign:
            for target in stmt.targets:
                self._bind(target, stmt.value, None, cls, func)
        elif kind is ast.AnnAssign and stmt.value is not None:
            self._bind(stmt.target, stmt.value, None, cls, func)
        elif kind is ast.Expr and type(stmt.value) is ast.Call:
            call = stmt.value
            args = [*call.args, *(k.value for k in call.keywords)]
            if type(call.func) is ast.Attribute and call.func.attr in CONTAINER_PUTS and args:
                owner = dotted(call.func.value)
                if owner is not None:
                    self._container(owner, args[-1], cls, func)
            elif type(call.func) is ast.Attribute and call.func.attr == "register" and call.args:
                # `sel.register(conn, EVENT_READ)`: the selector holds the socket; its select()
                # hands it back as `key.fileobj`
                owner = dotted(call.func.value)
                if owner is not None:
                    self._container(owner, call.args[0], cls, func)
        elif kind in WITHS:
            for item in stmt.items:
                if item.optional_vars is not None and func is not None:
                    self.entered.add(id(item.context_expr))
                    self._bind(item.optional_vars, item.context_expr, None, cls, func)
        elif kind in FOR_LOOPS and func is not None:
            self._bind_each(stmt.target, stmt.iter, cls, func)

    def _bind_each(self, target, iterable, cls, func) -> None:
        if type(iterable) is ast.Attribute:
            self.attribute_valued.update(e.id for e in getattr(target, "elts", [target]) if type(e) is ast.Name)
        if type(target) in (ast.Tuple, ast.List):
            for column, element in enumerate(target.elts):
                if type(element) is ast.Name:
                    func.bindings.setdefault(element.id, []).append(
                        Binding(iterable, column_index(column), func))
        elif type(target) is ast.Name:
            func.bindings.setdefault(target.id, []).append(Binding(iterable, EACH, func))

    # -- queries ------------------------------------------------------------------------------
    def class_chain(self, cls: ClassInfo) -> list[ClassInfo]:
        """The class and its base classes defined in this module, nearest first."""
        cache = self.__dict__.setdefault("_chains", {})
        found = cache.get(id(cls))
        if found is None:
            found = cache[id(cls)] = self._class_chain(cls)
        return found

    def _class_chain(self, cls: ClassInfo) -> list[ClassInfo]:
        chain, seen, todo = [], set(), [cls]
        while todo:
            current = todo.pop(0)
            if id(current) in seen:
                continue
            seen.add(id(current))
            chain.append(current)
            for base in current.bases:
                name = dotted(base)
                if name in self.classes:
                    todo.append(self.classes[name])
        return chain

    def subclasses(self, cls: ClassInfo | None) -> list[ClassInfo]:
        """Classes here (or in linked modules) that inherit from cls, in index order."""
        if cls is None:
            return []
        cache = self.__dict__.setdefault("_subclasses", None)
        if cache is None:
            cache = self.__dict__["_subclasses"] = {}
            unique = {id(c): c for c in self.classes.values()}.values()  # (a linked class may have two names)
            for c in unique:
                for base in self.class_chain(c)[1:]:
                    cache.setdefault(id(base), []).append(c)
        return cache.get(id(cls), [])

    def runs_for(self, cls: ClassInfo, func: FunctionInfo) -> bool:
        """Does a method of a base class run for instances of cls: not overridden, or the
        override calls super().<name>() (or <Base>.<name>(self, ...))?"""
        if not func.is_method:
            return True
        cache = self.__dict__.setdefault("_ran_for", {})
        key = (id(cls), id(func))
        if key not in cache:
            cache[key] = self._runs_for(cls, func)
        return cache[key]

    def _runs_for(self, cls: ClassInfo, func: FunctionInfo) -> bool:
        found = self.method(cls, func.name)
        if found is func or found is None:
            return True
        # (`Base.__init__(self, sock)`, through a class between them or a module's name too:
        # `Framed.__init__(self, ...)`, `base.Client.__init__(self, ...)`)
        above = {k.name for k in self.class_chain(found.cls)[1:]} if found.cls is not None else set()
        return any(type(c.func) is ast.Attribute and c.func.attr == func.name
                   and (type(c.func.value) is ast.Call and dotted(c.func.value.func) == "super"
                        or (dotted(c.func.value) or "").rpartition(".")[2] in above | {func.cls.name})
                   for c in _calls(found.node))

    def method(self, cls: ClassInfo, name: str) -> FunctionInfo | None:
        for klass in self.class_chain(cls):
            if name in klass.methods:
                return klass.methods[name]
            alias = klass.attrs.get(name)  # `send = send_plain` in the class body
            if type(alias) is ast.Name and alias.id in klass.methods:
                return klass.methods[alias.id]
        return None

    def set_from_outside(self, cls: ClassInfo, name: str) -> list[ast.expr]:
        """Values the module assigns to cls.name from outside the class body, through the class
        name or a local bound to it (`handler = Handler` ... `handler.protocol_version = ...`)."""
        out = []
        for owner, value, func in self.attribute_sets.get(name, ()):
            holds = owner == cls.name or func is not None and any(
                type(b.value) is ast.Name and b.value.id == cls.name for b in func.bindings.get(owner, ()))
            if holds:
                out.append(value)
        return out

    def class_attr(self, cls: ClassInfo, name: str) -> ast.expr | None:
        for klass in self.class_chain(cls):
            if name in klass.attrs:
                return klass.attrs[name]
        return None

    def self_bindings(self, cls: ClassInfo, key: str) -> list[Binding]:
        """The assignments of `self.<attr>` in cls and its bases, but for those in a base's
        method that never runs for cls (its override calls no super(): stomp's
        `MulticastConnection.__init__` sets its own transport, not the base's handed one)."""
        found: list[Binding] = []
        for klass in self.class_chain(cls):
            found.extend(b for b in klass.self_bindings.get(key, ())
                         if klass is cls or b.func is None or b.func.cls is not klass or self.runs_for(cls, b.func))
        return found

    def wrapper_of(self, func: FunctionInfo) -> tuple[FunctionInfo, str] | None:
        """A method's decorator of ours that returns a wrapper of its own running the method on
        `self` (`def managed(f): def wrapper(self, *a): self._connect(); out = f(self, *a); ...`):
        the wrapper, and the name the method has in it. What the wrapper does before and after
        is part of every call of the method."""
        if not func.is_method:
            return None
        for decorator in func.node.decorator_list:
            if type(decorator) is not ast.Name:
                continue
            maker = func.cls.methods.get(decorator.id) or self.module_functions.get(decorator.id)
            if maker is None or len(maker.params) != 1 or maker.node.args.vararg or maker.node.args.kwarg:
                continue
            returned = [s.value.id for s in maker.node.body if type(s) is ast.Return and type(s.value) is ast.Name]
            wrapper = maker.nested.get(returned[0]) if len(returned) == 1 else None
            if wrapper is not None and wrapper.params[:1] == ["self"] and any(
                    type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == maker.params[0]
                    and node.args and type(node.args[0]) is ast.Name and node.args[0].id == "self"
                    for node in ast.walk(wrapper.node)):
                return wrapper, maker.params[0]
        return None

    def containers(self, cls: ClassInfo | None, key: str) -> list[Binding]:
        if key.startswith("self.") and cls is not None:
            found: list[Binding] = []
            for klass in self.class_chain(cls):
                found.extend(klass.containers.get(key, ()))
            return found
        return self.module_containers.get(key, [])


# class decorators that write an __init__ taking the annotated fields in order
_FIELD_CLASSES = frozenset({"dataclass", "dataclasses.dataclass", "attr.define", "attr.frozen", "attr.mutable",
                            "attrs.define", "attrs.frozen", "attrs.mutable", "define", "frozen", "mutable"})


def _generates_init(node: ast.ClassDef) -> bool:
    for decorator in node.decorator_list:
        call = decorator if type(decorator) is ast.Call else None
        name = dotted(call.func if call is not None else decorator)
        if name in _FIELD_CLASSES:
            return call is None or not any(k.arg == "init" and type(k.value) is ast.Constant and k.value.value is False
                                           for k in call.keywords)
    return False


def _fields_init(node: ast.ClassDef) -> ast.FunctionDef:
    """The __init__ a @dataclass (or attrs class) is given: each annotated field a parameter
    stored as `self.<field>` (not a ClassVar, nor a `field(init=False)`), or what the field's
    `default_factory` lambda makes (a socket: the instance's own, as a rule). Made by the
    analysis: its body's nodes have no position (but a factory's call keeps its own)."""
    names, made = [], {}
    for stmt in node.body:
        if type(stmt) is not ast.AnnAssign or type(stmt.target) is not ast.Name:
            continue
        if "ClassVar" in (dotted(stmt.annotation.value if type(stmt.annotation) is ast.Subscript
                                 else stmt.annotation) or ""):
            continue
        value = stmt.value
        if type(value) is ast.Call and any(k.arg == "init" and type(k.value) is ast.Constant and k.value.value is False
                                           for k in value.keywords):
            continue
        names.append(stmt.target.id)
        factory = next((k.value for k in value.keywords if k.arg == "default_factory"), None) \
            if type(value) is ast.Call else None
        if type(factory) is ast.Lambda:  # `field(default_factory=lambda: socket.socket(...))`: what it makes
            made[stmt.target.id] = factory.body
    body = [ast.Assign(targets=[ast.Attribute(value=ast.Name(id="self", ctx=ast.Load()), attr=name, ctx=ast.Store())],
                       value=made.get(name) or ast.Name(id=name, ctx=ast.Load())) for name in names] or [ast.Pass()]
    arguments = ast.arguments(posonlyargs=[], args=[ast.arg(arg=name) for name in ["self", *names]], vararg=None,
                              kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
    init = ast.FunctionDef(name="__init__", args=arguments, body=body, decorator_list=[], returns=None,
                           type_comment=None)
    # (at the class's first line: where a finding about the class's construction is shown)
    init.lineno, init.col_offset, init.end_lineno, init.end_col_offset = node.lineno, node.col_offset, node.lineno, 0
    return init


def _instance_entry(target: ast.Subscript) -> str | None:
    """`self.x` for `self.__dict__["x"]` (a store that passes over the class's __setattr__)."""
    owner = target.value
    if type(owner) is ast.Attribute and owner.attr == "__dict__" and type(owner.value) is ast.Name \
            and type(target.slice) is ast.Constant and type(target.slice.value) is str and target.slice.value.isidentifier():
        return f"{owner.value.id}.{target.slice.value}"
    return None


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_NOT_RUN_HERE = (*DEFINITIONS, ast.Lambda)  # (their names are their own)


def comprehension_bindings(func: FunctionInfo) -> dict[str, list[Binding]]:
    """The names the function's comprehensions bind (`[conn.recv(64) for conn in ready]`), each
    an element of what its `for` iterates, as a `for` statement would bind it. Kept apart from
    func.bindings: a comprehension's name exists only inside it."""
    found: dict[str, list[Binding]] = {}
    for node in branches(func.node.body, skip=_NOT_RUN_HERE):
        if type(node) not in _COMPREHENSIONS:
            continue
        for generator in node.generators:
            target = generator.target
            if type(target) is ast.Name:
                found.setdefault(target.id, []).append(Binding(generator.iter, EACH, func))
            elif type(target) in (ast.Tuple, ast.List):
                for column, element in enumerate(target.elts):
                    if type(element) is ast.Name:
                        found.setdefault(element.id, []).append(Binding(generator.iter, column_index(column), func))
    return found


def positional_params(func: FunctionInfo, names: list[str]) -> list[str]:
    """names without func's keyword-only parameters: the ones positional arguments fill, in order
    (`send(code, *args, noreceive=False)` called as `send(2, a, b)` leaves noreceive alone)."""
    return [name for name in names if name not in func.keyword_only] if func.keyword_only else names


def param_position(func: FunctionInfo, names: list[str], name: str) -> int | None:
    """Where the positional argument for a parameter stands among names (None for a keyword-only
    one: only a keyword fills it)."""
    return None if name in func.keyword_only else names.index(name)


def iter_statements(body):
    """Statements of a block, descending into compound statements but not into defs or classes
    (those are yielded themselves)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, DEFINITIONS):
            continue
        for block in child_blocks(stmt):
            yield from iter_statements(block)


def child_blocks(stmt) -> list:
    """The statement lists nested directly in a compound statement."""
    kind = type(stmt)
    if kind is ast.If or kind in FOR_LOOPS or kind is ast.While:
        return [stmt.body, stmt.orelse] if stmt.orelse else [stmt.body]
    if kind in WITHS:
        return [stmt.body]
    if kind in TRIES:
        blocks = [stmt.body, *(h.body for h in stmt.handlers)]
        if stmt.orelse:
            blocks.append(stmt.orelse)
        if stmt.finalbody:
            blocks.append(stmt.finalbody)
        return blocks
    if MATCH is not None and kind is MATCH:
        return [case.body for case in stmt.cases]
    return []


def _calls(node):
    """Every call under node (nested definitions included: rare in an override)."""
    stack, out = [node], []
    while stack:
        current = stack.pop()
        if type(current) is ast.Call:
            out.append(current)
        stack.extend(fast_children(current))
    return out


def reaching_self_values(func: "FunctionInfo", value) -> dict[str, ast.expr]:
    """`self.x` -> the value last assigned to it before the statement holding value, in the same
    block or an enclosing one of func (`self.sock = socket.socket()` then, two lines on,
    `self.stream = IOStream(self.sock)`). Straight-line reading: branches beside it are ignored."""
    found: dict[str, ast.expr] = {}

    def visit(body) -> bool:
        for stmt in body:
            if contains(stmt, value):
                for block in child_blocks(stmt):
                    if visit(block):
                        return True
                return True
            if type(stmt) is ast.Assign and len(stmt.targets) == 1:
                key = dotted(stmt.targets[0])
                if key is not None and key.startswith("self.") and key.count(".") == 1:
                    found[key] = stmt.value
        return False

    visit(func.node.body)
    return found


def reaching_bindings(func: "FunctionInfo", name: str, node) -> list | None:
    """The bindings of local `name` that reach node by straight-line reading: the last plain
    assignment before the statement holding node, in its block or an enclosing one, where the
    other arm of an `if` does not count (`sock = Framed(sock)` in one branch, `Wrapper(sock)` in
    the other). None when that cannot be told: a loop or `try` that rebinds it, a conditional
    assignment after the last plain one, none at all."""
    bindings = func.bindings.get(name, ())

    def inside(tree) -> list:
        return [b for b in bindings if contains(tree, b.value)]

    current = None
    body = func.node.body
    while True:
        for stmt in body:
            if not contains(stmt, node):
                found = inside(stmt)
                if found:
                    # (bound in a branch, a loop, a with: maybe not on this path, until a plain
                    # assignment after it)
                    current = found if type(stmt) in (ast.Assign, ast.AnnAssign) else None
                continue
            blocks = [block for block in child_blocks(stmt) if any(contains(s, node) for s in block)]
            if not blocks:  # the statement holding node (or a compound statement's header)
                # (a while's test runs again after each turn: the body's own bindings reach it)
                return current if type(stmt) is not ast.While or not inside(stmt) else None
            if (type(stmt) in FOR_LOOPS or type(stmt) is ast.While or type(stmt) in TRIES) and inside(stmt):
                return None  # (a later turn, or a handler after part of the body, sees another)
            body = blocks[0]
            break
        else:
            return None


def contains(expr, node) -> bool:
    """Is node inside expr (or expr itself)? A walk that enters only the children whose lines
    hold node's (nodes made by the analysis have no position: those are walked whole; a call
    the walk reads in place of another, `f(x)` for `asyncio.to_thread(f, x)`, is where that is)."""
    node = node.__dict__.get("_nagle_stands_for", node)
    line = getattr(node, "lineno", None)
    end = getattr(node, "end_lineno", None) or line
    stack = [expr]
    while stack:
        current = stack.pop()
        if current is node:
            return True
        first = getattr(current, "lineno", None)
        if first is not None and getattr(current, "decorator_list", None):
            first = min(first, *(d.lineno for d in current.decorator_list))
        if line is not None and first is not None and not (first <= line and end <= (current.end_lineno or first)):
            continue  # (a statement or expression: its lines do not hold node's)
        stack.extend(fast_children(current))
    return False
