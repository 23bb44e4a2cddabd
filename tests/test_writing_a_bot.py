"""docs/writing-a-bot.md: its Python blocks run, in order, in one namespace."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "writing-a-bot.md"


def test_every_block_of_the_walkthrough_runs(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The walkthrough's code does what its text says (its own asserts hold)."""
    monkeypatch.chdir(tmp_path)
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.DOTALL | re.MULTILINE)
    assert len(blocks) >= 7
    namespace: dict[str, object] = {"__name__": "walkthrough"}
    for number, block in enumerate(blocks, 1):
        exec(compile(block, f"{DOC.name} block {number}", "exec"), namespace)


def test_the_walkthroughs_table_of_zones_names_every_zone_a_game_uses() -> None:
    """The table of zone names is every zone that played games of each game reach,
    and no other: a misspelt name reads as an empty zone, so the list must be right."""
    from cardcore.play import RandomPolicy, play

    titles = {"Goblin Poker": "goblin-poker", "Orc Poker": "orc-poker",
              "Saint Poker": "saint-poker", "Abbott's Auction": "auction"}
    rows = dict(re.findall(r"^\| ([^|]+?) \| (`.+) \|$", DOC.read_text(encoding="utf-8"), re.M))
    common = set(re.findall(r'`"([^`]+)"`', rows.pop("every game")))
    for title, game in titles.items():
        documented = common | set(re.findall(r'`"([^`]+)"`', rows[title]))
        reached: set[str] = set()
        for seed in range(40):
            log = play(game, [RandomPolicy(seed * 3 + seat) for seat in range(3)], seed=seed)
            for state in log.states:
                reached.update(state.account.zones)
        named = {zone.replace("P1", "NAME").replace("P2", "NAME").replace("P3", "NAME")
                 for zone in reached}
        assert named == documented, (title, sorted(named ^ documented))
