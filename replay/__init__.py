"""Transcripts of card games: load them strictly, replay them, check and diff them.

``replay`` depends on :mod:`cardcore` and never the other way round; it is the
only place that knows JSON.
"""

from cardcore.replay.problems import Problem
from cardcore.replay.runner import Report, replay_file, replay_transcript
from cardcore.replay.transcript import Transcript, TranscriptError, dump_transcript, load_transcript

__all__ = [
    "Problem",
    "Report",
    "Transcript",
    "TranscriptError",
    "dump_transcript",
    "load_transcript",
    "replay_file",
    "replay_transcript",
]
