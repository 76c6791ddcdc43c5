"""Writes the fresh7 question set (queries and qrels for help and shop) from the lists below.

Run: python3 build.py
Each question is (kind, text, qrels document ids, fact). Unanswerable questions have no qrels and no fact;
instead they carry the key terms that were searched for in every document (see README.md).
The questions are written grouped by kind and then mixed in a fixed order, so that ids do not reveal the kind.
"""

import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

# (kind, text, qrels, fact) for answerable; ("unanswerable", text, key terms searched, near-miss document or None)
# for the rest. A near-miss document shares several words with the question but lacks the detail asked for.
HELP = [
    # close: worded like the answering article
    ("close", "Which Node version is required before I run npm start?", [2], "Node 20 or newer is required"),
    ("close", "Where are uploaded tables kept inside the data folder?", [3], "Uploaded tables are kept in data.duckdb"),
    ("close", "can the default project mindsdb be dropped", [6], "which cannot be dropped"),
    ("close", "How long do login tokens last before they expire by default?", [9], "expire after seven days by default"),
    ("close", "How does the API show an api_key in its responses?", [11], "six asterisks"),
    ("close", "Does a CSV file need a header row when I upload it?", [13], "CSV files need a header row"),
    ("close", "How many characters long can a table name be at most?", [14], "at most 63 characters long"),
    ("close", "Is there a shortcut that runs every statement of the worksheet at once?", [17], "Shift+Ctrl+Enter runs every statement"),
    ("close", "Can I export the whole result as CSV or JSON?", [20], "exports the whole result as CSV or JSON"),
    ("close", "how to rename a worksheet tab", [21], "press F2 to rename it"),
    ("close", "SHOW DATABASES only gives names. How do I see their types too?", [25], "add FULL to see their types"),
    ("close", "What is the default limit on rows when I search a knowledge base?", [28], "The default limit is 10 rows"),
    ("close", "When asking an agent with SQL, how do I also get the trace_id of the run?", [29], "Select trace_id as well"),
    ("close", "What chunk size and chunk overlap are used by default?", [34], "chunks of at most 1000 characters"),
    ("close", "In a semantic search, how is relevance computed from the distance?", [36], "1 / (1 + distance)"),
    ("close", "What is hybrid_search_alpha set to by default?", [38], "hybrid_search_alpha (default 0.5)"),
    ("close", "How do I turn reranking off on a knowledge base?", [39], "reranking_model = false"),
    ("close", "Does DROP KNOWLEDGE_BASE also delete the table it was filled from?", [41], "filled from is not touched"),
    ("close", "Will the server retry if the provider answers 429?", [47], "retries when the provider answers 429"),
    ("close", "Which address does the server use for Ollama when I give no base_url?", [48], "Ollama at http://127.0.0.1:11434"),
    ("close", "How many model calls can an agent run make before it stops?", [52], "ten model calls or two minutes"),
    ("close", "In the chat pane, which key stops an answer that is still running?", [53], "Escape to stop an answer"),
    ("close", "What port does the server listen on by default?", [59, 2], "port 47334 by default"),
    ("close", "Which environment variable holds the default provider's key?", [60], "KS_DEFAULT_API_KEY environment variable"),
    ("close", "When streaming a run as server-sent events, what order do the events come in?", [63], "then output, then end"),
    # paraphrase: everyday wording, almost no content word shared with the answering article
    ("paraphrase", "My fresh install came with example material already made for me. Can I launch without it?", [4], "Start the server with --no-demo"),
    ("paraphrase", "where's the panel that shows all my workspaces and the spreadsheets I brought in?", [5], "The object browser on the left"),
    ("paraphrase", "Anybody who opens the page gets straight in. How do I make people identify themselves first?", [7], "Start the server with --username and --password"),
    ("paraphrase", "What stops a stranger from hammering my sign-in screen with attempt after attempt?", [8], "slowed down on purpose"),
    ("paraphrase", "If somebody copied the files off my machine, could they reuse the sign-in codes they find there?", [10], "stores only their SHA-256 hashes"),
    ("paraphrase", "How do I get my spreadsheet into the app so I can look at it?", [12], "Click the upload button in the object browser"),
    ("paraphrase", "I threw away a sheet I'd brought in earlier. Does the searchable collection I built from it lose its contents as well?", [15], "their chunks stay until you delete them"),
    ("paraphrase", "Can I merge two imported spreadsheets and get sums per type?", [16], "joins, GROUP BY, window functions"),
    ("paraphrase", "I kicked off a long batch of commands and want to abort halfway. Do I lose what already came back?", [18], "already finished keep their results"),
    ("paraphrase", "The output is enormous - can I filter it down to just the lines mentioning some term?", [19], "Type in the search box"),
    ("paraphrase", "Why do I get an 'are you sure' popup whenever I try to wipe something?", [22], "asks you to confirm"),
    ("paraphrase", "I'm tired of typing my workspace's name in front of everything. Can I switch into it once and leave it off afterwards?", [23], "make the project sales current"),
    ("paraphrase", "I have a file full of commands; can I fire them all off in a single request to the web endpoint?", [24], "Send one statement at a time"),
    ("paraphrase", "My imported sheet is called 'Q3 Report' with a gap in it. How do I point at it in a command?", [26], "Put names in backticks"),
    ("paraphrase", "I made a typo and it bounced back with a complaint. Did it half-do anything I now need to undo?", [30], "nothing was changed by the failed statement"),
    ("paraphrase", "In plain words, what does a searchable collection actually do with my documents?", [31], "stores text split into chunks"),
    ("paraphrase", "Where do I go to set up a new searchable collection by clicking rather than typing?", [32], "Open the knowledge base pages"),
    ("paraphrase", "I never picked which field identifies each record. What does it fall back on?", [33], "made from a hash of the text"),
    ("paraphrase", "If I load the same sheet into my collection a second time, will every entry show up twice?", [35, 33], "does not duplicate anything"),
    ("paraphrase", "Can I restrict a meaning-based lookup to just one section of my docs, like only the ones tagged billing?", [37], "Combine a semantic search with conditions"),
    ("paraphrase", "My collection is already filled and now I want a different engine for turning text into numbers. Why is that blocked?", [40], "old and new vectors would not match"),
    ("paraphrase", "how do I make my own bot that answers from my notes", [43], "Open the agent editor"),
    ("paraphrase", "If I add another collection next month, will my bot pick it up without me editing the bot?", [44], "Wildcards are resolved each time the agent runs"),
    ("paraphrase", "Which AI services can power a bot, apart from the one that ships with the app?", [45], "local, openai and ollama"),
    ("paraphrase", "Does the no-internet assistant ever invent a reply when it comes up empty?", [46], "it says so instead of guessing"),
    ("paraphrase", "Any advice on wording the brief I give my bot so it behaves?", [49], "Keep the template short"),
    ("paraphrase", "If I remove a bot, are its collections wiped out too?", [50], "does not touch its knowledge bases"),
    ("paraphrase", "What is the assistant allowed to do behind the scenes, like looking things up or reading my sheets?", [51], "sql_db_list_tables, sql_db_schema and sql_db_query"),
    ("paraphrase", "Those little boxes that show up before the reply in the conversation - what are they, and can I look inside?", [54], "Open a card to see the observation"),
    ("paraphrase", "What are the odd codes tacked on after each sentence of a reply?", [55], "cite their sources with chunk ids"),
    ("paraphrase", "Can I just say 'and the other one?' after a reply and expect it to know what I mean?", [56], "sent together with the earlier questions"),
    ("paraphrase", "Support wants the identifier of the conversation that went wrong. Where would I find that?", [57], "Every answer shows the trace id"),
    ("paraphrase", "My assistant stopped replying and just shows a red warning. What's usually behind that?", [58], "Common causes are a wrong api_key"),
    ("paraphrase", "Can I use this front end with a separate backend I already host elsewhere?", [61], "Start the server with --api-url"),
    ("paraphrase", "I'd like to drive it from my own Python code rather than the browser. Where do I send things?", [62], "All routes live under /api"),
    # unanswerable: near misses share words with an article that lacks the detail
    ("unanswerable", "Is there a maximum file size when uploading a file?", ["maximum file", "file size", "megabyte", " MB", " GB", "size limit"], 12),
    ("unanswerable", "How many seconds does the server wait on a single OpenAI call before it gives up?", ["seconds", "timeout of", "timeout is", "minute"], 47),
    ("unanswerable", "Is there a plugin marketplace where I can add extra tools for agents?", ["plugin", "marketplace", "extension", "install"], None),
    ("unanswerable", "Does hybrid search use BM25 for its keyword side?", ["BM25", "tf-idf", "tfidf", "okapi"], 38),
    ("unanswerable", "Which model does the local reranker run under the hood?", ["cross-encoder", "reranker model", "ms-marco", "bge"], 39),
    ("unanswerable", "What embedding dimension does the built-in local model produce?", ["dimension", "384", "768", "1536"], 46),
    ("unanswerable", "how many statements does the history panel keep before old ones drop off", ["history keeps", "oldest", "entries", "last 100"], 21),
    ("unanswerable", "Which text encodings work for CSV files, for example Latin-1?", ["encoding", "utf", "latin", "charset"], 13),
    ("unanswerable", "What's the largest chunk_size I'm allowed to set in text_chunking_config?", ["maximum chunk", "largest", "chunk_size up to", "at most 8"], 34),
    ("unanswerable", "Which flag raises the two minute limit on agent runs?", ["--max", "--run", "--timeout", "--limit", "KS_MAX", "KS_RUN"], 52),
    ("unanswerable", "Which npm version do I need to run npm ci?", ["npm 9", "npm 10", "npm version", "npm 8"], 2),
    ("unanswerable", "For how many days does the server log keep trace ids?", ["log rotation", "rotate", "retention", "kept for"], 57),
    ("unanswerable", "What is the minimum Ollama version that supports tool calling?", ["ollama 0", "ollama version", "minimum", "0.3"], 48),
    ("unanswerable", "How often does the event stream send keep-alive pings?", ["keep-alive", "keepalive", "ping", "heartbeat"], 63),
    ("unanswerable", "Can I connect a PostgreSQL database as a data source?", ["postgres", "mysql", "CREATE DATABASE", "connection string"], None),
    ("unanswerable", "Is there a dark mode for the console?", ["dark", "theme", "light mode"], None),
    ("unanswerable", "How do I schedule a knowledge base to refresh from its table every night?", ["schedule", "nightly", "cron", "every night", "refresh", "CREATE JOB"], None),
    ("unanswerable", "Is it possible to share a chat conversation with a colleague through a link?", ["share", "colleague", "permalink"], None),
    ("unanswerable", "Does the login support single sign-on with Google accounts?", ["single sign", "SSO", "google", "oauth", "saml", "ldap"], None),
    ("unanswerable", "What's the safe way to back up the data folder while the server keeps running?", ["backup", "back up", "snapshot", "copy the data"], 3),
    ("unanswerable", "can the console be switched to German", ["german", "language", "translat", "locale"], None),
    ("unanswerable", "Is there a keyboard shortcut to auto-format the SQL in the editor?", ["format sql", "formatter", "prettify", "auto-format", "indent"], 17),
    ("unanswerable", "Does searching work for documents in languages other than English, like Japanese?", ["english", "japanese", "multilingual", "language"], None),
    ("unanswerable", "Is there an official Docker image for running the server?", ["docker", "container", "image", "kubernetes"], None),
    ("unanswerable", "Can I use the chat from a phone app?", ["mobile", "phone", "ios", "android"], None),
]

SHOP = [
    ("close", "How much does express delivery cost?", ["s03"], "Express delivery costs 9.90 euros"),
    ("close", "how long are gift cards valid for", ["s08"], "valid for three years"),
    ("close", "What does the service centre charge to replace the watch battery?", ["s10"], "replaces it for 15 euros"),
    ("close", "Is the watch water resistant enough for diving, or only swimming?", ["s17"], "fine for swimming, not for diving"),
    ("close", "What hours does customer service answer the phone?", ["s19"], "from 9:00 to 17:00, Monday to Friday"),
    ("close", "Which payment methods do you accept - is PayPal one of them?", ["s07"], "Visa, Mastercard, PayPal and bank transfer"),
    ("close", "How many holes do the leather straps have?", ["s18"], "Leather straps have seven holes"),
    ("close", "Within how many days of delivery can I return an item?", ["s02"], "within 30 days of delivery"),
    ("paraphrase", "I mailed my purchase back. How soon until I'm reimbursed?", ["s01"], "Refunds are paid within 14 days"),
    ("paraphrase", "If I pick the regular option, how long before it shows up at my door?", ["s04"], "three to five working days"),
    ("paraphrase", "How can I see where my package is at the moment?", ["s05"], "we email a tracking link"),
    ("paraphrase", "I changed my mind an hour after buying - can I still call it off?", ["s06"], "until it is packed"),
    ("paraphrase", "It stopped working after eleven months because of a factory fault. Will you fix it for free?", ["s09"], "two year warranty against manufacturing defects"),
    ("paraphrase", "My skin broke out under the band. Has this happened to other buyers, and what helped them?", ["s11", "s12"], "swapped it for the silicone strap"),
    ("paraphrase", "I react badly to certain metals. Is there a fastener I can get that won't bother me?", ["s22", "s12"], "order a titanium buckle free of charge"),
    ("paraphrase", "Is the band pleasant to have on from morning till night, or does it get sticky?", ["s13"], "soft and comfortable"),
    ("paraphrase", "did anyone's power cell die way earlier than advertised?", ["s14"], "went flat after only eight months"),
    ("paraphrase", "Does the face get marked up easily?", ["s15"], "The glass scratched within a week"),
    ("paraphrase", "Do you pass my details on to marketing companies?", ["s20"], "never sell personal data to third parties"),
    ("paraphrase", "Has the fastening on anyone's band snapped?", ["s21"], "The clasp broke after a month"),
    ("unanswerable", "Can I buy an extended warranty that goes beyond two years?", ["extended", "extend", "three year", "five year"], "s09"),
    ("unanswerable", "Do you refund the original shipping cost when I return an item?", ["shipping cost", "delivery cost", "original", "postage"], "s03"),
    ("unanswerable", "How long does the service centre take to replace the battery?", ["days", "weeks", "turnaround", "takes"], "s10"),
    ("unanswerable", "How often should the water resistance seals be checked?", ["every year", "check", "inspect", "annually"], "s10"),
    ("unanswerable", "Can a gift card be combined with a discount code on the same order?", ["discount", "code", "voucher", "coupon", "promo"], "s08"),
    ("unanswerable", "What does shipping to Switzerland cost?", ["switzerland", "international", "abroad", "country", "outside"], "s03"),
    ("unanswerable", "Do you offer engraving on the back of the case?", ["engrav", "personalis", "personaliz", "initials"], None),
    ("unanswerable", "Is there a student discount?", ["student", "discount", "reduction"], None),
    ("unanswerable", "Do you run a loyalty programme where I collect points?", ["loyalty", "points", "reward", "member"], None),
    ("unanswerable", "Can I collect my order in person at a shop instead of having it delivered?", ["pick up", "collect", "store", "click and"], None),
]


def mixed(questions, seed):
    order = list(range(len(questions)))
    random.Random(seed).shuffle(order)
    return [questions[i] for i in order]


def write_set(name, prefix, questions, seed):
    out = os.path.join(HERE, name)
    os.makedirs(os.path.join(out, "qrels"), exist_ok=True)
    with open(os.path.join(out, "queries.jsonl"), "w") as q, open(os.path.join(out, "qrels", "test.tsv"), "w") as r:
        r.write("query-id\tcorpus-id\tscore\n")
        for n, item in enumerate(mixed(questions, seed), start=1):
            qid = f"{prefix}{n:02d}"
            kind, text = item[0], item[1]
            metadata = {"kind": kind}
            if kind != "unanswerable":
                metadata["fact"] = item[3]
                for doc in item[2]:
                    r.write(f"{qid}\t{doc}\t1\n")
            q.write(json.dumps({"_id": qid, "text": text, "metadata": metadata}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    write_set("help", "p-h", HELP, 7)
    write_set("shop", "p-s", SHOP, 7)
    print("wrote help (%d) and shop (%d)" % (len(HELP), len(SHOP)))
