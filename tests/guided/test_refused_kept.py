"""A refused answer keeps what was typed one ↑ away: the question is asked anew on an empty
line, ↑ brings the refused text back to be mended (a seven-hooper line-up, a five-card team,
a song list), and anything typed instead is never glued to it (issue 43 item 1)."""

from __future__ import annotations

from companion.testing.scripted import BACKSPACE, CTRL_U, UP


def test_a_refused_five_stays_on_the_line_and_says_every_clash(cli, scripted):
    flow = scripted
    flow.answer("Start one now?", "")
    flow.answer("Home team", "Lucy")
    flow.answer("Away team?", "Karl")
    flow.answer("Lucy's tribe?", "unleashed")
    flow.answer("Karl's tribe?", "keepers")
    flow.answer("Give the line-ups", "y")
    flow.answer("Lucy's seven", "Dime,Joy,Faust,Serge,Sin,Muy,Reley")
    flow.answer("Lucy's five on court?", "Faust,Muy,Dime,Sin,Serge")
    flow.expect(
        "Lucy's five: Faust Exit and Serge Ceptor both stand on the PG token; "
        "Muy Schillato and Sin Miedo both stand on the SG token (free: PF, C)"
    )
    # Asked again on an empty line, the five one ↑ away: mended, not retyped.
    flow.send(UP + BACKSPACE * len("Sin,Serge") + "Joy,Reley\r")
    flow.expect("Dime N'Shons and Joy Kill both stand on the SF token (free: PF)")
    flow.send(UP + BACKSPACE * len(",Reley") + "=PF,Reley\r")
    flow.answer("Karl's seven", "")  # the five is taken: the other team is asked
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130


def test_a_refused_line_starts_empty_and_ctrl_u_clears_a_recalled_one(cli, scripted):
    flow = scripted
    flow.answer("Start one now?", "")
    flow.answer("Home team", "Ann,Ben")
    flow.expect("one name here")
    flow.answer("Home team", "Ann")  # typed on an empty line: not glued to the refused one
    flow.answer("Away team?", "Ann")
    flow.expect("Ann is the home team")
    flow.send(UP + CTRL_U + "Bob\r")
    flow.expect("? Ann's tribe?")
    flow.interrupt()
    flow.run("hoopers", "play")
    assert "Ann,BenAnn" not in flow.text and "AnnBob" not in flow.text


def test_a_question_mark_is_help_at_every_question_never_an_answer(cli, scripted):
    """Issue 43 item 2: `?` at a question with no explanation of its own says what to type
    there and asks again; it is never taken as a name (nor glued to the next answer)."""
    flow = scripted
    flow.answer("Start one now?", "")
    flow.answer("Home team", "?")
    flow.expect("Type your answer. Enter alone takes Home.")
    flow.answer("Home team", "Ann")
    flow.answer("Away team?", "Bob")
    flow.expect("? Ann's tribe?")
    flow.interrupt()
    flow.run("hoopers", "play")
    assert "?Ann" not in flow.text
    assert cli("players", "list", "--json").stdout.count("?") == 0
