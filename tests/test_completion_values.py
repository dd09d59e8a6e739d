"""Tab completes values, not only commands: from the rules and from the user's database.

Most tests ask the program itself, as each shell's script does (the line up to the cursor in
an environment variable); `test_bash_*` go through bash's completion function as
completions/companion.bash defines it; the zsh and fish tests type into a real shell on a
pseudo-terminal (skipped when that shell is not installed).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from companion.cli import complete as registry
from companion.cli.common import COMPLETE_VAR
from companion.cli.main import app
from companion.cli.typer_compat import ARGS_VAR, WORD_VAR

ROOT = Path(__file__).resolve().parents[1]
KEEPERS = ["Edd Trapp", "Manny Gentle", "May Friend", "Vernon Dely", "Chus Kinder"]
UNLEASHED = ["Dime N'Shons", "Joy Kill", "Faust Exit", "Serge Ceptor", "Sin Miedo"]


@pytest.fixture
def table(cli, db):
    """A database with a finished roll-off (Ana, Ben, Cy), a live hoopers match (Ann with
    the Keepers at home, Bob with the Unleashed), and a catalogue for each card game."""
    assert cli("demo", "table").exit_code == 0
    started = cli(
        "hoopers", "match", "start", "--home", "Ann", "--home-tribe", "keepers",
        "--away", "Bob", "--away-tribe", "unleashed", "--first", "Ann", "--json",
    )  # fmt: skip
    assert started.exit_code == 0, started.stderr
    assert cli("otdraft", "cards", "import", "--example").exit_code == 0
    for card in ("pop/3/love+dancing+piano/Pop One", "rock/2/piano+drums+sad/Rock Two"):
        assert cli("playlist", "cards", "add", card).exit_code == 0, card
    added = cli("allstar", "arena", "add", "Ice Palace", "--points", "13,10,7")
    assert added.exit_code == 0, added.stderr
    return db


def ask(monkeypatch, capsys, db: Path, line: str, shell: str = "zsh") -> list[str]:
    """What the program answers a Tab at the end of `line`: one value per line (zsh and fish
    add a tab and what the value is; for bash, each value as bash will insert it)."""
    monkeypatch.setenv("COMPANION_DB", str(db))
    monkeypatch.setenv(COMPLETE_VAR, f"complete_{shell}")
    monkeypatch.setenv(ARGS_VAR, line)
    if shell == "bash":
        monkeypatch.setenv(WORD_VAR, bash_words(line)[-1])
    capsys.readouterr()
    with pytest.raises(SystemExit) as done:
        typer.main.get_command(app).main([], prog_name="companion")
    assert done.value.code == 0
    return [row for row in capsys.readouterr().out.splitlines() if row]


def offered(monkeypatch, capsys, db: Path, line: str) -> list[str]:
    return [row.split("\t")[0] for row in ask(monkeypatch, capsys, db, line)]


# --- every kind of value --------------------------------------------------------------------

RULES = {
    "companion hoopers match start --home-tribe ": ["keepers", "unleashed"],
    "companion hoopers shot ": ["2ps", "3ps", "lup"],
    "companion hoopers odds st": ["steal"],
    "companion hoopers counter ": ["steal", "intercept", "rebound"],
    "companion hoopers foul ": ["screen", "steal", "intercept", "rebound", "d2", "d3", "dlu"],
    "companion hoopers shot 2ps --face w": ["whistle", "whistle-2", "whistle-3"],
    "companion hoopers shot 2ps --face=j": ["jump-ball"],
    "companion hoopers counter steal --position ": ["PG", "SG", "SF", "PF", "C"],
    "companion hoopers match start --variant ": ["classic", "fast"],
    "companion history export --format ": ["json", "csv", "bgstats", "bgsplay"],
    "companion history list --game ": ["hoopers", "allstar", "playlist", "otdraft"],
    "companion players list -g o": ["otdraft"],
    "companion demo ": ["table", "hoopers", "allstar", "series", "otdraft", "playlist"],
    "companion allstar season start --mode ": ["heritage", "duel", "open-market"],
    "companion allstar best ducks-4 --rule ": ["unusual", "no-two-managers", "straight"],
    "companion roll ": ["d20", "d8"],
    "companion hoopers match foul Ann Edd --on ": ["steal", "d3", "block", "charging"],
    "companion hoopers match block Ann --against ": ["2ps", "3ps", "lup", "steal"],
    "companion log ": ["hoopers", "allstar", "playlist", "playlist-solo", "otdraft"],
    "companion allstar setup --species Ducks,P": ["Ducks,Pandas", "Ducks,Penguins"],
    "companion hoopers match fundamental Ann ": ["dribble", "pass", "screen"],
    "companion hoopers energy Hec": ["Hector Pröt"],
    "companion hoopers match start --milestones ": ["win", "lose", "off"],
    "companion hoopers match upgrade Ann --card ": ["two", "ten", "three", "star-PG", "star-C"],
    "companion hoopers match start --home-tribe keepers --home-roster Edd\\ Trapp,M": [
        "Edd Trapp,Manny Gentle",
        "Edd Trapp,May Friend",
    ],
}


@pytest.mark.parametrize("line", RULES)
def test_values_from_the_rules(monkeypatch, capsys, tmp_path, line):
    found = offered(monkeypatch, capsys, tmp_path / "none.json", line)
    assert set(RULES[line]) <= set(found), found


def test_hoopers_of_the_live_match_teams(monkeypatch, capsys, table):
    teams = offered(monkeypatch, capsys, table, "companion hoopers match foul ")
    assert teams == ["Ann", "Bob"]
    own = offered(monkeypatch, capsys, table, "companion hoopers match foul Ann ")
    assert own[:5] == KEEPERS and len(own) == 10
    shooter = offered(monkeypatch, capsys, table, "companion hoopers match shot bob 3ps --hooper ")
    assert shooter[:5] == UNLEASHED
    facing = "companion hoopers match shot Bob 3ps --hooper Joy --defense 30 --defender "
    assert offered(monkeypatch, capsys, table, facing)[:5] == KEEPERS
    rest = "companion hoopers match timeout Bob --rest "  # the opponent's two energies
    assert offered(monkeypatch, capsys, table, rest)[:5] == KEEPERS
    # A close name: a word of the name, any case.
    assert offered(monkeypatch, capsys, table, "companion hoopers match chip Ann trap") == [
        "Edd Trapp"
    ]
    onfire = offered(monkeypatch, capsys, table, "companion hoopers match onfire Bob ")
    assert onfire[:5] == UNLEASHED and onfire[-2:] == ["up", "down"]
    then = offered(monkeypatch, capsys, table, "companion hoopers match onfire Bob Joy ")
    assert then == ["up", "down"]
    shown = ask(monkeypatch, capsys, table, "companion hoopers match injure Bob Dime")
    assert shown == ["Dime N'Shons\tBob"]


def test_player_names_seen_in_history(monkeypatch, capsys, table):
    players = offered(monkeypatch, capsys, table, "companion history list --player ")
    assert {"Ana", "Ben", "Cy", "Ann", "Bob"} <= set(players)
    assert offered(monkeypatch, capsys, table, "companion history stats -p b") == ["Ben", "Bob"]
    listed = offered(monkeypatch, capsys, table, "companion deal --players Ana,B")
    assert listed == ["Ana,Ben", "Ana,Bob"]
    named = offered(monkeypatch, capsys, table, "companion first-player Ana Ben ")
    assert "Ana" not in named and "Cy" in named
    assert "Ana" in offered(monkeypatch, capsys, table, "companion players rename ")


def test_player_names_follow_renames_from_every_machine(monkeypatch, capsys, table, cli):
    assert cli("players", "rename", "Cy", "Cyrus").exit_code == 0
    players = offered(monkeypatch, capsys, table, "companion history list --player ")
    assert "Cyrus" in players and "Cy" not in players


def test_card_names_from_the_catalogues(monkeypatch, capsys, table):
    assert offered(monkeypatch, capsys, table, "companion otdraft score Jo") == ["Jonah"]
    assert ask(monkeypatch, capsys, table, "companion otdraft cards show Sa") == [
        "Saul\tLeader · 8 points"
    ]
    protect = offered(monkeypatch, capsys, table, "companion otdraft score Saul --protect Saul=D")
    assert protect == ["Saul=David"]
    categories = offered(monkeypatch, capsys, table, "companion otdraft cards list --category ")
    assert "Prophet" in categories
    titles = offered(monkeypatch, capsys, table, "companion playlist check ")
    assert titles == ["Pop One", "Rock Two"]
    assert offered(monkeypatch, capsys, table, "companion allstar power du")[:2] == [
        "ducks-1",
        "ducks-2",
    ]
    symbols = offered(monkeypatch, capsys, table, "companion allstar power ducks-4-")
    assert "ducks-4-puck" in symbols
    arenas = offered(monkeypatch, capsys, table, "companion allstar power ducks-4 --arena ")
    assert arenas == ["Ice Palace"]


def test_match_ids_live_and_finished(monkeypatch, capsys, cli, table):
    listed = cli("history", "list", "--json").json
    ids = {m["id"] for m in (listed["matches"] if isinstance(listed, dict) else listed)}
    rows = ask(monkeypatch, capsys, table, "companion history show ")
    assert {row.split("\t")[0] for row in rows} == ids and len(ids) == 2
    live = next(row for row in rows if "hoopers" in row)
    assert "Ann, Bob" in live and "live" in live
    some = sorted(ids)[0]
    assert offered(monkeypatch, capsys, table, f"companion history replay {some[:5]}") == [some]


def test_completing_from_the_database_imports_nothing_of_the_write_path(table):
    # A Tab runs the whole program on every key press: reading ids and names through
    # store/peek.py must not bring in tinydb, the Store, its lock or its atomic files.
    env = shell_env(table)
    line = "companion history show "
    env.update({COMPLETE_VAR: "complete_bash", ARGS_VAR: line, WORD_VAR: ""})
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "companion"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    imported = {row.rsplit("|", 1)[-1].strip() for row in done.stderr.splitlines()}
    assert "companion.store.peek" in imported
    heavy = {"tinydb", "companion.store.store", "companion.store.lock", "companion.store.atomic"}
    assert heavy & imported == set()
    assert len(done.stdout.splitlines()) == 2  # the live match and the finished one


def test_nothing_is_offered_for_free_values_and_files(monkeypatch, capsys, table):
    assert offered(monkeypatch, capsys, table, "companion hoopers shot 2ps --stat ") == []
    assert offered(monkeypatch, capsys, table, "companion otdraft cards import ") == []
    assert offered(monkeypatch, capsys, table, "companion playlist cards add ") == []


def test_an_unreadable_database_completes_nothing(monkeypatch, capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert offered(monkeypatch, capsys, broken, "companion history show ") == []
    assert offered(monkeypatch, capsys, broken, "companion hoopers shot ") == ["2ps", "3ps", "lup"]


def test_db_given_on_the_line_is_the_one_completed_from(monkeypatch, capsys, tmp_path, table):
    line = f"companion --db {table} hoopers match timeout "
    assert offered(monkeypatch, capsys, tmp_path / "other.json", line) == ["Ann", "Bob"]
    after = f"companion hoopers match timeout --db {table} "
    assert offered(monkeypatch, capsys, tmp_path / "other.json", after) == ["Ann", "Bob"]


def test_the_copies_of_engine_names_match_the_engines():
    from companion.games.allstar.cli import complete as allstar_complete
    from companion.games.allstar.rules.arenas import RULES as ARENA_RULES
    from companion.games.allstar.rules.facts import KEYS
    from companion.games.playlist.cli import complete as playlist_complete
    from companion.games.playlist.rules.cards import KINDS
    from companion.history.formats import FORMATS

    # Valley Hoopers keeps no copy: its rules and its Tab read data/words.toml.
    assert registry.EXPORT_FORMATS == FORMATS
    assert allstar_complete.ARENA_RULES == ARENA_RULES
    assert allstar_complete.ALLSTAR_KEYS == KEYS
    assert playlist_complete.PLAYLIST_KINDS == KINDS


def test_the_database_names_match_the_tables():
    import importlib

    from companion.history.book import ALIASES

    assert registry.ALIASES == ALIASES
    from companion.games.allstar.cli import complete as allstar_complete
    from companion.games.hoopers.cli import complete as hoopers_complete
    from companion.games.otdraft.cli import complete as otdraft_complete
    from companion.games.playlist.cli import complete as playlist_complete

    for game, name in [
        ("allstar", allstar_complete.ALLSTAR_DOCS),
        ("playlist", playlist_complete.PLAYLIST_DOCS),
        ("otdraft", otdraft_complete.OTDRAFT_DOCS),
        ("hoopers_series", hoopers_complete.SERIES_DOCS),
    ]:
        # The game's table module owns its documents (its CLI module did before).
        for module, attribute in [
            (f"companion.tables.{game}", "DOCS"),
            (f"companion.tables.{game}", "TABLE"),
        ]:
            try:
                found = getattr(importlib.import_module(module), attribute)
            except (ImportError, AttributeError):
                continue
            assert found == name, (module, attribute)
            break


# Parameters that name something the rules or the database know: each must complete.
NAMED = {
    "team", "hooper", "hooper_arg", "defender", "player", "card", "cards", "match_id", "face",
    "format", "kind", "game", "manager", "tribes", "players",
}  # fmt: skip


def test_every_parameter_naming_a_known_thing_has_a_source():
    root = typer.main.get_command(app)

    def walk(command, ctx, path):
        for param in command.params:
            yield path, param
        for name in getattr(command, "list_commands", lambda _c: [])(ctx):
            sub = command.get_command(ctx, name)
            yield from walk(sub, typer.Context(sub, info_name=name, parent=ctx), f"{path} {name}")

    found = list(walk(root, typer.Context(root, info_name="companion"), ""))
    missing = [
        f"{path} {param.name}"
        for path, param in found
        if param.name in NAMED and not registry.covers(path.strip(), param.name)
    ]
    assert missing == [], "add them to SOURCES in companion/cli/complete.py"
    attached = [p for path, p in found if p.name in NAMED and path]
    assert all(p._custom_shell_complete is not None for p in attached)


# --- bash, through its completion function ---------------------------------------------------

WORDBREAKS = ":="


def bash_words(line: str) -> list[str]:
    """COMP_WORDS as bash splits `line`: at unquoted blanks, and at ':' and '=' (kept as
    words of their own), the cursor at the end."""
    words, current, quote, at = [], "", "", 0
    while at < len(line):
        char = line[at]
        if quote:
            current += char
            quote = "" if char == quote else quote
        elif char == "\\" and at + 1 < len(line):
            current += line[at : at + 2]
            at += 1
        elif char in "'\"":
            current += char
            quote = char
        elif char in " \t":
            if current:
                words.append(current)
            current = ""
        elif char in WORDBREAKS:
            if current:
                words.append(current)
            words.append(char)
            current = ""
        else:
            current += char
        at += 1
    words.append(current)
    if len(words) > 1 and words[-1] == "" and words[-2] in WORDBREAKS and not line.endswith(" "):
        words.pop()  # the cursor right after ':' or '=': that is the current word
    return words


def shell_env(db: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("_COMPANION")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["COMPANION_DB"] = str(db)
    return env


def bash_tab(db: Path, line: str) -> list[str]:
    """COMPREPLY after bash's completion function runs at the end of `line`."""
    words = bash_words(line)
    script = "\n".join(
        [
            f"source {ROOT / 'completions' / 'companion.bash'}",
            f"COMP_LINE={shell_quote(line)}",
            "COMP_POINT=${#COMP_LINE}",
            "COMP_WORDS=(" + " ".join(shell_quote(w) for w in words) + ")",
            f"COMP_CWORD={len(words) - 1}",
            "_companion_completion companion",
            "printf '%s\\n' \"${COMPREPLY[@]}\"",
        ]
    )
    done = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", script],
        capture_output=True,
        text=True,
        env=shell_env(db),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return [row for row in done.stdout.splitlines() if row]


def shell_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def test_bash_completes_names_with_spaces_as_one_word(table):
    assert bash_tab(table, "companion hoopers match foul Ann Ed") == ["Edd\\ Trapp"]
    assert bash_tab(table, "companion hoopers match foul Bob Dime") == ["Dime\\ N\\'Shons"]
    # In an opened quote bash keeps the quote open: the reply is the plain rest.
    assert bash_tab(table, 'companion hoopers match foul Ann "Edd T') == ["Edd Trapp"]
    assert bash_tab(table, "companion hoopers match foul Ann Edd\\ T") == ["Edd\\ Trapp"]


def test_bash_completes_after_a_colon_or_an_equals_sign(table):
    # bash replaces only what follows the last ':' or '=' of the word.
    assert bash_tab(table, "companion otdraft score Jonah --protect Saul=Da") == ["David"]
    assert bash_tab(table, "companion otdraft score Jonah --protect=Saul=Da") == ["David"]
    assert bash_tab(table, "companion hoopers shot 2ps --face=jump") == ["jump-ball"]


def test_bash_completes_values_and_commands(table):
    assert bash_tab(table, "companion history show ") != []
    assert bash_tab(table, "companion hist") == ["history"]
    assert bash_tab(table, "companion history --") == ["--help"]
    assert bash_tab(table, "companion hoopers shot ") == ["2ps", "3ps", "lup"]


# --- real shells on a pseudo-terminal ---------------------------------------------------------


SHELL_WAIT_S = 60  # what a shell on a busy machine may take to draw: a deadline, not a pace


def drawn_until(shell: str, child, drawn: str, text: str, start: int = 0) -> str:
    """`drawn` and what `child` draws next, read until `text` is in it from `start` on."""
    import pexpect

    while text not in drawn[start:]:
        try:
            drawn += child.read_nonblocking(4096, timeout=SHELL_WAIT_S)
        except pexpect.TIMEOUT:
            pytest.fail(f"{shell} did not draw {text!r} in {SHELL_WAIT_S} s; it drew {drawn!r}")
    return drawn


def typed_line(shell: str, db: Path, line: str, shows: str, then: str = "") -> list[str]:
    """Start `shell` fresh with the project's completion script, type `line`, press Tab,
    wait until the screen shows `shows` (what the completed word reads as on the screen,
    which the typed line does not hold), type `then`, and return the words of the command
    line as the shell then reads it. Each step waits for what the shell draws, never for
    a time: a loaded machine only makes it slower."""
    pexpect = pytest.importorskip("pexpect")
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed (CI installs it: .ci/run)")
    assert shows not in line, "the typed line already shows it: nothing to wait for"
    completions = ROOT / "completions"
    setups = {
        "bash": (["--norc", "--noprofile", "-i"], f"source {completions}/companion.bash"),
        "zsh": (
            ["-f", "-i"],
            f"fpath=({completions} $fpath); autoload -U compinit; compinit -u",
        ),
        "fish": (["--no-config", "-i"], f"source {completions}/companion.fish"),
    }
    argv, setup = setups[shell]
    env = {**shell_env(db), "TERM": "dumb", "HOME": str(db.parent)}
    child = pexpect.spawn(
        shell, argv, env=env, encoding="utf-8", timeout=SHELL_WAIT_S, dimensions=(40, 200)
    )
    try:
        # The prompt is spelled in two quoted halves, so the echo of this command line
        # never reads as the prompt: the prompt on screen means the setup has run.
        prompt = "PS1='READ''Y> '"
        if shell == "fish":
            prompt = "function fish_prompt; echo -n 'READ''Y> '; end"
        child.sendline(f"{prompt}; {setup}")
        child.expect_exact("READY> ")
        child.send(line)
        drawn = drawn_until(shell, child, "", line)  # echoed: the shell has read it
        child.send("\t")
        # Bash and zsh draw what Tab adds after the echo, fish draws the whole line again:
        # either way, from the echo on, the screen reads `shows` once Tab has completed.
        drawn_until(shell, child, drawn, shows, start=drawn.index(line))
        child.send(then)
        # Put the line between two markers and print it one word a line.
        child.send("\x05 END\x01printf '%s\\n' START ")
        child.send("\r")
        child.expect_exact("\r\nEND\r\n")
        printed = child.before.replace("\r", "").split("\n")
    finally:
        child.close(force=True)
    return printed[len(printed) - 1 - printed[::-1].index("START") + 1 :]


@pytest.mark.slow
@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_a_real_shell_completes_a_hooper_in_one_tab(shell, table):
    words = typed_line(shell, table, "companion hoopers match foul Bob dime", "Dime\\ N\\'Shons")
    assert words == ["companion", "hoopers", "match", "foul", "Bob", "Dime N'Shons"]


@pytest.mark.slow
@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_a_real_shell_completes_a_pair_after_a_colon(shell, table):
    # TRIBE:HOOPER needs a series; the OT Fantasy Draft's CARD=TARGET is the same shape.
    words = typed_line(shell, table, "companion otdraft score Saul --protect=Saul=Da", "Saul=David")
    assert words[-1] == "--protect=Saul=David"


@pytest.mark.slow
def test_zsh_completes_on_the_first_tab_of_a_new_shell(table):
    # compinit autoloads the file from $fpath on the first Tab: it must complete right away.
    words = typed_line("zsh", table, "companion history sh", "history show")
    assert words == ["companion", "history", "show"]


def test_scripts_are_the_generated_ones():
    from companion.cli.typer_compat import completion_script

    files = {"bash": "companion.bash", "zsh": "_companion", "fish": "companion.fish"}
    for shell, name in files.items():
        script = completion_script(prog_name="companion", complete_var=COMPLETE_VAR, shell=shell)
        assert (ROOT / "completions" / name).read_text() == script + "\n"
    zsh = (ROOT / "completions" / "_companion").read_text()
    assert re.search(r"loadautofunc", zsh), "autoloaded from $fpath, the file must complete"


def test_a_deleted_match_is_not_offered(monkeypatch, capsys, cli, table):
    # A match deleted here while another machine's file (synced in) still holds it: the
    # deletion is a record, and Tab offers what `history list` lists.
    def run(*args: object):
        monkeypatch.delenv(COMPLETE_VAR, raising=False)  # a command, not a Tab
        done = cli(*args)
        assert done.exit_code == 0, done.stderr
        return done

    def ids(typed: str = "") -> list[str]:
        return offered(monkeypatch, capsys, table, f"companion history show {typed}")

    monkeypatch.setenv("COMPANION_MACHINE", "there")
    gone = run("log", "otdraft", "Dee=40", "Eli=31", "--when", "2026-03-03", "--json").json["id"]
    kept = run("log", "otdraft", "Dee=30", "Eli=41", "--when", "2026-03-04", "--json").json["id"]
    monkeypatch.setenv("COMPANION_MACHINE", "here")
    saved = table.with_name("saved.json")
    run("history", "export", "--format", "json", "-o", saved)
    run("history", "delete", gone, "--yes")
    listed = {m["id"] for m in run("history", "list", "--json").json["matches"]}
    assert gone not in listed and kept in listed
    assert set(ids()) == listed
    assert ids(gone[:5]) == []
    # Imported again, it is back (a record revives that finishing): offered again.
    run("history", "import", saved)
    assert ids(gone[:5]) == [gone]
    # Its players go with it, once it was their only match.
    run("history", "delete", gone, "--yes")
    assert "Dee" in offered(monkeypatch, capsys, table, "companion history list --player ")
    run("history", "delete", kept, "--yes")
    players = offered(monkeypatch, capsys, table, "companion history list --player ")
    assert "Dee" not in players and "Ana" in players
    # Tab's light fold of the records (no store imported) is the store's own.
    from companion.store import Store
    from companion.store.peek import Peek

    dead = Store(table).view().folded().dead
    assert Peek(table).dead == dead and {i for i, _ in dead} == {gone, kept}


def test_log_completes_known_players_names_with_their_equals(monkeypatch, capsys, table):
    everyone = ["Ana=", "Ann=", "Ben=", "Bob=", "Cy="]  # the history's and the live match's
    assert offered(monkeypatch, capsys, table, "companion log otdraft ") == everyone
    assert offered(monkeypatch, capsys, table, "companion log otdraft Ana=3 ") == everyone[1:]
    assert offered(monkeypatch, capsys, table, "companion log otdraft Ana=3 B") == ["Ben=", "Bob="]
    assert offered(monkeypatch, capsys, table, "companion log otdraft Ana=") == []
    assert offered(monkeypatch, capsys, table, "companion log playlist-solo ") == []
    assert bash_tab(table, "companion log otdraft Ana=3 Be") == ["Ben="]


@pytest.mark.slow
@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_a_real_shell_completes_a_known_players_equals_and_no_space(shell, table):
    words = typed_line(shell, table, "companion log otdraft Ana=3 Be", "Ben=", then="5")
    assert words[-1] == "Ben=5"  # no space after `Ben=`: the score is typed right on


def test_log_offers_only_the_named_games_own_options(monkeypatch, capsys, table):
    """Issue 42 item 3: `log playlist --<Tab>` offers the shared options and the Playlist's
    own, never another game's (`--tribe` is Valley Hoopers')."""
    from companion.history.log import loggable

    own = {kind: {o.flag for o in k.log.options} for kind, k in loggable().items()}
    every = set().union(*own.values())
    for game in ("playlist", "hoopers"):
        got = set(offered(monkeypatch, capsys, table, f"companion log {game} --"))
        assert own[game] <= got, game
        assert not (every - own[game]) & got, (game, (every - own[game]) & got)
        assert {"--when", "--note", "--json"} <= got
    assert "--tribe" in own["hoopers"] and "--tribe" not in own["playlist"]
    assert every <= set(offered(monkeypatch, capsys, table, "companion log --"))
