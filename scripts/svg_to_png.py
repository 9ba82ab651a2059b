"""Render SVG pictures to PNG in headless Chromium, to look at them:
python scripts/svg_to_png.py PICTURE.svg... [--out DIR] [--scale 1.0]

Each PNG is the picture at its viewBox size (times ``--scale``), next to the SVG or in
``--out``. Needs Debian's chromium (``apt-get install chromium``)."""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"


def size_of(svg: str) -> tuple[int, int]:
    """The picture's width and height from its viewBox."""
    import xml.etree.ElementTree as ET

    box = ET.fromstring(svg).get("viewBox", "0 0 800 600").split()
    return round(float(box[2])), round(float(box[3]))


def render(svg_path: Path, png_path: Path, scale: float = 1.0) -> None:
    svg = svg_path.read_text(encoding="utf-8")
    w, h = size_of(svg)
    w, h = round(w * scale), round(h * scale)
    page = ("<!doctype html><html><body style='margin:0'>"
            f"<img src='{svg_path.resolve().as_uri()}' width='{w}' height='{h}'>"
            "</body></html>")
    with tempfile.TemporaryDirectory() as tmp:
        html = Path(tmp) / "page.html"
        html.write_text(page, encoding="utf-8")
        subprocess.run([CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", f"--window-size={w},{h}",
                        f"--screenshot={png_path.resolve()}", html.as_uri()],
                       check=True, capture_output=True, timeout=120)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("svg", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--scale", type=float, default=1.0)
    args = ap.parse_args(argv)
    for path in args.svg:
        out = (args.out or path.parent) / (path.stem + ".png")
        out.parent.mkdir(parents=True, exist_ok=True)
        render(path, out, args.scale)
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
