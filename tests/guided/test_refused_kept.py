"""A refused answer keeps what was typed: the question is asked anew with the refused text on
the line, to be mended (a seven-hooper line-up, a five-card team, a song list)."""

from __future__ import annotations

from companion.testing.scripted import BACKSPACE, CTRL_U


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
    # Asked again with the five still typed: mended, not retyped.
    flow.expect("? Lucy's five on court? Faust,Muy,Dime,Sin,Serge")
    flow.send(BACKSPACE * len("Sin,Serge") + "Joy,Reley\r")
    flow.expect("Dime N'Shons and Joy Kill both stand on the SF token (free: PF)")
    flow.expect("? Lucy's five on court? Faust,Muy,Dime,Joy,Reley")
    flow.send(BACKSPACE * len(",Reley") + "=PF,Reley\r")
    flow.answer("Karl's seven", "")  # the five is taken: the other team is asked
    flow.interrupt()
    assert flow.run("hoopers", "play").exit_code == 130


def test_ctrl_u_starts_a_refused_line_afresh(cli, scripted):
    flow = scripted
    flow.answer("Start one now?", "")
    flow.answer("Home team", "Ann,Ben")
    flow.expect("? Home team (a player's name)? (Home) Ann,Ben")
    flow.send(CTRL_U + "Ann\r")
    flow.answer("Away team?", "Bob")
    flow.interrupt()
    flow.run("hoopers", "play")
    assert "Ann,BenAnn" not in flow.text
