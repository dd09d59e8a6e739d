"""No function under companion/ is so branched that a reader cannot hold it (issue 28 item 8).

Cyclomatic complexity counted as radon counts it (`radon cc`: one, plus one per decision),
with the stdlib `ast` so the check needs no dev tool at CI. Above 30 radon rates a function
E or F; such a function is split into helpers named for what each part decides.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "companion"
WORST = 30  # radon's D ends here

FUNCTIONS = ast.FunctionDef | ast.AsyncFunctionDef


def decisions(node: ast.AST) -> int:
    """The decisions `node` itself adds (radon's ComplexityVisitor)."""
    if isinstance(node, ast.Try | ast.TryStar):
        return len(node.handlers) + bool(node.orelse)
    if isinstance(node, ast.BoolOp):
        return len(node.values) - 1
    # (radon 6 counts no `with`: it adds no path through the code)
    if isinstance(node, ast.If | ast.IfExp | ast.Assert):
        return 1
    if isinstance(node, ast.For | ast.AsyncFor | ast.While):
        return 1 + bool(node.orelse)
    if isinstance(node, ast.comprehension):
        return 1 + len(node.ifs)
    if isinstance(node, ast.Match):  # `case _:` is the match's else, no decision of its own
        wildcard = any(getattr(case.pattern, "pattern", False) is None for case in node.cases)
        return max(0, len(node.cases) - wildcard)
    return 0


def complexity(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """1 + the decisions in the body; a function or class defined inside counts on its own."""
    total = 1
    todo: list[ast.AST] = list(function.body)
    while todo:
        node = todo.pop()
        if isinstance(node, FUNCTIONS | ast.ClassDef):
            continue
        total += decisions(node)
        if not isinstance(node, ast.Assert):  # radon counts an assert once, not its test
            todo.extend(ast.iter_child_nodes(node))
    return total


def functions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, ast.FunctionDef]]:
    """Every function and method (nested ones too), named as radon names them."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, FUNCTIONS):
            yield prefix + node.name, node
            yield from functions(node, prefix + node.name + ".")
        elif isinstance(node, ast.ClassDef):
            yield from functions(node, prefix + node.name + ".")
        else:
            yield from functions(node, prefix)


def scores(source: str) -> dict[str, int]:
    return {name: complexity(node) for name, node in functions(ast.parse(source))}


def test_no_function_under_companion_is_more_complex_than_radons_d():
    worst = [
        f"{path.relative_to(PACKAGE.parent)}: {name} {score}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name, score in scores(path.read_text(encoding="utf-8")).items()
        if score > WORST
    ]
    assert not worst, "split these into helpers (issue 28 item 8):\n" + "\n".join(worst)


SAMPLE = """
def flat(x):
    return x


def branches(xs, y):
    if y and xs or not y:          # if +1, two boolean operators +2
        pass
    elif y:                        # +1
        pass
    for x in xs:                   # +1
        while x:                   # +1
            x -= 1
        else:                      # +1
            pass
    try:
        pass
    except ValueError:             # +1
        pass
    except KeyError:               # +1
        pass
    else:                          # +1
        pass
    with open(y) as f:             # +0
        assert f or y              # +1 (what it asserts: not counted)
    z = [a for a in xs if a if y]  # +1 loop, +2 ifs
    w = 1 if y else 2              # +1
    match y:
        case 1:                    # +1
            pass
        case _:                    # +0 (the match's else)
            pass

    def inner(q):                  # counted on its own
        return q if q else 0

    return lambda v: v or w        # +1 (the boolean operator)
"""


def test_the_count_agrees_with_radon_on_a_sample():
    # radon 6.0.1 on SAMPLE (radon.complexity.cc_visit): flat 1, branches 18 (C), inner 2
    assert scores(SAMPLE) == {"flat": 1, "branches": 18, "branches.inner": 2}


@pytest.mark.slow  # radon reads every module again: a check of the count, not of the code
def test_the_count_agrees_with_radon_where_radon_is_installed():
    radon = pytest.importorskip("radon.complexity")
    from radon.visitors import Function

    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        theirs = {}
        for block in radon.cc_visit(source):
            if not isinstance(block, Function):
                continue  # a class: radon scores its methods together too
            theirs[block.fullname] = block.complexity
            for closure in getattr(block, "closures", []):
                theirs[f"{block.fullname}.{closure.name}"] = closure.complexity
        ours = scores(source)
        assert {k: ours.get(k) for k in theirs} == theirs, path.name
