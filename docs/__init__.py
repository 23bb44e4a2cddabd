"""The documentation pages, shipped so that `cardcore rules` works offline."""
