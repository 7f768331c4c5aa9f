"""tools/perf_report.py rewrites only its own part of docs/PERFORMANCE.md: the
notes and the sections other tools write stay as they are."""

from __future__ import annotations

from pathlib import Path

from toolhelp import load_tool

ROOT = Path(__file__).resolve().parents[1]


def test_the_report_replaces_its_part_and_keeps_the_rest():
    tool = load_tool("perf_report")
    doc = (f"{tool.BEGIN}\n# Performance\n\nold figures\n{tool.END}\n\nA note on the table.\n\n"
           "## Against the previous main\n\n<!-- bench-compare:begin -->\nratios\n<!-- bench-compare:end -->\n")
    new = tool.put_report(doc, "# Performance\n\nnew figures")
    assert new == doc.replace("old figures", "new figures")
    # a file without the markers keeps all it held, below the report
    assert tool.put_report("## Notes\n", "# Performance") == f"{tool.BEGIN}\n# Performance\n{tool.END}\n\n## Notes\n"
    assert tool.put_report("", "# Performance") == f"{tool.BEGIN}\n# Performance\n{tool.END}\n"


def test_the_performance_document_opens_with_the_report_part():
    tool = load_tool("perf_report")
    doc = (ROOT / "docs" / "PERFORMANCE.md").read_text(encoding="utf-8")
    assert doc.startswith(f"{tool.BEGIN}\n# Performance\n")
    assert doc.count(tool.BEGIN) == 1 and doc.count(tool.END) == 1
    # everything after the report part (the notes, the speed history, the computer
    # opponents) is what a new report keeps
    rest = doc[doc.index(tool.END):]
    assert "## Against the previous main" in rest and "## Computer opponents" in rest
    assert tool.put_report(doc, "# Performance").endswith(rest)
