"""The display layer: board pictures (SVG, matplotlib) and outputs that render untrusted.

The names of :mod:`damas.display.output` are re-exported here, where the flat
module ``damas.display`` of release 0.1 kept them.
"""
from damas.display.output import (  # noqa: F401
    WIDGET_MIME, TEXTS, TWIN_CSS, compact_svg, svg_data_uri, img_tag, picture_bundle, show_picture,
    widget_bundle, widget_outputs, show_widget, png_bytes, show_png, Row, HTMLText,
)
