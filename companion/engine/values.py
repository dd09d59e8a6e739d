"""`dataclass`, as the standard library's, without compiling source at import.

The standard `@dataclass` writes each method it adds (`__init__`, `__repr__`, `__eq__`,
`__hash__`, a frozen class's `__setattr__` and `__delattr__`) as source text and compiles
it with `exec` when the class is made: about 3.7 M instructions for a frozen class of five
fields, on every run, as no `.pyc` keeps it. A tracked move loads some forty such classes
(a game's rules, the tables layer), a third of its start-up.

This `dataclass` lets the standard one make the class (its fields, `__match_args__`, what
`dataclasses.fields`, `replace` and `asdict` read) and adds the same methods as functions
shared by every class, each reading its class's fields: about 0.3 M instructions a class.
They behave as the standard ones (tests/test_values.py compares the two on the same
declarations); what differs is the text of a TypeError for a call with missing or unknown
arguments, `inspect.signature` of the class, and the docstring of a class without one
(its fields' names, not its signature). Only what this project declares is taken:
`frozen` and `eq`; `field(default=…, default_factory=…, init=…, repr=…, compare=…,
hash=…)`; `__post_init__`. A class with a dataclass among its bases is left to the
standard `dataclass`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError
from reprlib import recursive_repr
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: type[T] | None = None, /, *, frozen: bool = False, eq: bool = True) -> Any:
    """`dataclasses.dataclass(cls, frozen=frozen, eq=eq)`, its methods shared functions."""

    def wrap(cls: type[T]) -> type[T]:
        return _make(cls, frozen=frozen, eq=eq)

    return wrap if cls is None else wrap(cls)


def _make(cls: type[T], *, frozen: bool, eq: bool) -> type[T]:
    if any(dataclasses.is_dataclass(base) for base in cls.__mro__[1:]) or _unusual(cls):
        return dataclasses.dataclass(cls, frozen=frozen, eq=eq)
    own = set(cls.__dict__)
    if frozen and own & {"__setattr__", "__delattr__"}:
        name = "__setattr__" if "__setattr__" in own else "__delattr__"
        raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    # A body's own __eq__ without __hash__ leaves __hash__ None: not a hash of its own.
    own_hash = "__hash__" in own and not (cls.__dict__["__hash__"] is None and "__eq__" in own)
    # A class without a docstring is given one from its signature, which the standard
    # dataclass reads with inspect: of object.__init__ until ours is added, parsing its
    # text with tokenize's patterns (16 M instructions). Its fields name it here instead.
    undocumented = not cls.__doc__
    if undocumented:
        cls.__doc__ = cls.__name__
    cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    fields = dataclasses.fields(cls)
    if undocumented:
        cls.__doc__ = f"{cls.__name__}({', '.join(f.name for f in fields if f.init)})"
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    params.init, params.repr, params.eq, params.frozen = True, True, eq, frozen
    if "__init__" not in own:
        cls.__init__ = _init(cls, fields, frozen)  # type: ignore[misc]
    if "__repr__" not in own:
        cls.__repr__ = _repr(tuple(f.name for f in fields if f.repr))  # type: ignore[method-assign]
    compared = tuple(f.name for f in fields if f.compare)
    if eq and "__eq__" not in own:
        cls.__eq__ = _eq(compared)  # type: ignore[method-assign]
    if eq and not own_hash:
        if frozen:
            hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
            cls.__hash__ = _hash(hashed)  # type: ignore[method-assign]
        else:
            cls.__hash__ = None  # type: ignore[assignment]
    if frozen:
        names = frozenset(f.name for f in fields)
        cls.__setattr__, cls.__delattr__ = _frozen(cls, names)  # type: ignore[method-assign]
    return cls


def _unusual(cls: type) -> bool:
    """Whether `cls` declares what these methods do not take: an InitVar or kw_only."""
    hints = getattr(cls, "__annotations__", {}).values()
    return any("InitVar" in str(hint) or "KW_ONLY" in str(hint) for hint in hints) or any(
        isinstance(value, dataclasses.Field) and value.kw_only is True
        for value in cls.__dict__.values()
    )


def _init(
    cls: type, fields: tuple[dataclasses.Field[Any], ...], frozen: bool
) -> Callable[..., None]:
    given = tuple(f for f in fields if f.init)
    names = tuple(f.name for f in given)
    known = frozenset(names)
    # A field out of __init__ with a plain default is read from the class, as the standard
    # one leaves it; one with a factory is set from it.
    later = tuple(f for f in fields if not f.init and f.default_factory is not MISSING)
    post_init = hasattr(cls, "__post_init__")
    put = object.__setattr__ if frozen else setattr
    title = f"{cls.__qualname__}.__init__()"

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > len(names):
            took, given_ = len(names) + 1, len(args) + 1
            raise TypeError(f"{title} takes {took} positional arguments but {given_} were given")
        for name, value in zip(names, args, strict=False):
            if name in kwargs:
                raise TypeError(f"{title} got multiple values for argument '{name}'")
            put(self, name, value)
        for f in given[len(args) :]:
            if f.name in kwargs:
                value = kwargs.pop(f.name)
            elif f.default is not MISSING:
                value = f.default
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            else:
                raise TypeError(f"{title} missing 1 required positional argument: '{f.name}'")
            put(self, f.name, value)
        unknown = [key for key in kwargs if key not in known]
        if unknown:
            raise TypeError(f"{title} got an unexpected keyword argument '{unknown[0]}'")
        for f in later:
            put(self, f.name, f.default_factory())  # type: ignore[misc]
        if post_init:
            self.__post_init__()

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    @recursive_repr()
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _eq(names: tuple[str, ...]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)
        return NotImplemented

    return __eq__


def _hash(names: tuple[str, ...]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(tuple(getattr(self, n) for n in names))

    return __hash__


def _frozen(cls: type, names: frozenset[str]) -> tuple[Callable[..., None], Callable[..., None]]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__
