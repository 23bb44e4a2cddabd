"""The ``cardcore`` command line: argument handling and rendering only."""
