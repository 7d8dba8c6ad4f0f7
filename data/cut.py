#!/usr/bin/env python3
"""Cuts the bundled samples in this folder from the full public sets.

Usage: python3 data/cut.py [FULL_DATA_DIR]   (default: $CSP_DATA, else ../shared/data)

Every sample keeps a file's comment/header lines and then every k-th data line, starting
with the first (k is the stride in data/README.md and in crates/testdata/src/lib.rs), so a
test that takes every n-th item of the full set takes the same items of the sample with a
step of n / k when k divides n. DIMACS graphs and timetabling files are copied whole.
"""
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FULL = sys.argv[1] if len(sys.argv) > 1 else os.environ.get(
    "CSP_DATA", os.path.join(HERE, "..", "..", "shared", "data"))

# (path under the data folder, stride, how many leading lines are headers or None for
# "lines starting with #")
STRIDED = [
    ("sudoku/puzzles2_17_clue", 16, None),
    ("sudoku/puzzles3_magictour_top1465", 7, None),
    ("sudoku/puzzles6_forum_hardest_1106_shared301", 6, None),
    ("sudoku/puzzles7_serg_benchmark", 20, None),
    ("sudoku-rated/se_explainer_corpus.tsv", 3, 1),
    ("sudoku-rated/se_explainer_pencilmark.tsv", 2, 1),
    ("sudoku-rated/se_explainer_steps.jsonl", 8, 0),
    ("sudoku-rated/se_explainer_se121_vs_sukaku.tsv", 1, 1),
    ("sudoku-rated/hardest_db_110626.csv", 3, 1),
    ("sudoku-rated/sudokuexchange_diabolical.txt", 16, 0),
]

GRAPHS = [
    "myciel3", "myciel4", "myciel5", "myciel6", "queen5_5", "queen6_6", "queen8_8",
    "1-FullIns_3", "2-Insertions_3", "2-FullIns_3", "huck", "jean", "david", "anna",
    "miles250", "games120", "mug88_1", "r125.1", "le450_5a", "1-Insertions_4",
]
RAW = ["queen5_5.orig.col", "miles250.orig.col", "le450_5a.orig.col"]

# Timetabling benchmark files copied whole (the smallest of each format).
TIMETABLING = [
    "toronto/sta-f-83.crs", "toronto/sta-f-83.stu", "toronto/hec-s-92.crs",
    "toronto/hec-s-92.stu", "itc2007/comp01.ctt", "itc2007/comp11.ctt",
    "itc2007/exam_comp_set6.exam",
]


def cut(rel, stride, header):
    with open(os.path.join(FULL, rel), encoding="utf-8", newline="") as f:
        lines = f.read().splitlines(keepends=True)
    if header is None:
        head = [l for l in lines if l.startswith("#")]
        body = [l for l in lines if not l.startswith("#") and l.strip()]
    else:
        head, body = lines[:header], lines[header:]
    out = os.path.join(HERE, rel)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8", newline="") as f:
        f.writelines(head + body[::stride])
    print(f"{rel}: {len(body[::stride])} of {len(body)} (every {stride})")


def graphs():
    os.makedirs(os.path.join(HERE, "colouring", "raw"), exist_ok=True)
    for g in GRAPHS:
        shutil.copyfile(os.path.join(FULL, "colouring", g + ".col"),
                        os.path.join(HERE, "colouring", g + ".col"))
    for r in RAW:
        shutil.copyfile(os.path.join(FULL, "colouring", "raw", r),
                        os.path.join(HERE, "colouring", "raw", r))
    # The known values: the full README's table rows for the graphs kept (the bench reads
    # this table), under the table's own header.
    with open(os.path.join(FULL, "colouring", "README.md"), encoding="utf-8") as f:
        rows = f.read().splitlines()
    table = [r for r in rows if r.startswith("|")]
    keep = table[:2] + [r for r in table[2:]
                        if r.split("|")[1].strip().removesuffix(".col") in GRAPHS]
    with open(os.path.join(HERE, "colouring", "README.md"), "w", encoding="utf-8") as f:
        f.write("# DIMACS graphs: a sample of the shared set\n\n"
                f"{len(GRAPHS)} of the 75 graphs of the shared set (whole files) and its three "
                "untouched originals in `raw/`;\norigin, sources of the numbers and format "
                "notes in `../README.md`. The table is the full set's rows\nfor these graphs "
                "(`csp colour bench` reads it).\n\n")
        f.write("\n".join(keep) + "\n")
    print(f"colouring: {len(GRAPHS)} graphs, {len(RAW)} originals")


def timetabling():
    for rel in TIMETABLING:
        os.makedirs(os.path.dirname(os.path.join(HERE, "timetabling", rel)), exist_ok=True)
        shutil.copyfile(os.path.join(FULL, "timetabling", rel),
                        os.path.join(HERE, "timetabling", rel))
    print(f"timetabling: {len(TIMETABLING)} files")


if __name__ == "__main__":
    for rel, stride, header in STRIDED:
        cut(rel, stride, header)
    graphs()
    timetabling()
