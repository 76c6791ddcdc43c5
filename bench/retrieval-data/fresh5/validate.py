#!/usr/bin/env python3
"""Check the fresh5 question set. Exit status 0 when every check passes.

Checks: counts per kind; valid JSON and unique ids in the expected id range; well-formed qrels that
name known queries and documents; every answerable question has a fact of 2-8 words found
(case-insensitively) in the body/text of at least one of its qrels documents and at least one qrels
line; no unanswerable question has a fact or a qrels line.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
HELP_CORPUS = os.path.join(ROOT, "server", "services", "demo", "help-articles.json")
SHOP_CORPUS = os.path.join(ROOT, "bench", "retrieval-data", "shop", "corpus.jsonl")

EXPECTED = {
    "help": {"prefix": "m-h", "total": 85, "close": 25, "paraphrase": 35, "unanswerable": 25},
    "shop": {"prefix": "m-s", "total": 30, "close": 8, "paraphrase": 12, "unanswerable": 10},
}
KINDS = ("close", "paraphrase", "unanswerable")

errors = []


def err(msg):
    errors.append(msg)


def load_help():
    with open(HELP_CORPUS, encoding="utf-8") as f:
        arts = json.load(f)
    return {str(a["id"]): a["body"] for a in arts}


def load_shop():
    docs = {}
    with open(SHOP_CORPUS, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                d = json.loads(line)
                docs[str(d["_id"])] = d["text"]
    return docs


def check(name, corpus):
    exp = EXPECTED[name]
    base = os.path.join(HERE, name)
    queries = {}
    order = []
    with open(os.path.join(base, "queries.jsonl"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err("%s/queries.jsonl line %d: empty line" % (name, n))
                continue
            try:
                q = json.loads(line)
            except ValueError as e:
                err("%s/queries.jsonl line %d: bad JSON: %s" % (name, n, e))
                continue
            qid = q.get("_id")
            if not isinstance(qid, str):
                err("%s line %d: missing _id" % (name, n))
                continue
            if qid in queries:
                err("%s: duplicate id %s" % (name, qid))
            if not isinstance(q.get("text"), str) or not q["text"].strip():
                err("%s %s: missing text" % (name, qid))
            meta = q.get("metadata")
            if not isinstance(meta, dict) or meta.get("kind") not in KINDS:
                err("%s %s: metadata.kind must be one of %s" % (name, qid, KINDS))
                meta = {"kind": None}
            queries[qid] = q
            order.append(qid)

    want_ids = ["%s%02d" % (exp["prefix"], i) for i in range(1, exp["total"] + 1)]
    if order != want_ids:
        err("%s: ids are not exactly %s..%s in order" % (name, want_ids[0], want_ids[-1]))
    counts = {k: 0 for k in KINDS}
    for q in queries.values():
        k = q["metadata"].get("kind")
        if k in counts:
            counts[k] += 1
    for k in KINDS:
        if counts[k] != exp[k]:
            err("%s: %d %s questions, expected %d" % (name, counts[k], k, exp[k]))

    qrels = {}
    path = os.path.join(base, "qrels", "test.tsv")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines = lines[:-1]
    if not lines or lines[0] != "query-id\tcorpus-id\tscore":
        err("%s qrels: bad header" % name)
    seen = set()
    for n, line in enumerate(lines[1:], 2):
        parts = line.split("\t")
        if len(parts) != 3:
            err("%s qrels line %d: expected 3 tab-separated fields" % (name, n))
            continue
        qid, cid, score = parts
        if qid not in queries:
            err("%s qrels line %d: unknown query %s" % (name, n, qid))
        if cid not in corpus:
            err("%s qrels line %d: unknown document %s" % (name, n, cid))
        if score != "1":
            err("%s qrels line %d: score must be 1" % (name, n))
        if (qid, cid) in seen:
            err("%s qrels line %d: duplicate pair" % (name, n))
        seen.add((qid, cid))
        qrels.setdefault(qid, []).append(cid)

    docs_covered = set()
    for qid in order:
        q = queries[qid]
        kind = q["metadata"].get("kind")
        fact = q["metadata"].get("fact")
        if kind == "unanswerable":
            if fact is not None:
                err("%s %s: unanswerable question has a fact" % (name, qid))
            if qid in qrels:
                err("%s %s: unanswerable question has qrels lines" % (name, qid))
            continue
        if kind not in ("close", "paraphrase"):
            continue
        if qid not in qrels:
            err("%s %s: answerable question has no qrels line" % (name, qid))
            continue
        docs_covered.update(qrels[qid])
        if not isinstance(fact, str):
            err("%s %s: answerable question has no fact" % (name, qid))
            continue
        nwords = len(fact.split())
        if not 2 <= nwords <= 8:
            err("%s %s: fact has %d words, expected 2-8" % (name, qid, nwords))
        if not any(fact.lower() in corpus[c].lower() for c in qrels[qid] if c in corpus):
            err("%s %s: fact %r is not in any of its qrels documents" % (name, qid, fact))

    nq = sum(len(v) for v in qrels.values())
    print("%s: %d questions (close %d, paraphrase %d, unanswerable %d), %d qrels lines, "
          "answerable questions cover %d of %d documents"
          % (name, len(queries), counts["close"], counts["paraphrase"], counts["unanswerable"],
             nq, len(docs_covered), len(corpus)))


def main():
    check("help", load_help())
    check("shop", load_shop())
    if errors:
        for e in errors:
            print("ERROR:", e)
        print("FAILED: %d problem(s)" % len(errors))
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
