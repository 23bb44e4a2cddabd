"""``python -m cardcore``: the ``cardcore`` command."""

from cardcore.cli.main import main

if __name__ == "__main__":
    main(prog_name="cardcore")
