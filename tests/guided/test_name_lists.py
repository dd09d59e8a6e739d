"""A list of names typed at a question: each name suggested as a single answer is, and
names typed by prefix echoed whole (issue 43 item 3)."""

from __future__ import annotations

import pytest

from companion.engine.errors import UnknownName
from companion.engine.names import match_prefix
from companion.ui.guided.prompts import taken_line

KEEPERS = ["Edd Trapp", "Manny Gentle", "May Friend", "Vernon Dely", "Chus Kinder"]


def test_a_name_after_a_comma_is_quoted_without_its_space_and_suggested():
    with pytest.raises(UnknownName) as single:
        match_prefix("mai", KEEPERS, what="hooper")
    with pytest.raises(UnknownName) as listed:
        match_prefix(" mai", KEEPERS, what="hooper")  # `edd, mai` split at its comma
    assert str(single.value) == str(listed.value) == "no hooper 'mai' (did you mean May Friend?)"


def test_names_taken_by_prefix_are_the_line_as_taken():
    assert taken_line("edd, may", ["Edd Trapp", "May Friend"]) == "Edd Trapp, May Friend"
    assert taken_line("edd", "Edd Trapp") == "Edd Trapp"
    assert taken_line("Edd Trapp", "Edd Trapp") is None  # as typed: left alone
    assert taken_line("Ana,Ben", ["Ana", "Ben"]) is None
    assert taken_line("friday", 3) is None  # not names


def start_with_line_ups(flow):
    flow.answer("Start one now?", "")
    flow.answer("Home team", "Lucy")
    flow.answer("Away team?", "Karl")
    flow.answer("Lucy's tribe?", "k")
    flow.answer("Karl's tribe?", "")
    flow.answer("Give the line-ups", "y")


def test_a_list_of_hoopers_suggests_and_echoes_whole_names(cli, scripted):
    flow = scripted
    start_with_line_ups(flow)
    flow.answer("Lucy's seven", "edd, mai, manny, vern, chus, henry, perry")
    flow.expect("no hooper of Lucy 'mai' (did you mean May Friend?)")
    flow.answer("Lucy's seven", "edd, may, manny, vern, chus, henry, perry")
    flow.interrupt()
    flow.run("hoopers", "play")
    seven = (
        "Edd Trapp, May Friend, Manny Gentle, Vernon Dely, Chus Kinder, Henry Closure, Perry Hel"
    )
    assert f"? Lucy's seven (comma separated)? {seven}\n" in flow.text
