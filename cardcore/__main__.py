"""``python -m cardcore``: the ``cardcore`` command."""

from cardcore.cli import run

if __name__ == "__main__":
    run(prog_name="cardcore")
