"""`companion completion SHELL [--install]`: the shell's completion script, printed or put
where the shell reads it. The same text as completions/* (companion.tools.generate)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from companion.cli.common import COMPLETE_VAR, JsonOption, emit

PROG = "companion"
SHELLS = ("bash", "zsh", "fish")
# zsh reads completion functions only from $fpath: ~/.zfunc is put there by these lines,
# added once to ~/.zshrc (as typer's own --install-completion does).
ZSHRC_MARK = "# companion's shell completion (companion completion zsh --install)"
ZSHRC_LINES = f"\n{ZSHRC_MARK}\nfpath=(~/.zfunc $fpath)\nautoload -Uz compinit && compinit\n"


def script(shell: str) -> str:
    """The completion script `shell` sources, ending with a newline."""
    from companion.cli.typer_compat import completion_script

    return completion_script(prog_name=PROG, complete_var=COMPLETE_VAR, shell=shell) + "\n"


def install_path(shell: str) -> Path:
    """Where `shell` reads a completion script of its own accord (bash-completion's user
    folder, fish's), or from $fpath (zsh: ~/.zfunc, which ~/.zshrc is told of)."""
    home = Path.home()
    if shell == "bash":
        data = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
        return data / "bash-completion" / "completions" / PROG
    if shell == "fish":
        config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
        return config / "fish" / "completions" / f"{PROG}.fish"
    return home / ".zfunc" / f"_{PROG}"


def install(shell: str) -> list[Path]:
    """Write the script where `shell` reads it (and, for zsh, tell ~/.zshrc of ~/.zfunc
    once); the files written."""
    from companion.engine.errors import BadInput

    path = install_path(shell)
    written = [path]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(script(shell), encoding="utf-8")
        if shell == "zsh":
            rc = Path(os.environ.get("ZDOTDIR") or Path.home()) / ".zshrc"
            held = rc.read_text(encoding="utf-8", errors="replace") if rc.exists() else ""
            if ZSHRC_MARK not in held:
                with rc.open("a", encoding="utf-8") as handle:
                    handle.write(ZSHRC_LINES)
                written.append(rc)
    except OSError as err:
        raise BadInput(f"cannot write {err.filename or path}: {err.strerror or err}") from None
    return written


def completion(
    shell: Annotated[
        str, typer.Argument(metavar="SHELL", help="bash, zsh or fish.", show_default=False)
    ],
    install_it: Annotated[
        bool,
        typer.Option(
            "--install",
            help="Put the script where the shell reads it (bash: bash-completion's folder; "
            "zsh: ~/.zfunc, added to ~/.zshrc once; fish: its completions folder).",
        ),
    ] = False,
    json: JsonOption = False,
) -> None:
    """Print the shell completion script for bash, zsh or fish (or --install it): Tab then
    completes commands, options, games, players and match ids."""
    from companion.engine.names import match_prefix

    chosen = match_prefix(shell, list(SHELLS), what="shell")
    if not install_it:
        if json:
            emit({"shell": chosen, "script": script(chosen)}, True, lambda out: None)
        else:
            typer.echo(script(chosen), nl=False)
        return
    written = install(chosen)

    def render(out):
        out.print(f"wrote {written[0]}", markup=False, highlight=False)
        for other in written[1:]:
            out.print(f"added ~/.zfunc to $fpath in {other}", markup=False, highlight=False)
        out.print(f"open a new {chosen} to use it", markup=False, highlight=False)

    emit({"shell": chosen, "written": [str(p) for p in written]}, json, render)
