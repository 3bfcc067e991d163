#!/usr/bin/env python3
"""Tantivy beside the engine: the same documents and the same typed queries (docs/benchmarks.md).

StoreBenchmark writes the inputs (`--tantivy`): one JSON line per document with its four
fields already in the engine's index form (folded, CJK unigrams and bigrams, space-separated)
and the donated JSON line, stored as Tantivy stores documents; and one JSON line per query
with its class and terms (the last word a prefix, as the engine types them).

Tantivy indexes on one thread, each field with the whitespace tokenizer (the text is already
folded) and term frequencies (BM25 needs no positions), and stores the JSON line (a stored,
unindexed bytes field). A query is every term in any field: a term query per field
(a regex `term.*` for the prefix term), fields boosted as the engine weighs them (title 10,
keywords 5, address 3, description 1), terms combined with MUST, the top 20 by BM25 over every
match. Output, one line each: `ingest SECONDS DOCUMENTS INDEX_BYTES`, `search P50 P99 HITS`,
`class|NAME|COUNT|P50|P99`, `rss PEAK_MB`.
"""

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time

VERSION = "0.27.0"

try:
    import tantivy
except ImportError:  # the benchmark installs its peer itself
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", f"tantivy=={VERSION}"])
    import tantivy

FIELDS = (("title", 10.0), ("keywords", 5.0), ("address", 3.0), ("description", 1.0))


def percentile(sorted_values, p):
    """The nearest-rank percentile, as BenchmarkSupport computes it."""
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, round((len(sorted_values) - 1) * p))]


def build(documents_path, index_path):
    builder = tantivy.SchemaBuilder()
    for name, _ in FIELDS:
        builder.add_text_field(name, stored=False, tokenizer_name="whitespace", index_option="freq")
    builder.add_bytes_field("json", stored=True, indexed=False)
    schema = builder.build()
    os.makedirs(index_path, exist_ok=True)
    index = tantivy.Index(schema, path=index_path)
    start = time.perf_counter()
    writer = index.writer(heap_size=256_000_000, num_threads=1)
    count = 0
    with open(documents_path, encoding="utf-8") as f:  # read as it goes, as `proactive donate` does
        for line in f:
            d = json.loads(line)
            writer.add_document(
                tantivy.Document(
                    title=d["t"], keywords=d["k"], address=d["a"], description=d["d"], json=d["j"].encode()))
            count += 1
    writer.commit()
    writer.wait_merging_threads()
    seconds = time.perf_counter() - start
    size = sum(os.path.getsize(os.path.join(index_path, n)) for n in os.listdir(index_path))
    return schema, seconds, count, size


def query_for(schema, terms):
    musts = []
    for text, prefix in terms:
        per_field = []
        for name, boost in FIELDS:
            if prefix:
                q = tantivy.Query.regex_query(schema, name, re.escape(text) + ".*")
            else:
                q = tantivy.Query.term_query(schema, name, text)
            per_field.append((tantivy.Occur.Should, tantivy.Query.boost_query(q, boost)))
        musts.append((tantivy.Occur.Must, tantivy.Query.boolean_query(per_field)))
    return tantivy.Query.boolean_query(musts)


def search(schema, index_path, queries_path, warmup):
    index = tantivy.Index.open(index_path)
    index.reload()
    searcher = index.searcher()
    with open(queries_path, encoding="utf-8") as f:
        queries = [json.loads(line) for line in f]
    for q in queries[:warmup]:
        searcher.search(query_for(schema, q["terms"]), 20)
    times, classes, hits = [], {}, 0
    for q in queries:
        start = time.perf_counter()
        result = searcher.search(query_for(schema, q["terms"]), 20)
        hits += 1 if result.hits else 0
        elapsed = (time.perf_counter() - start) * 1000
        times.append(elapsed)
        classes.setdefault(q["class"], []).append(elapsed)
    return sorted(times), {k: sorted(v) for k, v in classes.items()}, hits


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", required=True)
    parser.add_argument("--queries", required=True)
    parser.add_argument("--index", required=True)
    parser.add_argument("--warmup", type=int, default=200)
    args = parser.parse_args()
    schema, seconds, count, size = build(args.documents, args.index)
    print(f"ingest {seconds:.3f} {count} {size}", flush=True)
    times, classes, hits = search(schema, args.index, args.queries, args.warmup)
    print(f"search {percentile(times, 0.5):.3f} {percentile(times, 0.99):.3f} {hits}")
    for name in sorted(classes):
        values = classes[name]
        print(f"class|{name}|{len(values)}|{percentile(values, 0.5):.3f}|{percentile(values, 0.99):.3f}")
    print(f"rss {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}")


if __name__ == "__main__":
    main()
