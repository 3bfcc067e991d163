#!/usr/bin/env python3
"""Baseline for MarkupBenchmark: extruct (PyPI) on the same pages, in the same run.

Usage: extruct_baseline.py PAGES.json [ROUNDS]

PAGES.json is a JSON list of HTML strings written by the Swift benchmark. The script installs
extruct into a virtual environment under /tmp on first use, re-runs itself there, extracts JSON-LD,
microdata, RDFa and Open Graph from every page (warm-up pass, then ROUNDS timed passes) and prints
one JSON line: {"pages": N, "rounds": R, "pagesPerSecond": median, "extruct": version, "python": version}.
"""
import json
import os
import statistics
import subprocess
import sys
import time

VENV = "/tmp/proactive-extruct-venv"


def ensure_venv():
    python = os.path.join(VENV, "bin", "python")
    if sys.prefix == VENV:
        return
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True, stdout=sys.stderr)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "extruct"], check=True, stdout=sys.stderr)
    os.execv(python, [python] + sys.argv)


def main():
    ensure_venv()
    import extruct  # noqa: E402  (installed above)
    from importlib.metadata import version

    pages = json.load(open(sys.argv[1], encoding="utf-8"))
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    syntaxes = ["json-ld", "microdata", "rdfa", "opengraph"]

    def run():
        for page in pages:
            try:
                extruct.extract(page, syntaxes=syntaxes, errors="ignore")
            except Exception:
                pass

    run()  # warm-up
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        rates.append(len(pages) / (time.perf_counter() - start))
    print(json.dumps({
        "pages": len(pages), "rounds": rounds, "pagesPerSecond": statistics.median(rates),
        "extruct": version("extruct"), "python": sys.version.split()[0],
    }))


if __name__ == "__main__":
    main()
