"""Checks the fresh7 question set against the two corpus files it was written from.

Run: python3 validate.py   (exits 1 and lists the problems when a check fails)
"""

import json
import os
import re
import sys

sys.dont_write_bytecode = True  # importing build.py must not leave a cache folder in the set

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
HELP_CORPUS = os.path.join(ROOT, "server", "services", "demo", "help-articles.json")
SHOP_CORPUS = os.path.join(ROOT, "bench", "retrieval-data", "shop", "corpus.jsonl")

EXPECTED = {
    "help": {"prefix": "p-h", "close": 25, "paraphrase": 35, "unanswerable": 25},
    "shop": {"prefix": "p-s", "close": 8, "paraphrase": 12, "unanswerable": 10},
}
# Word-overlap bounds that keep the kinds honest: a close question reuses the document's words,
# a paraphrase shares almost none, and a near miss shares several with the document that lacks the detail.
CLOSE_MIN_SHARED = 3
PARAPHRASE_MAX_SHARED = 1
NEAR_MISS_MIN_SHARED = 2
STOPWORDS = set(
    """a an the is are was were be been to of in on at for and or but if it its i my me we you your do does did can
    could would should will how what which when where why who whom there this that these those with by from as so
    not no up out into than then too very just also any all each every about after before over under again once
    only own same such some more most other off here""".split()
)

problems = []


def problem(message):
    problems.append(message)


def content_words(text):
    return {w.rstrip("s") for w in re.findall(r"[a-z0-9_]+", text.lower()) if w not in STOPWORDS and len(w) > 1}


def load_corpora():
    help_docs = {str(a["id"]): a for a in json.load(open(HELP_CORPUS))}
    shop_docs = {}
    for line in open(SHOP_CORPUS):
        if line.strip():
            doc = json.loads(line)
            shop_docs[doc["_id"]] = doc
    return {
        "help": {k: {"text": d["body"], "all": d["title"] + " " + d["body"]} for k, d in help_docs.items()},
        "shop": {k: {"text": d["text"], "all": d["title"] + " " + d["text"]} for k, d in shop_docs.items()},
    }


def read_queries(name, expected):
    path = os.path.join(HERE, name, "queries.jsonl")
    queries = []
    for n, line in enumerate(open(path), start=1):
        try:
            q = json.loads(line)
        except json.JSONDecodeError as error:
            problem(f"{name}: line {n} is not JSON ({error})")
            continue
        want_id = f"{expected['prefix']}{n:02d}"
        if q.get("_id") != want_id:
            problem(f"{name}: line {n} has id {q.get('_id')!r}, expected {want_id}")
        if not isinstance(q.get("text"), str) or not q["text"].strip():
            problem(f"{name}: {q.get('_id')} has no text")
        if q.get("metadata", {}).get("kind") not in ("close", "paraphrase", "unanswerable"):
            problem(f"{name}: {q.get('_id')} has an unknown kind")
        queries.append(q)
    ids = [q.get("_id") for q in queries]
    if len(set(ids)) != len(ids):
        problem(f"{name}: duplicate ids")
    texts = [q.get("text", "").strip().lower() for q in queries]
    if len(set(texts)) != len(texts):
        problem(f"{name}: duplicate question texts")
    for kind in ("close", "paraphrase", "unanswerable"):
        count = sum(1 for q in queries if q.get("metadata", {}).get("kind") == kind)
        if count != expected[kind]:
            problem(f"{name}: {count} {kind} questions, expected {expected[kind]}")
    return {q["_id"]: q for q in queries if "_id" in q}


def read_qrels(name, queries, docs):
    path = os.path.join(HERE, name, "qrels", "test.tsv")
    lines = open(path).read().split("\n")
    if lines[0] != "query-id\tcorpus-id\tscore":
        problem(f"{name}: qrels header is {lines[0]!r}")
    qrels = {}
    seen = set()
    for n, line in enumerate(lines[1:], start=2):
        if not line:
            continue
        cells = line.split("\t")
        if len(cells) != 3 or cells[2] != "1":
            problem(f"{name}: qrels line {n} is malformed: {line!r}")
            continue
        qid, doc, _ = cells
        if qid not in queries:
            problem(f"{name}: qrels line {n} names unknown query {qid}")
        if doc not in docs:
            problem(f"{name}: qrels line {n} names unknown document {doc}")
        if (qid, doc) in seen:
            problem(f"{name}: qrels line {n} repeats {qid} {doc}")
        seen.add((qid, doc))
        qrels.setdefault(qid, []).append(doc)
    return qrels


def check_answers(name, queries, qrels, docs):
    for qid, q in queries.items():
        meta = q.get("metadata", {})
        kind = meta.get("kind")
        targets = [d for d in qrels.get(qid, []) if d in docs]
        if kind == "unanswerable":
            if qid in qrels:
                problem(f"{name}: unanswerable {qid} has a qrels line")
            if "fact" in meta:
                problem(f"{name}: unanswerable {qid} has a fact")
            continue
        if not targets:
            problem(f"{name}: {qid} has no qrels line")
            continue
        fact = meta.get("fact", "")
        if not 2 <= len(fact.split()) <= 8:
            problem(f"{name}: {qid} fact {fact!r} is not 2-8 words")
        if not any(fact.lower() in docs[d]["text"].lower() for d in targets):
            problem(f"{name}: {qid} fact {fact!r} is in none of its documents {targets}")
        shared = content_words(q["text"]) & set().union(*(content_words(docs[d]["all"]) for d in targets))
        if kind == "close" and len(shared) < CLOSE_MIN_SHARED:
            problem(f"{name}: close {qid} shares only {sorted(shared)} with its documents")
        if kind == "paraphrase" and len(shared) > PARAPHRASE_MAX_SHARED:
            problem(f"{name}: paraphrase {qid} shares {sorted(shared)} with its documents")


def check_build_matches(corpora):
    """The files must be what build.py writes, and build.py's unanswerable notes must hold."""
    sys.path.insert(0, HERE)
    import build

    for name, questions in (("help", build.HELP), ("shop", build.SHOP)):
        docs = corpora[name]
        written = {q["text"] for q in map(json.loads, open(os.path.join(HERE, name, "queries.jsonl")))}
        if written != {item[1] for item in questions}:
            problem(f"{name}: queries.jsonl differs from build.py; run python3 build.py")
        for item in questions:
            if item[0] != "unanswerable":
                continue
            text, terms, near = item[1], item[2], item[3]
            if not terms:
                problem(f"{name}: unanswerable {text!r} lists no searched terms")
            if near is not None:
                near = str(near)
                if near not in docs:
                    problem(f"{name}: near miss {text!r} names unknown document {near}")
                elif len(content_words(text) & content_words(docs[near]["all"])) < NEAR_MISS_MIN_SHARED:
                    problem(f"{name}: near miss {text!r} shares too few words with document {near}")


def main():
    corpora = load_corpora()
    if len(corpora["help"]) != 63 or len(corpora["shop"]) != 22:
        problem("the corpora do not have the 63 help articles and 22 shop documents this set was written for")
    summary = []
    for name, expected in EXPECTED.items():
        docs = corpora[name]
        queries = read_queries(name, expected)
        qrels = read_qrels(name, queries, docs)
        check_answers(name, queries, qrels, docs)
        covered = {d for ds in qrels.values() for d in ds}
        summary.append(f"{name}: {len(queries)} questions, {sum(map(len, qrels.values()))} qrels lines, "
                       f"{len(covered)} of {len(docs)} documents covered")
    check_build_matches(corpora)
    if problems:
        print("\n".join(problems))
        print(f"FAILED: {len(problems)} problem(s)")
        return 1
    print("\n".join(summary))
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
