#!/usr/bin/env python3
"""Builds dist/monotable.html: the playground as one file that opens straight from file://.

Inlines style.css, app.js and monotable.js into index.html and the engine (app.wasm, examples
compiled in) as base64 in window.MONOTABLE_INLINE, which monotable.js reads instead of fetching.
No service worker there (file:// has none); saving to the browser's storage still works.

Usage: make_single_file.py DIST_DIR
"""
import base64
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
    wasm = base64.b64encode((dist / "app.wasm").read_bytes()).decode("ascii")
    app = (dist / "app.js").read_text(encoding="utf-8")
    bridge = (dist / "monotable.js").read_text(encoding="utf-8")

    link = '<link rel="stylesheet" href="style.css">'
    tag = '<script src="monotable.js"></script>'
    if link not in html or tag not in html:
        print("make_single_file: index.html does not have the expected tags", file=sys.stderr)
        return 1
    html = html.replace(link, "<style>\n" + css + "\n</style>")
    inline = script('window.MONOTABLE_INLINE = {wasm: "' + wasm + '"};') + "\n" + script(app)
    # Replacement through a function: the inlined text may contain backslashes.
    html = re.sub(re.escape(tag), lambda _: inline + "\n" + script(bridge), html, count=1)
    out = dist / "monotable.html"
    out.write_text(html, encoding="utf-8")
    print(f"make_single_file: {out} ({out.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
