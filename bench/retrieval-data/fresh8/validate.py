"""Check the fresh8 question set against its corpora and the layout its README describes.

Run: python3 validate.py   (prints a summary and exits 1 listing every problem found)
"""

import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]

EXPECTED = {
    "help": {"prefix": "p-h", "counts": {"close": 25, "paraphrase": 35, "unanswerable": 25}},
    "shop": {"prefix": "p-s", "counts": {"close": 8, "paraphrase": 12, "unanswerable": 10}},
}


def load_help_corpus():
    articles = json.loads((REPO / "server/services/demo/help-articles.json").read_text(encoding="utf-8"))
    return {str(article["id"]): article["body"] for article in articles}


def load_shop_corpus():
    lines = (REPO / "bench/retrieval-data/shop/corpus.jsonl").read_text(encoding="utf-8").splitlines()
    docs = [json.loads(line) for line in lines if line.strip()]
    return {doc["_id"]: doc["text"] for doc in docs}


def check_set(name, corpus, problems):
    spec = EXPECTED[name]
    prefix = spec["prefix"]
    queries = []
    for number, line in enumerate((HERE / name / "queries.jsonl").read_text(encoding="utf-8").splitlines(), 1):
        try:
            queries.append(json.loads(line))
        except json.JSONDecodeError as error:
            problems.append(f"{name}/queries.jsonl line {number}: invalid JSON ({error})")
    total = sum(spec["counts"].values())
    expected_ids = [f"{prefix}{n:02d}" for n in range(1, total + 1)]
    ids = [query.get("_id") for query in queries]
    if ids != expected_ids:
        problems.append(f"{name}: ids must be {expected_ids[0]}..{expected_ids[-1]} in order, unique")
    kinds = Counter(query.get("metadata", {}).get("kind") for query in queries)
    if dict(kinds) != spec["counts"]:
        problems.append(f"{name}: kinds {dict(kinds)} differ from {spec['counts']}")
    for query in queries:
        if not isinstance(query.get("text"), str) or not query["text"].strip():
            problems.append(f"{name}: {query.get('_id')} has no text")

    qrels_lines = (HERE / name / "qrels" / "test.tsv").read_text(encoding="utf-8").splitlines()
    if not qrels_lines or qrels_lines[0] != "query-id\tcorpus-id\tscore":
        problems.append(f"{name}/qrels/test.tsv: header must be query-id, corpus-id, score (tab separated)")
    docs_of = {}
    seen_pairs = set()
    for number, line in enumerate(qrels_lines[1:], 2):
        fields = line.split("\t")
        if len(fields) != 3 or fields[2] != "1":
            problems.append(f"{name}/qrels/test.tsv line {number}: expected '<query>\\t<doc>\\t1'")
            continue
        qid, doc, _ = fields
        if qid not in ids:
            problems.append(f"{name}/qrels/test.tsv line {number}: unknown query {qid}")
        if doc not in corpus:
            problems.append(f"{name}/qrels/test.tsv line {number}: unknown document {doc}")
        if (qid, doc) in seen_pairs:
            problems.append(f"{name}/qrels/test.tsv line {number}: duplicate pair {qid} {doc}")
        seen_pairs.add((qid, doc))
        docs_of.setdefault(qid, []).append(doc)

    for query in queries:
        qid = query.get("_id")
        metadata = query.get("metadata", {})
        fact = metadata.get("fact")
        if metadata.get("kind") == "unanswerable":
            if qid in docs_of:
                problems.append(f"{name}: unanswerable {qid} has qrels lines")
            if fact is not None:
                problems.append(f"{name}: unanswerable {qid} has a fact")
            continue
        if qid not in docs_of:
            problems.append(f"{name}: answerable {qid} has no qrels line")
            continue
        if not isinstance(fact, str) or not 2 <= len(fact.split()) <= 8:
            problems.append(f"{name}: {qid} needs a fact of 2-8 words, has {fact!r}")
            continue
        texts = [corpus.get(doc, "").lower() for doc in docs_of[qid]]
        if not any(fact.lower() in text for text in texts):
            problems.append(f"{name}: fact of {qid} is in none of its documents {docs_of[qid]}")

    answered = {doc for docs in docs_of.values() for doc in docs}
    print(f"{name}: {len(queries)} questions {dict(kinds)}, {len(qrels_lines) - 1} qrels lines, "
          f"answering documents cover {len(answered)} of {len(corpus)}")


def main():
    problems = []
    check_set("help", load_help_corpus(), problems)
    check_set("shop", load_shop_corpus(), problems)
    for problem in problems:
        print("PROBLEM:", problem)
    if problems:
        sys.exit(1)
    print("fresh8 is valid")


if __name__ == "__main__":
    main()
