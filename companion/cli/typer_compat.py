"""Every use of typer's private API, in one place.

typer promises nothing about the names below: its vendored click (`typer._click`), its
completion modules, how `typer.main` turns a registered command into a click command, and
the function `typer.testing.CliRunner` builds commands with. The CLI uses them to build
commands lazily (companion.cli.common.LazyTyper), to answer a shell's Tab with the
project's own bash/zsh/fish classes (built on click's `ShellComplete`, its
`_resolve_context`/`_resolve_incomplete` and `split_arg_string`, without typer's
`--install-completion` option), to complete the values of every parameter from one registry
(click's `Parameter._custom_shell_complete`, see companion.cli.complete) narrowed by what the
line already gives (click's parameter sources), to generate the
completion scripts (companion.tools.generate), and to let the tests build the command tree
once (tests/conftest.py).

Nothing else in the project reaches into typer's internals (`typer.main.get_command(app)`,
used by the generator and the tests, is public: typer's docs, "Using Click").
tests/test_typer_compat.py checks that each name here still exists and behaves, and fails
naming the typer version when it is outside TESTED or a name changed. To move to a new typer:
run that test, fix what it names here, then widen TESTED and the pin in pyproject.toml
together (and re-measure start-up: docs/performance.md).

Keep this module cheap to import: `import typer` already loads typer.main, typer.core and
typer._click; the completion modules are imported only when used.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import typer
import typer.main
from typer._click.exceptions import ClickException, UsageError
from typer.core import TyperGroup
from typer.models import CommandInfo

__all__ = [
    "TESTED",
    "ClickException",
    "CommandInfo",
    "TyperGroup",
    "UsageError",
    "command_from_info",
    "command_name",
    "completion_item",
    "completion_script",
    "evaluate_annotations",
    "group_from_app",
    "listed",
    "register_completion_shells",
    "reuse_built_command",
    "set_value_completion",
    "shell_complete",
    "type_completion",
    "typed_on_line",
]

# The typer releases this module is tested with: >= TESTED[0], < TESTED[1]. Keep in step
# with the pin in pyproject.toml (tests/test_typer_compat.py checks both).
TESTED: tuple[tuple[int, int], tuple[int, int]] = ((0, 27), (0, 29))


def command_name(function_name: str) -> str:
    """The command name typer gives a function (`roll_dice` -> `roll-dice`)."""
    return typer.main.get_command_name(function_name)


def command_from_info(info: CommandInfo) -> Any:
    """The click command for one registered command, with the project's settings."""
    if info.callback is not None:
        evaluate_annotations(info.callback)
    # typer reads the function's parameters twice: for the click parameters, and again for
    # the names its callback passes on (which the first reading gives): read once.
    read = typer.main.get_params_from_function
    kept: dict[Any, Any] = {}

    def read_once(function: Callable[..., Any]) -> Any:
        if function not in kept:
            kept[function] = read(function)
        return kept[function]

    typer.main.get_params_from_function = read_once
    try:
        return typer.main.get_command_from_info(
            info, pretty_exceptions_short=False, rich_markup_mode=None
        )
    finally:
        typer.main.get_params_from_function = read


def evaluate_annotations(function: Callable[..., Any]) -> None:
    """Keep `function`'s annotations evaluated, as typer would evaluate them.

    Under `from __future__ import annotations` each annotation is text, and typer reads a
    command's signature twice, with `inspect.signature(eval_str=True)` and `get_type_hints`
    each time: every annotation compiled and run four times (88 times for a tracked move of
    22 parameters, 14 M instructions). Evaluated once here, in the function's own globals as
    both of those evaluate them, typer finds the objects and evaluates none."""
    annotations = getattr(function, "__annotations__", None)
    if annotations and any(isinstance(value, str) for value in annotations.values()):
        namespace = function.__globals__
        function.__annotations__ = {
            name: _evaluated(value, namespace) if isinstance(value, str) else value
            for name, value in annotations.items()
        }


def _evaluated(text: str, namespace: dict[str, Any]) -> Any:
    """An annotation held as text, as `eval` in the function's globals gives it: a name or a
    dotted name (most of them: `JsonOption`, `shared.Face`) looked up without compiling it
    (0.5 M instructions of a command of 22 parameters), anything else evaluated."""
    import builtins

    head, *rest = text.split(".")
    if head.isidentifier() and all(part.isidentifier() for part in rest):
        try:
            value = namespace[head] if head in namespace else getattr(builtins, head)
            for part in rest:
                value = getattr(value, part)
            return value
        except AttributeError:
            pass  # a keyword (None) or a name not found: as written, eval says
    return eval(text, namespace)  # noqa: S307 - the command's own annotation, as typer reads it


def group_from_app(app: typer.Typer, name: str) -> TyperGroup:
    """The click group for a typer app (its commands and sub-apps), named `name`."""
    group = typer.main.get_group(app)
    group.name = name
    return group


def listed(entry: CommandInfo | typer.Typer, name: str) -> Any:
    """A click command holding only what a list of commands shows of `entry` (its help,
    short help, hidden, deprecated), as `command_from_info` or `group_from_app` would give
    them, without reading any function's signature or building any sub-command."""
    import inspect

    if isinstance(entry, CommandInfo):
        info = entry
        found = info.help
        found = inspect.getdoc(info.callback) if found is None else inspect.cleandoc(found)
    else:
        info = typer.main.solve_typer_info_defaults(typer.main.TyperInfo(entry))
        found = info.help
    return (
        info.cls or (typer.core.TyperCommand if isinstance(entry, CommandInfo) else TyperGroup)
    )(
        name=name,
        help=found,
        short_help=info.short_help,
        hidden=info.hidden,
        deprecated=info.deprecated,
    )


def register_completion_shells() -> None:
    """Register the project's bash/zsh/fish completion classes with typer's click.

    typer does this (with its own classes) only when it adds its own --install-completion
    option, which the project leaves out of --help. Ours differ from typer's: they read the
    command line up to the cursor (so a value with a space, a quote or a colon completes as
    one word), they never import rich to format a help text, and a parameter that wants a
    file name answers nothing, so the shell offers files itself. PowerShell keeps typer's.
    """
    from typer._click.shell_completion import add_completion_class
    from typer._completion_classes import completion_init

    completion_init()
    for name, cls in _shell_classes().items():
        add_completion_class(cls, name)


def shell_complete(command: Any, prog_name: str, complete_var: str, instruction: str) -> int:
    """Answer a shell's completion request (`complete_bash`, `source_zsh`, ...): 0 when done.

    bash, zsh and fish are answered by the project's classes without importing typer's
    completion modules (about 10 ms: they import subprocess to detect the shell); any other
    shell goes through typer.
    """
    import sys

    action, _, shell = instruction.partition("_")
    classes = _shell_classes()
    if shell not in classes or action not in ("complete", "source"):
        from typer.completion import shell_complete as typer_shell_complete

        register_completion_shells()
        return typer_shell_complete(command, {}, prog_name, complete_var, instruction)
    answer = classes[shell](command, {}, prog_name, complete_var)
    sys.stdout.write((answer.complete() if action == "complete" else answer.source()) + "\n")
    sys.stdout.flush()
    return 0


def completion_script(*, prog_name: str, complete_var: str, shell: str) -> str:
    """The script a shell sources to complete `prog_name` (what --show-completion prints)."""
    if shell in SCRIPTS:
        func = "_" + re.sub(r"\W", "_", prog_name)
        names = {"prog": prog_name, "var": complete_var, "func": func, "args": ARGS_VAR}
        return SCRIPTS[shell].strip("\n") % names
    from typer._completion_shared import get_completion_script

    return get_completion_script(prog_name=prog_name, complete_var=complete_var, shell=shell)


def set_value_completion(command: Any, complete: Callable[[Any, Any, str], list[Any]]) -> None:
    """Let `complete(ctx, param, incomplete)` complete the values of `command`'s parameters.

    click keeps a parameter's completion function in a private attribute, which typer sets
    only from `autocompletion=` on each parameter. Flags take no value and are left alone,
    as is a parameter that already has a completion of its own.
    """
    for param in getattr(command, "params", ()):
        if getattr(param, "is_flag", False) or getattr(param, "count", False):
            continue
        if getattr(param, "_custom_shell_complete", None) is None:
            param._custom_shell_complete = complete


def completion_item(value: str, help_text: str | None = None) -> Any:
    """One value offered to the shell, with what it is (zsh and fish show that)."""
    from typer._click.shell_completion import CompletionItem

    return CompletionItem(value, help=help_text)


def typed_on_line(ctx: Any) -> list[str]:
    """The parameters of `ctx` given on the command line (or the environment), not left to
    their defaults (click's `Context.get_parameter_source`)."""
    from typer._click.core import ParameterSource

    unset = (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)
    return [name for name in ctx.params if ctx.get_parameter_source(name) not in unset]


def type_completion(ctx: Any, param: Any, incomplete: str) -> list[Any]:
    """What the parameter's type completes by itself (its choices, or a file name)."""
    return param.type.shell_complete(ctx, param, incomplete)


# --- the shell side of completion ---------------------------------------------------------

# The command line up to the cursor, as the shell has it (quotes and backslashes included).
ARGS_VAR = "_COMPANION_COMPLETE_ARGS"
# bash only: the word bash will replace (bash also splits words at ':' and '=').
WORD_VAR = "_COMPANION_COMPLETE_WORD"

SCRIPTS = {
    "bash": r"""
%(func)s_completion() {
    local IFS=$'\n'
    COMPREPLY=( $( env %(args)s="${COMP_LINE:0:COMP_POINT}" \
                   _COMPANION_COMPLETE_WORD="${COMP_WORDS[COMP_CWORD]}" \
                   %(var)s=complete_bash "$1" 2>/dev/null ) )
    # `NAME=` (log's scores) goes on with the number, not a space
    [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
    return 0
}

complete -o default -F %(func)s_completion %(prog)s
""",
    # zsh reads this file two ways: autoloaded from $fpath by compinit, when the file is the
    # completion function itself (so the very first Tab completes), or sourced, when it
    # registers the function with compdef.
    "zsh": r"""
#compdef %(prog)s

%(func)s() {
  local -a values shown
  local line reply
  reply="$(env %(args)s="${(j: :)words[1,CURRENT]}" %(var)s=complete_zsh ${words[1]} 2>/dev/null)"
  for line in "${(@f)reply}"; do
    [[ -n $line ]] || continue
    values+=("${line%%%%$'\t'*}")
    if [[ $line == *$'\t'* ]]; then
      shown+=("${line%%%%$'\t'*}  -- ${line#*$'\t'}")
    else
      shown+=("$line")
    fi
  done
  if (( ${#values} )); then
    # `--opt=VALUE` in one word: the value replaces the whole word, so it keeps `--opt=`.
    [[ $PREFIX == -*=* ]] && values=("${PREFIX%%%%=*}="${^values})
    # `NAME=` (log's scores) goes on with the number, not a space
    local -a suffix ends=(${(M)values:#*=})
    (( ${#ends} == ${#values} )) && suffix=(-S '')
    compadd -U -l -d shown "${suffix[@]}" -a values
  else
    _files
  fi
}

if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
  %(func)s "$@"
else
  compdef %(func)s %(prog)s
fi
""",
    "fish": r"""
function _%(func)s_complete
    set -l values (env %(args)s=(commandline -cp) %(var)s=complete_fish %(prog)s 2>/dev/null)
    if test (count $values) -gt 0
        printf '%%s\n' $values
    else
        __fish_complete_path (commandline -ct)
    end
end

complete --command %(prog)s --no-files --arguments '(_%(func)s_complete)'
""",
}


def split_line(line: str) -> tuple[list[str], str]:
    r"""A command line up to the cursor: (its complete words after the program, the last one).

    The shell's quoting is undone (`Edd\ Tr`, `"Edd Tr` and `'Edd Tr` are all `Edd Tr`), and
    an escaped or quoted space at the end belongs to the word being typed.
    """
    from typer._click.shell_completion import split_arg_string

    # A sentinel tells a cursor at the end of a word from one after a space.
    words = split_arg_string(line + "\0")
    last = words.pop()[:-1]
    return words[1:], last


_BASH_SAFE = re.compile(r"[^\w./,+:=@%^-]")


def bash_reply(value: str, incomplete: str, word: str | None) -> str | None:
    """What bash should put in place of its current `word` so the whole word reads `value`.

    bash replaces only the part after the last ':' or '=' of the word being completed and
    inserts the reply as it is: so the part it keeps is left out of the reply and the rest
    is escaped (not when the user opened a quote, which bash keeps open). None when `value`
    does not start with the part bash keeps.
    """
    if word is None:
        return value
    if not word.strip(":="):
        word = ""  # the cursor just after ':' or '=': bash replaces nothing
    quoted = word[:1] in ("'", '"')
    typed = word[1:] if quoted else re.sub(r"\\(.)", r"\1", word)
    kept = incomplete[: len(incomplete) - len(typed)] if incomplete.endswith(typed) else ""
    if not value.casefold().startswith(kept.casefold()):
        return None
    rest = value[len(kept) :]
    return rest if quoted else _BASH_SAFE.sub(lambda found: "\\" + found.group(0), rest)


def _shell_classes() -> dict[str, type]:
    import os

    from typer._click.shell_completion import (
        CompletionItem,
        ShellComplete,
        _resolve_context,
        _resolve_incomplete,
    )

    class Shell(ShellComplete):
        name = "?"
        source_template = ""

        def source_vars(self) -> dict[str, Any]:
            return {}

        def source(self) -> str:
            return completion_script(
                prog_name=self.prog_name, complete_var=self.complete_var, shell=self.name
            )

        def get_completion_args(self) -> tuple[list[str], str]:
            return split_line(os.environ.get(ARGS_VAR, ""))

        def get_completions(self, args: list[str], incomplete: str) -> list[CompletionItem]:
            ctx = _resolve_context(self.cli, self.ctx_args, self.prog_name, args)
            obj, incomplete = _resolve_incomplete(ctx, args, incomplete)
            if args and args[-1] in getattr(obj, "opts", ()) and not getattr(obj, "nargs", 1) < 0:
                # click stops parsing at an option still waiting for its value, so the
                # arguments before it (`match shot Bob 3ps --hooper <Tab>`) are not known:
                # read them again from the line without that option.
                before = _resolve_context(self.cli, self.ctx_args, self.prog_name, args[:-1])
                known = {k: v for k, v in ctx.params.items() if v is not None}
                ctx.params = {**before.params, **known}
                for name in set(typed_on_line(before)) - set(known):
                    ctx.set_parameter_source(name, before.get_parameter_source(name))
            found = obj.shell_complete(ctx, incomplete)
            hidden = getattr(getattr(ctx.command, "callback", None), "hidden_options", None)
            if callable(hidden) and incomplete.startswith("-"):
                gone = hidden(ctx.params)  # options that do not go with an argument given
                found = [i for i in found if i.value not in gone]
            return found

        def items(self) -> tuple[list[CompletionItem], str]:
            args, incomplete = self.get_completion_args()
            found = self.get_completions(args, incomplete)
            # A file or folder name: say nothing, and the shell offers files itself.
            return [item for item in found if item.type == "plain"], incomplete

        def format_completion(self, item: CompletionItem) -> str:
            if not item.help:
                return str(item.value)
            return f"{item.value}\t{' '.join(str(item.help).split())}"

        def complete(self) -> str:
            items, _ = self.items()
            return "\n".join(self.format_completion(item) for item in items)

    class Bash(Shell):
        name = "bash"

        def get_completion_args(self) -> tuple[list[str], str]:
            if ARGS_VAR in os.environ:
                return super().get_completion_args()
            # typer's own script passes bash's words instead of the line.
            words = [""] + split_line(os.environ.get("COMP_WORDS", "") + " ")[0]
            cword = int(os.environ.get("COMP_CWORD", "0"))
            return words[1:cword], words[cword] if cword < len(words) else ""

        def complete(self) -> str:
            items, incomplete = self.items()
            word = os.environ.get(WORD_VAR)
            # `--opt=VALUE` in one word: click completes VALUE, bash sees the whole word.
            name, equals, _ = incomplete.partition("=")
            option = name + equals if incomplete.startswith("-") and equals else ""
            replies = [bash_reply(option + str(item.value), incomplete, word) for item in items]
            return "\n".join(reply for reply in replies if reply is not None)

    class Zsh(Shell):
        name = "zsh"

    class Fish(Shell):
        name = "fish"

        def complete(self) -> str:
            items, incomplete = self.items()
            # `--opt=VALUE` in one word: fish matches and replaces the whole word.
            name, equals, _ = incomplete.partition("=")
            option = name + equals if incomplete.startswith("-") and equals else ""
            for item in items:
                item.value = option + str(item.value)
            return "\n".join(self.format_completion(item) for item in items)

    return {"bash": Bash, "zsh": Zsh, "fish": Fish}


def reuse_built_command(app: typer.Typer, command: Any) -> Callable[[], None]:
    """Make `typer.testing.CliRunner.invoke(app, ...)` run `command` instead of rebuilding it.

    typer rebuilds an app's whole command tree on every invoke; a test session can build it
    once. Returns a function that undoes this.
    """
    import typer.testing

    build = typer.testing._get_command

    def get_command(typer_app: typer.Typer) -> Any:
        return command if typer_app is app else build(typer_app)

    typer.testing._get_command = get_command

    def restore() -> None:
        typer.testing._get_command = build

    return restore
