"""Just enough PNG for the tests: read the pixels of a screenshot (8-bit RGB or RGBA, not
interlaced -- what Chromium writes) and the text chunks a script wrote into a picture."""

from __future__ import annotations

import struct
import zlib
from typing import Iterator


def chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """(type, body) of every chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos = 8
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        yield data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        pos += 12 + n


def text(data: bytes) -> dict[str, str]:
    """The tEXt chunks: keyword -> text."""
    out = {}
    for kind, body in chunks(data):
        if kind == b"tEXt":
            key, _, value = body.partition(b"\0")
            out[key.decode("latin-1")] = value.decode("latin-1")
    return out


def with_text(data: bytes, key: str, value: str) -> bytes:
    """The PNG with a tEXt chunk ``key``: ``value`` after its header chunk."""
    body = key.encode("latin-1") + b"\0" + value.encode("latin-1")
    chunk = (struct.pack(">I", len(body)) + b"tEXt" + body
             + struct.pack(">I", zlib.crc32(b"tEXt" + body) & 0xFFFFFFFF))
    ihdr_end = 8 + 12 + int.from_bytes(data[8:12], "big")
    return data[:ihdr_end] + chunk + data[ihdr_end:]


def pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of RGB bytes."""
    idat = b""
    width = height = channels = 0
    for kind, body in chunks(data):
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and ctype in (2, 6), "unsupported PNG"
            channels = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    prev = bytearray(stride)
    rows = []
    i = 0
    for _ in range(height):
        kind = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if kind == 1:
            for x in range(channels, stride):
                line[x] = (line[x] + line[x - channels]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev))
        elif kind == 3:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 0xFF
        elif kind == 4:
            for x in range(stride):
                a = line[x - channels] if x >= channels else 0
                b = prev[x]
                c = prev[x - channels] if x >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pred) & 0xFF
        prev = line
        rows.append(bytes(line) if channels == 3 else bytes(
            b for k, b in enumerate(line) if k % 4 != 3))
    return width, height, rows
