#!/usr/bin/env python3
"""Builds dist/monotable.html: the playground as one file that opens straight from file://.

Inlines style.css, text_layer.css, app.js, monotable.js and text_layer.js into index.html and the
engine (app.wasm, examples and fonts compiled in) in window.MONOTABLE_INLINE, which monotable.js
reads instead of fetching:
  wasmGzip   base64 of app.wasm gzip-compressed at the best level, unpacked in the browser with
             the standard DecompressionStream("gzip");
  wasmSize   app.wasm's size in bytes (progress while unpacking, and a check of the result).
Why compressed: base64 of the raw bytes hides their redundancy from gzip (a 6-bit alphabet over
byte boundaries), so the page gzipped came to more than 1 MB; base64 of already compressed bytes
gzips back to about their own size, and the raw file is about a third of what it was.
No service worker there (file:// has none); saving to the browser's storage still works.

Usage: make_single_file.py DIST_DIR
"""
import base64
import gzip
import pathlib
import re
import sys


def script(text: str) -> str:
    # "</script" inside inlined JS would end the element early.
    return "<script>\n" + text.replace("</script", "<\\/script") + "\n</script>"


def main() -> int:
    dist = pathlib.Path(sys.argv[1])
    html = (dist / "index.html").read_text(encoding="utf-8")
    css = (dist / "style.css").read_text(encoding="utf-8")
    wasm_bytes = (dist / "app.wasm").read_bytes()
    # mtime=0: the same app.wasm gives the same monotable.html.
    wasm = base64.b64encode(gzip.compress(wasm_bytes, compresslevel=9, mtime=0)).decode("ascii")
    app = (dist / "app.js").read_text(encoding="utf-8")
    bridge = (dist / "monotable.js").read_text(encoding="utf-8")
    text_css = (dist / "text_layer.css").read_text(encoding="utf-8")
    text_js = (dist / "text_layer.js").read_text(encoding="utf-8")

    link = '<link rel="stylesheet" href="style.css">'
    text_link = '<link rel="stylesheet" href="text_layer.css">'
    tag = '<script src="monotable.js"></script>'
    text_tag = '<script src="text_layer.js"></script>'
    if any(t not in html for t in (link, text_link, tag, text_tag)):
        print("make_single_file: index.html does not have the expected tags", file=sys.stderr)
        return 1
    html = html.replace(link, "<style>\n" + css + "\n</style>")
    html = html.replace(text_link, "<style>\n" + text_css + "\n</style>")
    # Replacements through a function: the inlined text may contain backslashes.
    html = re.sub(re.escape(text_tag), lambda _: script(text_js), html, count=1)
    inline = script('window.MONOTABLE_INLINE = {wasmSize: ' + str(len(wasm_bytes)) +
                    ', wasmGzip: "' + wasm + '"};') + "\n" + script(app)
    html = re.sub(re.escape(tag), lambda _: inline + "\n" + script(bridge), html, count=1)
    out = dist / "monotable.html"
    out.write_text(html, encoding="utf-8")
    raw = out.read_bytes()
    print(f"make_single_file: {out} ({len(raw) // 1024} KB, "
          f"{len(gzip.compress(raw, compresslevel=9)) // 1024} KB gzip)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
