"""The rules excused from the coverage gate (cardcore.replay.rule_gaps): real rules,
each with its reason, and the unreachable ones explained on their pages too."""

from __future__ import annotations

from cardcore.replay.rule_gaps import NEEDS_FIXTURE, UNREACHABLE
from cardcore.rulebook import find_rule


def test_every_listed_id_is_a_rule_with_a_page_and_a_reason() -> None:
    """A typo or a section would excuse nothing: each entry is one rule, with words."""
    for listed in (UNREACHABLE, NEEDS_FIXTURE):
        for rule_id, reason in listed.items():
            rule = find_rule(rule_id)
            assert rule.id == rule_id and not rule.is_section, rule_id
            assert len(reason.split()) >= 5, rule_id
    assert not UNREACHABLE.keys() & NEEDS_FIXTURE.keys()


def test_the_page_of_each_unreachable_rule_says_why() -> None:
    """A reader of the rule learns there that no transcript cites it
    (``cardcore rules AU-7.6``), and that coverage lists it."""
    for rule_id in UNREACHABLE:
        text = find_rule(rule_id).text
        assert "No transcript cites it" in text or "No fixture shows it" in text, rule_id
        assert "cardcore coverage" in text, rule_id
