#!/usr/bin/env python3
"""Write the fresh5 question set (BEIR layout) from the hand-written list below.

Each entry: (kind, text, fact, [corpus ids]). Unanswerable entries have fact None and no ids.
Run from any directory: python3 build.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

C, P, U = "close", "paraphrase", "unanswerable"

HELP = [
    # close
    (C, "What Node version is required to start the server with npm start?", "Node 20 or newer", [2]),
    (C, "Which file keeps the catalog of projects, knowledge bases, agents and login tokens?", "login tokens in catalog.duckdb", [3]),
    (C, "How do I start the server without creating the demo knowledge base and agent?", "Start the server with --no-demo", [4]),
    (C, "Can the default project mindsdb be dropped like other projects?", "which cannot be dropped", [6]),
    (C, "After how long do login tokens expire by default?", "expire after seven days by default", [9]),
    (C, "How are tokens stored on the server, and are the hashes kept?", "only their SHA-256 hashes", [10]),
    (C, "Which file formats are supported for uploading?", "CSV, JSON, Parquet and plain text", [13]),
    (C, "How many characters long can table names be?", "at most 63 characters long", [14]),
    (C, "Which shortcut runs every statement of the worksheet, each in its own result tab?", "Shift+Ctrl+Enter runs every statement", [17]),
    (C, "Can the result toolbar export the whole result as CSV or JSON?", "as CSV or JSON", [20]),
    (C, "How do I see the types of projects and data sources with SHOW DATABASES?", "add FULL to see their types", [25]),
    (C, "What is the default limit of rows returned when searching a knowledge base with SQL?", "The default limit is 10 rows", [28]),
    (C, "When asking an agent with SQL, how do I get the id of the run?", "Select trace_id as well", [29]),
    (C, "How long are the chunks and how big is the overlap when text is chunked by default?", "1000 characters with an overlap of 200", [34]),
    (C, "How is relevance computed from the distance in a semantic search?", "1 / (1 + distance)", [36]),
    (C, "What is the default value of hybrid_search_alpha in a hybrid search?", "hybrid_search_alpha (default 0.5)", [38]),
    (C, "How do I turn reranking off for a knowledge base with ALTER KNOWLEDGE_BASE?", "reranking_model = false", [39]),
    (C, "After deleting a knowledge base, what happens to agents that use a wildcard such as mindsdb.*?", "simply skip it", [41]),
    (C, "Which providers can an agent's model use?", "local, openai and ollama", [45]),
    (C, "At which address does the server talk to Ollama when no base_url is given?", "Ollama at http://127.0.0.1:11434", [48]),
    (C, "How many model calls can an agent run make before it stops?", "ten model calls or two minutes", [52]),
    (C, "In the chat pane, which key stops an answer that is still running?", "Escape to stop an answer", [53]),
    (C, "Which environment variables change the port and host the server listens on?", "KS_PORT and KS_HOST", [59]),
    (C, "Where does the default provider's key come from, a flag or an environment variable?", "KS_DEFAULT_API_KEY environment variable", [60]),
    (C, "What is the order of the server-sent events when streaming an agent's answer?", "start, then an actions and a steps event", [63]),
    # paraphrase
    (P, "Does this tool need an internet connection or a paid account to work?", "no network and no API key", [1]),
    (P, "Right now anyone who finds the address gets straight in. How do I make people sign in first?", "Start the server with --username and --password", [7]),
    (P, "What happens if someone keeps guessing my sign-in secret incorrectly again and again?", "slowed down on purpose", [8]),
    (P, "I pasted my secret for the hosted AI earlier, and now there are just stars where it was. Did it get lost?", "six asterisks", [11]),
    (P, "I have a spreadsheet export on my laptop. How do I bring it in so I can look at it with SQL?", "Click the upload button", [12]),
    (P, "I removed a spreadsheet I had brought in earlier. Does the searchable index I built from it lose its contents too?", "their chunks stay until you delete them", [15]),
    (P, "Can I combine two of my imported sheets and add up numbers per type?", "joins, GROUP BY, window functions and CTEs", [16]),
    (P, "My query seems to hang forever. How do I cancel it?", "Click Stop", [18]),
    (P, "One field in my output is cut off and I can't read the whole thing. How do I see all of it?", "open the value viewer", [19]),
    (P, "If my tab crashes or I shut my laptop, is my half-typed query gone?", "in the browser", [21, 9]),
    (P, "Why does an 'are you sure' box pop up whenever I try to remove rows?", "the worksheet asks you to confirm", [22]),
    (P, "I keep having to type the workspace prefix in front of every name. Can I switch into one so I can leave it out?", "Run USE sales", [23]),
    (P, "My sheet is called something with a space and capital letters in it. How do I refer to it in a query?", "in backticks", [26, 14]),
    (P, "How do I set up a search collection by typing a command and have it use a hosted cloud service for the vectors instead of the built-in offline one?", "embed with OpenAI instead of the local model", [27]),
    (P, "I misspelled a sheet and got a complaint back. Did my half-run command mess anything up?", "nothing was changed by the failed statement", [30]),
    (P, "In plain terms, what does a searchable collection actually do with my documents?", "split into chunks, each with a vector", [31]),
    (P, "Is there a way to set up a new searchable collection by clicking around instead of typing code?", "Open the knowledge base pages", [32]),
    (P, "My sheet has no unique key field. How will each entry be identified then?", "made from a hash of the text", [33]),
    (P, "If I import my records a second time, will every entry show up double?", "does not duplicate anything", [35, 33]),
    (P, "Can I narrow what comes back to pages from one particular topic group?", "conditions on metadata columns", [37, 33]),
    (P, "I tried to swap the meaning-encoding engine on a collection that's already filled and it wouldn't let me. Why, and what should I do?", "old and new vectors would not match", [40]),
    (P, "What is the chatbot actually, and how does it come up with a reply?", "the model decides which tool to call", [42]),
    (P, "How do I make my own bot that replies using my files?", "Open the agent editor", [43]),
    (P, "I added another collection after I set up my bot. Do I need to hook it up by hand, or will the bot find it?", "Wildcards are resolved each time the agent runs", [44]),
    (P, "With no cloud service configured, will the bot make things up when it doesn't know?", "it says so instead of guessing", [46]),
    (P, "I run my own LLM box that mimics the ChatGPT interface. How do I point the bot at it?", "add base_url", [47, 45]),
    (P, "Any tips for the instructions I give my bot so it behaves well?", "a few clear sentences", [49]),
    (P, "If I get rid of a bot, are the collections and sheets it used wiped too?", "does not touch its knowledge bases or tables", [50]),
    (P, "What actions is the bot able to take behind the scenes when I ask it something?", "sql_db_schema and sql_db_query", [51]),
    (P, "In the conversation view, what are those little boxes that show up before the reply, and how do I see what came back?", "Open a card to see the observation", [54]),
    (P, "Can I tap the bracketed codes after a sentence in the reply to find out where it came from?", "see the chunk it points to", [55]),
    (P, "Can I just say 'what about the other one?' and have the bot remember what we were talking about?", "sent together with the earlier questions and answers", [56]),
    (P, "Support asked me for a reference code for the reply that went wrong. Where do I find it?", "Copy it with the copy button", [57]),
    (P, "The bot just puts up a red warning instead of replying. What typically goes wrong?", "a wrong api_key", [58]),
    (P, "We already run a separate backend elsewhere. Can I use just this web front end against it?", "Start the server with --api-url", [61]),
    # unanswerable (near misses first, then others)
    (U, "What is the maximum file size I can upload as a table?", None, []),
    (U, "What is the largest value allowed for --token-ttl?", None, []),
    (U, "Is there a flag to raise the limit of ten model calls per agent run?", None, []),
    (U, "Which npm version is required to run npm ci and npm start?", None, []),
    (U, "Which version of LanceDB does the embedded vector store use?", None, []),
    (U, "How many times does the server retry when the OpenAI provider answers 429, and after how many seconds is the timeout?", None, []),
    (U, "What is the name and size of the built-in local embedding model?", None, []),
    (U, "What is the largest chunk_size allowed in text_chunking_config?", None, []),
    (U, "How many characters long can a knowledge base name be?", None, []),
    (U, "How many seconds is the delay after each wrong password at login?", None, []),
    (U, "How many requests per minute can a script send to POST /api/sql/query?", None, []),
    (U, "How long does the server log keep the line with each run's trace id?", None, []),
    (U, "What is the largest LIMIT a knowledge base search accepts?", None, []),
    (U, "How many statements does the worksheet history panel keep?", None, []),
    (U, "Can I schedule a query to run automatically every night?", None, []),
    (U, "Is there a dark theme for the console?", None, []),
    (U, "Can I connect a PostgreSQL or MySQL database as a data source?", None, []),
    (U, "Can I share a worksheet with a colleague through a link?", None, []),
    (U, "Is there a built-in command to back up everything to cloud storage?", None, []),
    (U, "Can I import a worksheet from a .sql file on my computer?", None, []),
    (U, "Can I switch the console's interface to German or French?", None, []),
    (U, "How do I serve the console over HTTPS with my own TLS certificate?", None, []),
    (U, "How do I move a knowledge base from one project to another?", None, []),
    (U, "How do I rename a knowledge base after creating it?", None, []),
    (U, "How much RAM does the machine need to run the local models comfortably?", None, []),
]

SHOP = [
    # close
    (C, "Within how many days is a refund paid after the returned item reaches your warehouse?", "within 14 days", ["s01"]),
    (C, "How many days after delivery can I return an item?", "within 30 days of delivery", ["s02"]),
    (C, "How much does express delivery cost?", "9.90 euros", ["s03"]),
    (C, "Which payment methods do you accept?", "Visa, Mastercard, PayPal and bank transfer", ["s07"]),
    (C, "For how long are gift cards valid?", "valid for three years", ["s08"]),
    (C, "How much does your service centre charge to replace the watch battery?", "15 euros", ["s10"]),
    (C, "To how many metres is the watch water resistant?", "water resistant to 50 metres", ["s17"]),
    (C, "At what hours does the support team answer the phone?", "from 9:00 to 17:00", ["s19"]),
    # paraphrase
    (P, "If I pick the fast option at 10am, when will my package get to me?", "arrive the next working day", ["s04"]),
    (P, "How can I see where my package is right now?", "email a tracking link", ["s05"]),
    (P, "I clicked buy by mistake. Can I still stop it?", "until it is packed", ["s06"]),
    (P, "The hands stopped moving after ten months because of a factory flaw. Will you fix it at no cost?", "two year warranty against manufacturing defects", ["s09"]),
    (P, "One reviewer broke out after a couple of days with the band. What did they replace it with?", "the silicone strap", ["s11"]),
    (P, "My body reacts badly to some metals. Is there a different fastener I can get?", "titanium buckle free of charge", ["s22", "s12"]),
    (P, "Does anyone say it's pleasant on the arm from morning till night?", "soft and comfortable", ["s13"]),
    (P, "Did anyone have theirs run out of juice early?", "after only eight months", ["s14"]),
    (P, "Does the face get marked up easily?", "scratched within a week", ["s15"]),
    (P, "The band slides around on my arm, it's too big. How can I shorten it?", "Remove links from the metal bracelet", ["s18"]),
    (P, "Do you pass my home details on to marketers?", "never sell personal data", ["s20"]),
    (P, "Has anyone's fastener snapped, and who paid for the fix?", "The warranty covered a new clasp", ["s21"]),
    # unanswerable (near misses first, then others)
    (U, "How much does Saturday delivery cost?", None, []),
    (U, "How many days does the service centre take to replace a watch battery?", None, []),
    (U, "Can I extend the two year warranty, and what does it cost?", None, []),
    (U, "What is the largest balance a gift card can hold?", None, []),
    (U, "How many links does the metal bracelet have?", None, []),
    (U, "Which battery model does the watch use?", None, []),
    (U, "Do you have a physical shop where I can try the watches on?", None, []),
    (U, "Is there a student discount?", None, []),
    (U, "Can I get my name engraved on the back?", None, []),
    (U, "Does the watch have a stopwatch or an alarm?", None, []),
]

SETS = {"help": (HELP, "m-h"), "shop": (SHOP, "m-s")}


def write(name):
    items, prefix = SETS[name]
    out = os.path.join(HERE, name)
    os.makedirs(os.path.join(out, "qrels"), exist_ok=True)
    qrels = ["query-id\tcorpus-id\tscore"]
    with open(os.path.join(out, "queries.jsonl"), "w", encoding="utf-8") as f:
        for i, (kind, text, fact, ids) in enumerate(items, 1):
            qid = "%s%02d" % (prefix, i)
            meta = {"kind": kind}
            if fact is not None:
                meta["fact"] = fact
            f.write(json.dumps({"_id": qid, "text": text, "metadata": meta}, ensure_ascii=False) + "\n")
            for cid in ids:
                qrels.append("%s\t%s\t1" % (qid, cid))
    with open(os.path.join(out, "qrels", "test.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(qrels) + "\n")
    print("%s: %d questions, %d qrels lines" % (name, len(items), len(qrels) - 1))


if __name__ == "__main__":
    for name in SETS:
        write(name)
