"""Checks the fresh6 question set against its two corpora. Run from anywhere: python3 validate.py

Exits with status 1 and lists every problem found, or prints a short summary when the set is sound.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))

EXPECTED = {
    "help": {"prefix": "n-h", "counts": {"close": 25, "paraphrase": 35, "unanswerable": 25}},
    "shop": {"prefix": "n-s", "counts": {"close": 8, "paraphrase": 12, "unanswerable": 10}},
}


def load_help_corpus():
    with open(os.path.join(REPO, "server", "services", "demo", "help-articles.json"), encoding="utf-8") as f:
        return {str(article["id"]): article["body"] for article in json.load(f)}


def load_shop_corpus():
    docs = {}
    with open(os.path.join(HERE, "..", "shop", "corpus.jsonl"), encoding="utf-8") as f:
        for line in f:
            if line.strip():
                doc = json.loads(line)
                docs[doc["_id"]] = doc["text"]
    return docs


def read_queries(name, problems):
    queries = []
    with open(os.path.join(HERE, name, "queries.jsonl"), encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            try:
                queries.append(json.loads(line))
            except json.JSONDecodeError as error:
                problems.append(f"{name}/queries.jsonl line {number}: invalid JSON ({error})")
    return queries


def read_qrels(name, problems):
    rows = []
    with open(os.path.join(HERE, name, "qrels", "test.tsv"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0] != "query-id\tcorpus-id\tscore":
        problems.append(f"{name}/qrels/test.tsv: the header is not 'query-id<TAB>corpus-id<TAB>score'")
        return rows
    for number, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != 3 or cells[2] != "1":
            problems.append(f"{name}/qrels/test.tsv line {number}: expected three cells ending with score 1: {line!r}")
            continue
        rows.append((cells[0], cells[1]))
    return rows


def check_set(name, corpus, problems):
    expected = EXPECTED[name]
    queries = read_queries(name, problems)
    qrels = read_qrels(name, problems)
    total = sum(expected["counts"].values())

    ids = [query.get("_id") for query in queries]
    wanted_ids = [f"{expected['prefix']}{n:02d}" for n in range(1, total + 1)]
    if ids != wanted_ids:
        problems.append(f"{name}: ids must run {wanted_ids[0]}..{wanted_ids[-1]} in order, once each")
    if len(set(ids)) != len(ids):
        problems.append(f"{name}: duplicate ids")

    texts = [query.get("text", "").strip().lower() for query in queries]
    if len(set(texts)) != len(texts):
        problems.append(f"{name}: two questions have the same text")

    counts = {}
    for query in queries:
        kind = query.get("metadata", {}).get("kind")
        counts[kind] = counts.get(kind, 0) + 1
    if counts != expected["counts"]:
        problems.append(f"{name}: kind counts are {counts}, expected {expected['counts']}")

    docs_by_query = {}
    seen_pairs = set()
    known_ids = set(ids)
    for query_id, doc_id in qrels:
        if query_id not in known_ids:
            problems.append(f"{name} qrels: unknown query {query_id}")
        if doc_id not in corpus:
            problems.append(f"{name} qrels: unknown document {doc_id}")
        if (query_id, doc_id) in seen_pairs:
            problems.append(f"{name} qrels: repeated line {query_id} {doc_id}")
        seen_pairs.add((query_id, doc_id))
        docs_by_query.setdefault(query_id, []).append(doc_id)

    covered = set()
    for query in queries:
        query_id = query.get("_id")
        metadata = query.get("metadata", {})
        kind = metadata.get("kind")
        fact = metadata.get("fact")
        docs = docs_by_query.get(query_id, [])
        if not query.get("text", "").strip():
            problems.append(f"{query_id}: empty text")
        if kind == "unanswerable":
            if docs:
                problems.append(f"{query_id}: unanswerable but has qrels lines {docs}")
            if fact is not None:
                problems.append(f"{query_id}: unanswerable but has a fact")
            continue
        if not docs:
            problems.append(f"{query_id}: answerable but has no qrels line")
        if not isinstance(fact, str):
            problems.append(f"{query_id}: answerable but has no fact")
            continue
        words = len(fact.split())
        if not 2 <= words <= 8:
            problems.append(f"{query_id}: fact has {words} words, expected 2 to 8")
        if not any(fact.lower() in corpus.get(doc, "").lower() for doc in docs):
            problems.append(f"{query_id}: fact {fact!r} is not in any of its documents {docs}")
        covered.update(doc for doc in docs if doc in corpus)
    return len(queries), len(qrels), len(covered), len(corpus)


def main():
    problems = []
    summaries = []
    for name, corpus in (("help", load_help_corpus()), ("shop", load_shop_corpus())):
        questions, lines, covered, documents = check_set(name, corpus, problems)
        summaries.append(f"{name}: {questions} questions, {lines} qrels lines, {covered} of {documents} documents answer one")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print("\n".join(summaries))
    print("ok")


if __name__ == "__main__":
    main()
