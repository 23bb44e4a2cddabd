"""Tests for cardcore.play.seam: what a game adds so that a program can play it."""

from __future__ import annotations

from typing import Any

import attrs

from cardcore.games.saint import River
from cardcore.play import play
from cardcore.play.listing import Listing
from cardcore.play.policies import Offer
from cardcore.play.seam import merge_tables


def test_merged_parts_keep_each_seats_note_after_its_name() -> None:
    """A step taken together is merged from the seats' parts; a part's note was
    dropped without a word (a bot's "a bluff" on its reveal was gone from the
    saved game). Each is kept in the event's note, after its player, in the
    order of the parts; parts without one add nothing."""
    merged = merge_tables([River(cards={"Aki": None}, note="saving the ace"),
                           River(cards={"Ben": None}),
                           River(cards={"Cy": None}, note="last card")])
    assert merged.note == "Aki: saving the ace; Cy: last card"
    assert merge_tables([River(cards={"Aki": None}), River(cards={"Ben": None})]).note is None
    assert merge_tables([River(cards={}, note="?"), River(cards={"Ben": None})]).note == "?"


def test_a_policys_note_on_its_part_reaches_the_saved_game() -> None:
    """Through :func:`play`: a seat that writes a note on each of its river parts
    finds it in every river event of the log, under its player's name."""
    def noting(view: Any, offers: Listing) -> Offer:
        answer: Offer = offers[0]
        if isinstance(answer, River):
            return attrs.evolve(answer, note="first card")
        return answer

    log = play("saint-poker", [noting, lambda view, offers: offers[0]], seed=1,
               options={"rounds": 2})
    rivers = [event for event in log.events if event.TYPE == "river"]
    assert rivers and all(event.note == "P1: first card" for event in rivers)
