"""`cardcore rules [GAME] [RULE-ID]`, `--search WORDS`, `--raw`: the rule pages,
shown offline, laid out for people, searched by their words, paged on a terminal."""

from __future__ import annotations

import importlib.resources
import os
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from cardcore.cli.main import main


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["rules", *args], env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_no_argument_lists_the_pages_and_how_to_use_it() -> None:
    """The index: every page, its rule range, and the ways to call the command."""
    code, out = run()
    assert code == 0
    for page in ("common", "goblin-poker", "orc-poker", "saint-poker", "auction", "transcript"):
        assert page in out
    assert "GP-1.1 ... GP-6.3" in out
    assert "cardcore rules goblin-poker GP-4.2" in out
    assert "cardcore rules --search WORDS" in out


def test_a_rule_with_its_game() -> None:
    """One rule: its page and heading first, its text, nothing of the next rule."""
    code, out = run("goblin-poker", "GP-4.2")
    assert code == 0
    assert out.startswith("Goblin Poker, GP-4.2 Fold\n")
    assert "smallest number showing on any stack" in out
    assert "GP-4.3" not in out


def test_a_rule_without_its_game() -> None:
    """The prefix names the game, so the rule alone is the same lookup."""
    assert run("GP-4.2") == run("goblin-poker", "GP-4.2")
    code, out = run("op-3.4")
    assert code == 0 and out.startswith("Orc Poker, OP-3.4 Give up")


def test_a_common_rule() -> None:
    """A common rule is found alone or with any game."""
    code, out = run("C-3")
    assert code == 0 and out.startswith("Common rules, C-3 ")
    assert run("saint-poker", "C-3") == (code, out)


def test_a_whole_page() -> None:
    """A page laid out in words: its title underlined, its headings, no Markdown marks."""
    code, out = run("goblin-poker")
    assert code == 0
    assert out.startswith("Goblin Poker (goblin-poker)\n===========================\n")
    assert "\nGP-1.1 " in out and "\nGP-6.3 " in out and "\nWorked example\n---" in out
    assert "#" not in out.split("Worked example")[0]
    assert "**" not in out and "](" not in out and "`" not in out


def test_a_section() -> None:
    """A section shows its rules, each under its heading, and stops at the next section."""
    code, out = run("GP-4")
    assert code == 0
    assert "\nGP-4.1 Turn order\n" in out and "\nGP-4.6 Bust\n" in out
    assert "GP-5.1 The next round" not in out and "###" not in out


def test_the_transcript_format() -> None:
    """The transcript page, with its exit statuses; its tables read as columns."""
    code, out = run("transcript")
    assert code == 0
    assert out.startswith("The transcript format (cardcore-transcript/1)\n=====")
    assert "exit status" in out.lower()
    assert "|---" not in out and "| `" not in out


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
    """A page or rule that does not exist: exit 2, and the message says what does."""
    code, out = run(*args)
    assert code == 2
    assert message in out
    assert "Traceback" not in out


def test_the_command_is_listed_in_the_help() -> None:
    """cardcore --help lists the command."""
    result = CliRunner().invoke(main, ["--help"])
    assert "rules" in result.output


def test_a_rule_id_copied_with_its_brackets_is_found() -> None:
    """Messages print "rule [C-5]" and "(GP-4.1)"; pasted as they stand, they still look up."""
    for pasted, heading in (("[C-5]", "C-5"), ("(GP-4.1)", "GP-4.1")):
        code, out = run(pasted)
        assert code == 0 and heading in out


def test_raw_gives_the_markdown_source() -> None:
    """--raw (or --markdown) prints the page's Markdown as shipped, for a pipe or a file."""
    shipped = importlib.resources.files("cardcore.docs").joinpath("goblin-poker.md")
    code, out = run("goblin-poker", "--raw")
    assert code == 0 and out == shipped.read_text(encoding="utf-8").rstrip("\n") + "\n"
    code, out = run("--markdown", "AU-2.5")
    assert code == 0 and "**Revised (the single joker).**" in out and "[rulings](rulings.md)" in out


def test_a_rule_is_shown_in_words() -> None:
    """A rule's bold ruling and its link become words; no Markdown mark is left."""
    code, out = run("AU-2.5")
    assert code == 0
    assert "\nRevised (the single joker). Earlier versions" in out
    assert "(see rulings)." in out
    assert "**" not in out and "](" not in out and "`" not in out


def test_off_a_terminal_the_text_is_plain_even_without_no_color() -> None:
    """Styling is for a terminal: piped or captured, no escape sequence is printed."""
    code, out = run("auction", env={"NO_COLOR": ""})
    assert code == 0 and "\x1b[" not in out


def test_the_text_is_wrapped_to_the_width() -> None:
    """COLUMNS (the terminal's width) decides where lines break; code keeps its lines."""
    code, out = run("common", env={"COLUMNS": "50"})
    assert code == 0
    long = [line for line in out.splitlines() if len(line) > 50]
    assert long == [], long
    assert any(len(line) > 45 for line in out.splitlines())  # filled, not just short
    assert "\nLook any rule up offline with cardcore rules C-3\n(or cardcore rules" in out


def test_search_ranks_rules_with_their_page_and_an_excerpt() -> None:
    """--search bust: the rule titled Bust first, each hit named by rule ID and page,
    a line of its text under it, and how to read one."""
    code, out = run("--search", "bust")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "9 places in the rules with 'bust', best first:"
    assert lines[2] == "GP-4.6 Bust (goblin-poker)"
    assert lines[3].startswith("    ") and "busts them" in lines[3]
    assert "OP-3.3 Draw (orc-poker)" in lines and "goblin-poker: Goblin Poker" in lines
    assert lines[-1] == "Read one with: cardcore rules GP-4.6"


def test_search_words_after_the_option_are_searched_too() -> None:
    """`--search tie break` is the search for both words, as if they were quoted."""
    assert run("--search", "tie", "break") == run("--search", "tie break")
    code, out = run("-s", "stock runs out")
    assert code == 0
    assert out.splitlines()[2] == "GP-2.4 The stock runs out in a tie-break (goblin-poker)"


def test_search_that_finds_nothing_exits_1() -> None:
    """Nothing found: a message that says so and what to try, exit 1 (as grep)."""
    code, out = run("--search", "xyzzy")
    assert code == 1
    assert "nothing in the rule pages has the words 'xyzzy'" in out
    assert "Traceback" not in out


def test_search_without_words_is_bad_usage() -> None:
    """--search with nothing to look for is a usage error, exit 2."""
    code, out = run("--search", "  ")
    assert code == 2 and "--search needs words" in out


def test_a_word_that_is_no_page_suggests_the_rules_that_have_it() -> None:
    """`cardcore rules bust`: no such page (exit 2), but the rules with the word are named."""
    code, out = run("bust")
    assert code == 2
    assert "no page 'bust': the pages are common, goblin-poker" in out
    assert "The rules with the word 'bust' (all 9: cardcore rules --search bust):" in out
    assert "  GP-4.6 Bust (goblin-poker)" in out
    code, out = run("gin-rummy")
    assert code == 2 and "The rules with the word" not in out


PAGER_MARK = "PAGED-BY-THE-TEST-PAGER"


def _pager(tmp_path: Path) -> str:
    """A pager that marks what it is given, so a test sees whether it was used."""
    script = tmp_path / "pager.sh"
    script.write_text(f"#!/bin/sh\necho {PAGER_MARK}\ncat\n", encoding="utf-8")
    script.chmod(0o755)
    return str(script)


def _terminal(command: str, args: list[str], tmp_path: Path,
              **extra: str) -> tuple[int, str]:
    """Run in a real pseudo terminal of 24 lines by 80 columns; its exit status and screen."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("NO_COLOR", "COLUMNS", "LINES")}
    env.update(TERM="xterm", PAGER=_pager(tmp_path), **extra)
    child = pexpect.spawn(command, args, env=env, encoding="utf-8", timeout=20,
                          dimensions=(24, 80))
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus or 0, child.before or ""


def test_a_long_page_on_a_terminal_goes_through_the_pager(tmp_path: Path) -> None:
    """$PAGER is used for a page longer than the screen, and given all of it."""
    code, screen = _terminal(sys.executable, ["-m", "cardcore", "rules", "goblin-poker"],
                             tmp_path)
    assert code == 0
    assert PAGER_MARK in screen
    assert "GP-6.3" in screen and "Worked example" in screen


def test_a_short_rule_on_a_terminal_is_not_paged_and_is_styled(tmp_path: Path) -> None:
    """A rule that fits the screen is printed directly, its heading in bold."""
    code, screen = _terminal(sys.executable, ["-m", "cardcore", "rules", "C-4"], tmp_path)
    assert code == 0
    assert PAGER_MARK not in screen
    assert "\x1b[1mCommon rules, C-4 " in screen


def test_no_color_turns_the_styling_off_on_a_terminal(tmp_path: Path) -> None:
    """NO_COLOR set: the same rule, with no escape sequence."""
    code, screen = _terminal(sys.executable, ["-m", "cardcore", "rules", "C-4"], tmp_path,
                             NO_COLOR="1")
    assert code == 0
    assert "Common rules, C-4 " in screen and "\x1b[" not in screen


def test_a_long_page_piped_is_never_paged(tmp_path: Path) -> None:
    """Typed at a terminal but piped on (stdout no terminal): printed whole, no pager, plain."""
    command = f"{sys.executable} -m cardcore rules goblin-poker | cat"
    code, screen = _terminal("/bin/sh", ["-c", command], tmp_path)
    assert code == 0
    assert PAGER_MARK not in screen and "\x1b[" not in screen
    assert "GP-6.3" in screen and "Worked example" in screen


def test_captured_output_is_never_paged(tmp_path: Path) -> None:
    """Under click's test runner (no terminal) a long page is printed, $PAGER unused."""
    code, out = run("auction", env={"PAGER": _pager(tmp_path)})
    assert code == 0 and PAGER_MARK not in out and "AU-7.8" in out
