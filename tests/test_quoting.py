"""How messages and outputs quote the input: control characters made visible."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardcore.quoting import WrittenNumber, names, python_quoted, quoted, visible, with_article

INVISIBLE = {*range(0x00, 0x20), *range(0x7F, 0xA0), 0x061C, 0x200E, 0x200F, 0x2028, 0x2029,
             *range(0x202A, 0x202F), *range(0x2066, 0x206A), *range(0xD800, 0xE000),
             0xAD, 0x180E, 0x200B, *range(0x2060, 0x2065), 0xFEFF}
"""What the module says a terminal takes as a command, not as text: C0, DEL, C1, the
line and paragraph separators, the direction marks and lone surrogates; and what
prints as nothing: the soft hyphen, the Mongolian vowel separator, the zero-width
space, the word joiner and invisible operators, the byte order mark (not the
zero-width joiner and non-joiner, which scripts and emoji are written with)."""

SHORT = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def escaped(text: str, lines: bool) -> str:
    """What visible should give, character by character."""
    return "".join(char if ord(char) not in INVISIBLE or (lines and char == "\n")
                   else SHORT.get(char, f"\\u{ord(char):04x}") for char in text)


TEXTS = st.text(st.one_of(
    st.characters(max_codepoint=0x7F),  # printable ASCII and C0: the fast path and its edge
    st.sampled_from([*[chr(code) for code in sorted(INVISIBLE)][::7], "\x7f", "\n", "\x9f"]),
    st.characters(blacklist_categories=()),  # anything else, lone surrogates included
))


@given(TEXTS, st.booleans())
def test_visible_escapes_exactly_the_invisible_characters(text: str, lines: bool) -> None:
    """Printable ASCII is returned without a pattern and everything else searched: either
    way each invisible character is escaped (a line break kept with lines=True), and
    only those."""
    assert visible(text, lines=lines) == escaped(text, lines)


def test_plain_text_is_returned_as_it_is() -> None:
    """Printable ASCII, a name with an accent, and (with lines=True) JSON over several
    lines need no escape: the very string comes back."""
    for text, lines in [("ok   a.json: chips: Aki 10", False), ("Zoë", False),
                        ('{\n  "a": 1\n}', True), ("", False)]:
        assert visible(text, lines=lines) is text


def test_a_character_that_prints_as_nothing_is_escaped_but_a_joiner_is_not() -> None:
    """A zero-width space after "Aki" would print as "Aki" in a rule's message or a
    standings line, where the file's name is another; it is escaped. The zero-width
    joiner of an emoji sequence and the non-joiner of Persian are part of how the
    text is written, and are printed."""
    assert visible("Aki\u200b chips") == "Aki\\u200b chips"
    assert visible("\ufeffBen\u2060") == "\\ufeffBen\\u2060"
    assert visible("\U0001f468\u200d\U0001f469") == "\U0001f468\u200d\U0001f469"
    assert visible("\u0645\u06cc\u200c\u062e\u0648\u0627\u0645") == (
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645")


def test_a_list_of_names_quotes_a_name_that_does_not_show_as_written() -> None:
    """A name with a character that prints as nothing (a zero-width space, a soft
    hyphen, a joiner) or white space at an end is quoted with its escapes: listed
    as it is, "Aki, Ben" would hide that one of them is not what it looks like.
    Names that show as written are listed bare, as before."""
    assert names(["Aki", "Ben\u200b", "Chi\u00e9", "Dov\u00ad", "Eve "]) == (
        "Aki, 'Ben\\u200b', Chi\u00e9, 'Dov\\u00ad', 'Eve '")


def test_a_kind_takes_the_article_its_first_letter_asks_for() -> None:
    """"an" before a vowel, in either case, "a" before anything else."""
    assert [with_article(word) for word in ("int", "Event", "str", "list", "object")] == [
        "an int", "an Event", "a str", "a list", "an object"]


def test_a_written_number_is_quoted_as_written() -> None:
    """A number the loader kept with its text (``1e0``) is quoted so, not as
    Python writes it (``1.0``); a long one by its start and length; a plain
    float as JSON writes it."""
    assert quoted(WrittenNumber("1e0")) == "1e0"
    assert quoted(WrittenNumber("-2.50E+3")) == "-2.50E+3"
    assert quoted(WrittenNumber("1." + "0" * 100)) == "1." + "0" * 38 + "... (102 characters)"
    assert quoted(1.0) == "1.0"


def test_a_value_a_program_gave_is_quoted_as_python_writes_it() -> None:
    """The play API's messages quoted a program's True and None as JSON's true and
    null (``m.legal(True)``: "true is not a seat"), words the program never wrote.
    A value a program gave is quoted as Python writes it, shortened as long
    values are (a long list by its first items, a long string and a long number
    as :func:`quoted` shortens them), control characters escaped; a transcript's
    value keeps its JSON words."""
    assert [python_quoted(value) for value in (True, None, 1.5, "x", [1, None])] == [
        "True", "None", "1.5", "'x'", "[1, None]"]
    assert python_quoted(list(range(30))) == "[0, 1, 2, 3, 4, 5, ...]"
    assert python_quoted("x" * 100) == quoted("x" * 100) and python_quoted(10**40) == quoted(10**40)
    assert len(python_quoted(ValueError("y" * 200))) <= 60
    assert python_quoted(["a\x1b]52"]) == "['a\\x1b]52']"
    assert python_quoted(Shown("a\x1b]52")) == "Shown(a\\u001b]52)"
    assert [quoted(value) for value in (True, None)] == ["true", "null"]


class Shown:
    """A value whose repr prints what it holds as it is (as a program's may)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Shown({self.text})"


def test_a_quoted_string_escapes_control_characters_as_the_pointer_beside_it() -> None:
    """A key holding ESC was quoted as Python writes it while its pointer, beside
    it in the same line, was written as JSON does: "/events/4/car\\u001bd: unknown
    key 'car\\x1bd'". A quoted string escapes them as :func:`visible` does; a
    backslash the input holds stays a backslash."""
    assert quoted("car\x1bd") == "'car\\u001bd'" == f"'{visible('car' + chr(27) + 'd')}'"
    assert quoted("\x00\x7f\x9b") == "'\\u0000\\u007f\\u009b'"
    assert quoted("a\\x1b") == "'a\\\\x1b'" and quoted("\\\x1b") == "'\\\\\\u001b'"
    assert quoted("x" * 39 + "\x1b" + "y" * 60).startswith("'" + "x" * 39 + "\\u001b'...")
