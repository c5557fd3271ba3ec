#!/usr/bin/env bash
# Every citation of the rule book resolves: each `dynamodb-rules.md §N` or `§N.N` (and both ends of
# a range `§1.5-1.7`) in the sources, tests and docs names a section heading of
# docs/dynamodb-rules.md. A comment that cites a rule the book does not have fails here.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 - <<'PY'
import pathlib, re, sys

book = pathlib.Path("docs/dynamodb-rules.md").read_text(encoding="utf-8")
# Headings "## 2. Errors", "### 1.5 Read capacity" give sections "2" and "1.5".
sections = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", book, re.M))
if not sections:
    sys.exit("doc_citations: no numbered sections in docs/dynamodb-rules.md")

cite = re.compile(r"dynamodb-rules\.md((?:[ ,]*(?:and )?§[0-9][0-9.]*(?:[-\u2013][0-9][0-9.]*)?)+)")
ref = re.compile(r"§([0-9][0-9.]*)(?:[-\u2013]([0-9][0-9.]*))?")
roots = ["core", "ui", "cli", "web", "tests", "docs", "scripts", "examples", "README.md"]
suffixes = {".cc", ".h", ".js", ".mjs", ".md", ".json", ".py", ".sh", ".txt", ".html", ""}
bad, count = [], 0
for root in roots:
    base = pathlib.Path(root)
    files = [base] if base.is_file() else base.rglob("*")
    for path in files:
        if not path.is_file() or "node_modules" in path.parts or path.suffix not in suffixes:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        # JSON files spell § as \u00a7.
        text = text.replace("\\u00a7", "§")
        for line_no, line in enumerate(text.splitlines(), 1):
            for m in cite.finditer(line):
                for r in ref.finditer(m.group(1)):
                    for s in filter(None, r.groups()):
                        s = s.rstrip(".")
                        count += 1
                        if s not in sections:
                            bad.append(f"{path}:{line_no}: §{s} is not a section of docs/dynamodb-rules.md")
for b in bad:
    print(b)
print(f"doc citations: {count} checked, {len(bad)} unresolved")
sys.exit(1 if bad else 0)
PY
