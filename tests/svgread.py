"""Reading a chart's SVG back as figures, by the scale the chart says it was drawn with
(shared by the tests of the report's chart and of the study's)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
"""The SVG namespace, as ElementTree writes a tag."""


def figure_at(svg: ET.Element, y: float) -> float:
    """A y coordinate read back as a figure: ``data-low`` and ``data-high`` are the
    figures at pixels ``data-y-low`` and ``data-y-high``."""
    low, high = float(svg.get("data-low", "")), float(svg.get("data-high", ""))
    y_low, y_high = float(svg.get("data-y-low", "")), float(svg.get("data-y-high", ""))
    return low + (high - low) * (y_low - y) / (y_low - y_high)


def classed(svg: ET.Element, tag: str, name: str) -> list[ET.Element]:
    """The ``tag`` elements of ``svg`` whose class list holds ``name``, in order."""
    return [node for node in svg.iter(f"{SVG}{tag}")
            if name in node.get("class", "").split()]
