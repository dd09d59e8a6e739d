"""companion.engine.values.dataclass behaves as the standard library's on the same class."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import field
from typing import Generic, TypeVar

import pytest

from companion.engine import values

S = TypeVar("S")


def declare(decorate, **params):
    """The same declarations, made by `decorate` (the standard one or ours)."""

    @decorate(**params)
    class Shot:
        """A shot."""

        kind: str
        stat: int
        bonuses: tuple[int, ...] = ()
        notes: list[str] = field(default_factory=list, hash=False)
        seen: int = field(default=0, compare=False, repr=False)
        made: bool = field(init=False, default=False)

    @decorate(**params)
    class Step(Generic[S]):
        """A step of a fold."""

        state: S
        outcome: Shot | None = None

    @decorate(**params)
    class Checked:
        """A class checking its values after they are set."""

        points: int

        def __post_init__(self) -> None:
            if self.points < 0:
                raise ValueError(f"points must be 0 or more, not {self.points}")

    @decorate(**params)
    class Told:
        """A class saying itself its own way."""

        name: str

        def __repr__(self) -> str:
            return f"<{self.name}>"

    return Shot, Step, Checked, Told


PARAMS = [{"frozen": True}, {}, {"eq": False}, {"frozen": True, "eq": False}]


@pytest.mark.parametrize("params", PARAMS, ids=str)
def test_the_same_methods_as_the_standard_dataclass(params):
    theirs, ours = declare(dataclasses.dataclass, **params), declare(values.dataclass, **params)
    for std, own in zip(theirs, ours, strict=True):
        assert dataclasses.is_dataclass(own)
        assert [f.name for f in dataclasses.fields(own)] == [
            f.name for f in dataclasses.fields(std)
        ]
        assert own.__match_args__ == std.__match_args__
        assert own.__doc__ == std.__doc__
        for name in ("init", "repr", "eq", "frozen"):
            assert getattr(own.__dataclass_params__, name) == getattr(
                std.__dataclass_params__, name
            )
        assert (own.__hash__ is None) == (std.__hash__ is None)

    (s_shot, s_step, s_checked, s_told), (o_shot, o_step, o_checked, o_told) = theirs, ours
    calls = [
        ((), {}),
        (("2ps",), {}),
        (("2ps", 60), {}),
        (("2ps",), {"stat": 60}),
        (("2ps", 60, (5,)), {"notes": ["x"], "seen": 3}),
        ((), {"kind": "3ps", "stat": 40}),
        (("2ps", 60), {"stat": 60}),
        (("2ps", 60), {"made": True}),
        (("2ps", 60), {"colour": "red"}),
        (("2ps", 60, (), [], 1, 2), {}),
    ]
    for args, kwargs in calls:
        std, own = _made(s_shot, args, kwargs), _made(o_shot, args, kwargs)
        refused = isinstance(std, TypeError)
        assert isinstance(own, TypeError) == refused  # both made, or both refused
        if refused:
            continue
        assert repr(own) == repr(std)
        assert vars(own) == vars(std)
        assert dataclasses.asdict(own) == dataclasses.asdict(std)

    a, b = o_shot("2ps", 60, seen=1), o_shot("2ps", 60, seen=2)
    std_a, std_b = s_shot("2ps", 60, seen=1), s_shot("2ps", 60, seen=2)
    assert (a == b) == (std_a == std_b)  # `seen` is not compared
    assert (a == o_shot("2ps", 61)) is False
    assert (a == "2ps") is False
    assert a.notes is not o_shot("2ps", 60).notes  # a new list each time
    if std_a.__hash__ is not None:
        assert (hash(a) == hash(b)) == (hash(std_a) == hash(std_b))
        assert len({a, b}) == len({std_a, std_b})

    changed = dataclasses.replace(a, stat=70)
    assert (changed.kind, changed.stat, changed.seen) == ("2ps", 70, 1)
    assert repr(copy.deepcopy(a)) == repr(a)

    step = o_step(state={"score": 3}, outcome=a)
    assert repr(step) == repr(s_step(state={"score": 3}, outcome=std_a))

    for checked in (s_checked, o_checked):
        with pytest.raises(ValueError, match="points must be 0 or more, not -1"):
            checked(-1)
        assert checked(2).points == 2
    assert repr(o_told("Ann")) == repr(s_told("Ann")) == "<Ann>"

    frozen = params.get("frozen", False)
    for thing, std in ((a, std_a), (step, s_step(1))):
        for act in (lambda t: setattr(t, "stat", 1), lambda t: delattr(t, "stat")):
            std_error, own_error = _raised(act, std), _raised(act, thing)
            assert type(own_error) is type(std_error)
            if frozen:
                assert isinstance(own_error, dataclasses.FrozenInstanceError)
                assert str(own_error) == str(std_error)


def test_a_frozen_class_may_not_set_its_own_attribute_setter():
    with pytest.raises(TypeError, match="Cannot overwrite attribute __setattr__ in class Own"):

        @values.dataclass(frozen=True)
        class Own:
            x: int

            def __setattr__(self, name, value):
                pass


def test_a_standard_frozen_dataclass_may_extend_one():
    @values.dataclass(frozen=True)
    class Base:
        x: int

    @dataclasses.dataclass(frozen=True)
    class Child(Base):
        y: int = 0

    child = Child(1, 2)
    assert (child.x, child.y, child) == (1, 2, Child(1, 2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        child.x = 3

    @values.dataclass(frozen=True)
    class OwnChild(Base):
        z: int = 0

    assert OwnChild(1, 4) == OwnChild(1, 4) != OwnChild(1, 5)


def _made(cls, args, kwargs):
    try:
        return cls(*args, **kwargs)
    except TypeError as err:
        return err


def _raised(act, thing):
    try:
        act(thing)
    except Exception as err:  # noqa: BLE001 - compared with the standard one's
        return err
    return None


def test_a_class_without_a_docstring_is_named_by_its_fields():
    @values.dataclass(frozen=True)
    class Bare:
        a: int
        b: str = ""

    assert Bare.__doc__ == "Bare(a, b)"
    assert Bare(1) == Bare(1, "")
