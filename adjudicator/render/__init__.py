"""Renderers that turn a map (and the track on it) into text for reports."""

from __future__ import annotations

from adjudicator.render.ascii import (
    TrackMark,
    Window,
    WindowError,
    make_window,
    parse_window,
    render_grid,
    render_map,
    window_around,
)

__all__ = [
    "TrackMark",
    "Window",
    "WindowError",
    "make_window",
    "parse_window",
    "render_grid",
    "render_map",
    "window_around",
]
