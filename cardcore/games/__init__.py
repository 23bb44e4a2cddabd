"""One subpackage per game; each exports ``RULES`` (see :mod:`cardcore.protocol`)."""
