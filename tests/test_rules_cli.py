"""`cardcore rules [GAME] [RULE-ID]`: the rule pages, printed offline."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardcore.cli.main import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["rules", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_no_argument_lists_the_pages_and_how_to_use_it() -> None:
    code, out = run()
    assert code == 0
    for page in ("common", "goblin-poker", "orc-poker", "saint-poker", "auction", "transcript"):
        assert page in out
    assert "GP-1.1 ... GP-6.3" in out
    assert "cardcore rules goblin-poker GP-4.2" in out


def test_a_rule_with_its_game() -> None:
    code, out = run("goblin-poker", "GP-4.2")
    assert code == 0
    assert out.startswith("Goblin Poker, GP-4.2 Fold\n")
    assert "smallest number showing on any stack" in out
    assert "GP-4.3" not in out


def test_a_rule_without_its_game() -> None:
    assert run("GP-4.2") == run("goblin-poker", "GP-4.2")
    code, out = run("op-3.4")
    assert code == 0 and out.startswith("Orc Poker, OP-3.4 Give up")


def test_a_common_rule() -> None:
    code, out = run("C-3")
    assert code == 0 and out.startswith("Common rules, C-3 ")
    assert run("saint-poker", "C-3") == (code, out)


def test_a_whole_page() -> None:
    code, out = run("goblin-poker")
    assert code == 0
    assert out.startswith("# Goblin Poker")
    assert "### GP-1.1" in out and "### GP-6.3" in out and "## Worked example" in out


def test_a_section() -> None:
    code, out = run("GP-4")
    assert code == 0
    assert "### GP-4.1" in out and "### GP-4.6" in out and "GP-5.1 The next round" not in out


def test_the_transcript_format() -> None:
    code, out = run("transcript")
    assert code == 0
    assert out.startswith("# The transcript format")
    assert "exit status" in out.lower()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("goblin-poker", "GP-9.1"),
         "no rule GP-9.1 in Goblin Poker: its rules are GP-1.1 ... GP-6.3"),
        (("GP-9.1",), "no rule GP-9.1 in Goblin Poker: its rules are GP-1.1 ... GP-6.3"),
        (("C-9",), "no rule C-9 in Common rules: its rules are C-1 ... C-8"),
        (("gin-rummy",), "no page 'gin-rummy': the pages are common, goblin-poker,"),
        (("orc-poker", "GP-4.2"), "GP-4.2 is a rule of Goblin Poker, not of Orc Poker"),
        (("goblin-poker", "fold"), "'fold' is not a rule ID"),
        (("XP-1",), "'XP-1' is not a rule ID"),
    ],
)
def test_unknown_page_or_rule_exits_2_with_what_exists(args: tuple[str, ...], message: str) -> None:
    code, out = run(*args)
    assert code == 2
    assert message in out
    assert "Traceback" not in out


def test_the_command_is_listed_in_the_help() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert "rules" in result.output


def test_a_rule_id_copied_with_its_brackets_is_found() -> None:
    """Messages print "rule [C-5]" and "(GP-4.1)"; pasted as they stand, they still look up."""
    for pasted, heading in (("[C-5]", "C-5"), ("(GP-4.1)", "GP-4.1")):
        code, out = run(pasted)
        assert code == 0 and heading in out
