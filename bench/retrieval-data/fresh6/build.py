"""Writes the fresh6 question set (queries and qrels for help and shop) from the lists below.

Run from this folder: python3 build.py
Each entry is (kind, text, answering document ids, fact). Unanswerable entries have no documents and no fact.
The order of the lists is shuffled once with a fixed seed so the kinds are mixed across the ids.
"""

import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

C, P, U = "close", "paraphrase", "unanswerable"

HELP = [
    # close: worded like the article
    (C, "Which Node version is required before I run npm ci and npm start?", [2], "Node 20 or newer is required"),
    (C, "Are uploaded tables kept in data.duckdb or in catalog.duckdb?", [3], "Uploaded tables are kept in data.duckdb"),
    (C, "can the default project mindsdb be dropped", [6], "which cannot be dropped"),
    (C, "How long until login tokens expire by default?", [9], "expire after seven days by default"),
    (C, "Does a CSV file need a header row, or are column types detected anyway?", [13], "CSV files need a header row"),
    (C, "How many characters long can a table name be at most?", [14], "at most 63 characters long"),
    (C, "Which shortcut runs every statement of the worksheet, each in its own result tab?", [17], "Shift+Ctrl+Enter runs every statement"),
    (C, "Is it possible to export the whole result as CSV or JSON from the result toolbar?", [20], "exports the whole result as CSV or JSON"),
    (C, "Do DROP statements sent to the API directly run without confirmation?", [22], "run without confirmation"),
    (C, "default limit when I search a knowledge base without LIMIT?", [28], "The default limit is 10 rows"),
    (C, "Why does a SQL error still answer with HTTP status 200 instead of an error status?", [30], "still answers with HTTP status 200"),
    (C, "By default, how long is each chunk and how much overlap is there when long text is split into chunks?", [34], "1000 characters with an overlap of 200"),
    (C, "In a semantic search, how is relevance calculated from the cosine distance?", [36], "1 / (1 + distance)"),
    (C, "What does hybrid_search_alpha default to, and do values near 1 favour keywords or vector similarity?", [38], "hybrid_search_alpha (default 0.5)"),
    (C, "How do I turn reranking off with ALTER KNOWLEDGE_BASE?", [39], "reranking_model = false"),
    (C, "Is changing the embedding model of a knowledge base that already holds vectors allowed?", [40], "already holds vectors is refused"),
    (C, "If I create a knowledge base later, does an agent with a wildcard in its data setting include it automatically?", [44], "Wildcards are resolved each time the agent runs"),
    (C, "Which base_url does the server use to talk to Ollama if I don't give one?", [48], "Ollama at http://127.0.0.1:11434"),
    (C, "My agent run stopped with a limit error. How many model calls or minutes is a run allowed?", [52], "ten model calls or two minutes"),
    (C, "In the chat pane, which key stops an answer that is still running?", [53], "Escape to stop an answer"),
    (C, "Does the server log line for a run include the question, or only the trace id?", [57], "without the question or any key"),
    (C, "How can I get the server to pick a free port?", [59], "--port 0 picks a free port"),
    (C, "Where is the default provider's key read from? Is there a flag for it?", [60], "KS_DEFAULT_API_KEY environment variable"),
    (C, "What order do the server-sent events of a streamed run come in?", [63], "then an actions and a steps event"),
    (C, "How do I write a single quote inside a string?", [26], "write two single quotes"),
    # paraphrase: everyday words, almost no content word shared with the answering article
    (P, "Do I have to be online or pay for some outside service just to try this out?", [1, 46], "no network and no API key"),
    (P, "I launched it and it came pre-loaded with example material I never added. How do I keep that from happening?", [4], "--no-demo, or set KS_NO_DEMO=1"),
    (P, "Right now anybody who opens the page gets straight in. How do I make people identify themselves first?", [7], "Start the server with --username and --password"),
    (P, "What stops somebody from just trying thousands of combinations on the sign-in screen?", [8], "slowed down on purpose"),
    (P, "Does the app keep my session codes on disk in readable form, or are they scrambled?", [10], "stores only their SHA-256 hashes"),
    (P, "After pasting my secret for the AI service, all I can see is a row of stars. Did it save or is something broken?", [11, 45], "six asterisks"),
    (P, "how do I get a spreadsheet from my computer into this thing so I can look at it", [12], "Click the upload button in the object browser"),
    (P, "I got rid of a sheet I had brought in, yet my searchable collection still seems to know what was in it. How come?", [15], "their chunks stay until you delete them"),
    (P, "Can I merge two spreadsheets I've brought in and get subtotals, say sales per region?", [16], "joins, GROUP BY, window functions and CTEs"),
    (P, "A long query is taking forever. Can I cancel it, and what happens to the ones waiting behind it?", [18], "Click Stop to stop the statements"),
    (P, "The output is enormous. Can I filter what's displayed down to lines mentioning one particular term?", [19], "Type in the search box"),
    (P, "My laptop crashed while I had half a query typed out. Will it still be there when I come back?", [21, 9], "Drafts are saved in the browser"),
    (P, "Is there a way to switch which workspace my commands go to, so I can stop prefixing everything?", [23], "USE sales to make the project sales current"),
    (P, "Is there one command that prints all my workspaces and connected inputs?", [25], "SHOW DATABASES lists projects and data sources"),
    (P, "What do I type to build a new searchable index from my imported spreadsheet and then load its rows into it?", [27, 35], "Fill it with INSERT INTO mindsdb.docs_kb"),
    (P, "Can I get a bot's reply straight from a query, without opening the conversation window?", [29], "SELECT answer FROM mindsdb.help_agent WHERE question"),
    (P, "In plain terms, what does one of these searchable collections actually hold, and how does it find stuff?", [31], "text split into chunks"),
    (P, "Is there a point-and-click way to make a new searchable index without writing code?", [32], "knowledge base pages and choose to create"),
    (P, "My sheet has no identifier field at all. What does the index use to tell the entries apart?", [33], "made from a hash of the text"),
    (P, "I ran my import into the searchable index two times by mistake. Am I going to get every result doubled now?", [35, 33], "does not duplicate anything"),
    (P, "Can I limit a lookup to entries tagged with a certain topic?", [37, 33], "with conditions on metadata columns"),
    (P, "If I throw away an index, does the spreadsheet it was built from vanish with it?", [41], "filled from is not touched"),
    (P, "What exactly is a bot in this app, and how does it come up with its replies?", [42], "the model decides which tool to call"),
    (P, "how would I build my own helper bot that responds using our internal documentation?", [43], "Open the agent editor"),
    (P, "Besides the built-in brain, which AI services can a bot be hooked up to?", [45], "The providers are local, openai and ollama"),
    (P, "Will the bundled assistant invent a reply when none of my material covers the topic?", [46], "it says so instead of guessing"),
    (P, "We host our own LLM on an in-house box that mimics ChatGPT's interface. How do I point a bot at it?", [47, 45], "add base_url, for example http://localhost:8000/v1"),
    (P, "Any advice on what to tell my bot so it stays on task? Should I hand it a giant checklist of do's and don'ts?", [49], "a few clear sentences work better"),
    (P, "If I remove a bot, do I lose the collections and sheets it was hooked up to?", [50], "does not touch its knowledge bases or tables"),
    (P, "What can a bot actually do behind the scenes when I ask it something?", [51], "kb_list_tool lists the knowledge bases"),
    (P, "What are those codes in brackets at the end of sentences in a reply?", [55, 46], "chunk ids in square brackets"),
    (P, "Does the bot remember what I asked a minute ago, so I can just say 'what about the second one?'", [56], "sent together with the earlier questions and answers"),
    (P, "My bot just gave me a failure notice instead of a reply. What usually goes wrong?", [58], "Common causes are a wrong api_key"),
    (P, "Can I use this interface as a front end for a different backend that's already running on another machine?", [61], "Start the server with --api-url"),
    (P, "I'd like a cron job to fire off queries automatically. Which endpoint do I hit?", [62], "POST /api/sql/query"),
    # unanswerable, near misses: share words with an article that lacks the detail asked for
    (U, "What is the maximum file size I can upload as a CSV or Parquet file?", [], None),
    (U, "How many times does the server retry when OpenAI answers 429 before giving up?", [], None),
    (U, "What's the largest chunk_size I can set in text_chunking_config?", [], None),
    (U, "How many dimensions do the vectors of the local embedding model have?", [], None),
    (U, "What is the name of the model behind the local reranker?", [], None),
    (U, "How many statements does the worksheet history panel keep before old ones drop off?", [], None),
    (U, "For how many days does the server log keep the lines with trace ids?", [], None),
    (U, "Which minimum version of Ollama do I need for tool calling to work?", [], None),
    (U, "Which MindsDB versions is the HTTP API compatible with?", [], None),
    (U, "What is the maximum number of rows sql_db_query returns to an agent?", [], None),
    (U, "How often does the completions stream send keep-alive events during a long run?", [], None),
    (U, "If I set --default-provider openai but no --default-model, which model name is used?", [], None),
    (U, "How much does one answer from an agent using gpt-4o-mini cost?", [], None),
    (U, "After a wrong password, how many seconds does the login page make me wait?", [], None),
    # unanswerable, other: in the domain but about something no article covers
    (U, "Is there a dark theme for the console?", [], None),
    (U, "can I send a worksheet to a colleague as a link", [], None),
    (U, "Can the worksheet draw a bar chart from a query result?", [], None),
    (U, "Is there an official Docker image for the server?", [], None),
    (U, "Can I schedule my knowledge base to refresh from its source table every night?", [], None),
    (U, "Can I attach a screenshot or a PDF to my question in the chat?", [], None),
    (U, "Does the console interface come in German or French?", [], None),
    (U, "Is there a mobile app for asking my agents questions on the go?", [], None),
    (U, "How do I set up automatic backups of my data to cloud storage?", [], None),
    (U, "Can I get an email alert whenever an agent run fails?", [], None),
    (U, "What license is Knowledge Studio released under?", [], None),
]

SHOP = [
    # close
    (C, "How much does express delivery cost?", ["s03"], "Express delivery costs 9.90 euros"),
    (C, "How long are gift cards valid?", ["s08"], "valid for three years"),
    (C, "What does the service centre charge to replace the watch battery?", ["s10"], "replaces it for 15 euros"),
    (C, "Is the watch water resistant enough for diving?", ["s17"], "fine for swimming, not for diving"),
    (C, "what are the support team's phone hours", ["s19"], "from 9:00 to 17:00, Monday to Friday"),
    (C, "Which payment methods do you accept? Is PayPal one of them?", ["s07"], "Visa, Mastercard, PayPal and bank transfer"),
    (C, "Can customers with a nickel allergy order a titanium buckle?", ["s22"], "titanium buckle free of charge"),
    (C, "How many holes do the leather straps have?", ["s18"], "Leather straps have seven holes"),
    # paraphrase
    (P, "I mailed my purchase back on Monday. How soon until I'm reimbursed?", ["s01"], "paid within 14 days"),
    (P, "I've changed my mind about something I bought a couple of weeks ago. Is it too late to send it back?", ["s02"], "within 30 days of delivery"),
    (P, "If I buy today with the regular option, how long until it shows up at my door?", ["s04"], "three to five working days"),
    (P, "Is there some way to see where my package is right now?", ["s05"], "we email a tracking link"),
    (P, "I bought the wrong model by mistake. Can I call off the purchase before it goes out?", ["s06"], "order page until it is packed"),
    (P, "Mine has a factory fault after eleven months. Will you repair it at no cost?", ["s09"], "two year warranty against manufacturing defects"),
    (P, "After a couple of days with the original band I get sore blotches. Did anybody find a material that didn't bother them?", ["s11"], "swapped it for the silicone strap"),
    (P, "I'm getting a sore patch right where the fastener sits. Has the company done anything for people with that problem?", ["s12", "s22"], "sent a nickel free buckle"),
    (P, "Does the power cell really last as long as advertised, or did anyone's die early?", ["s14"], "went flat after only eight months"),
    (P, "does the face mark up easily in day-to-day use?", ["s15"], "scratched within a week"),
    (P, "Do you pass my home details on to marketing companies?", ["s20"], "never sell personal data to third parties"),
    (P, "Has anyone had the fastener snap, and did the guarantee pay for a replacement?", ["s21"], "The warranty covered a new clasp"),
    # unanswerable, near misses
    (U, "Do you ship to Switzerland, and what does delivery there cost?", [], None),
    (U, "Is there a maximum amount I can put on a gift card?", [], None),
    (U, "How many days does the service centre need to replace a battery?", [], None),
    (U, "What's the phone number for customer service?", [], None),
    (U, "Can I buy an extended warranty that adds a third year, and how much is it?", [], None),
    (U, "Instead of a refund, can I exchange the watch I returned for a different colour?", [], None),
    # unanswerable, other
    (U, "Do you have a physical shop where I can try the watches on?", [], None),
    (U, "any discount codes or student discounts at the moment?", [], None),
    (U, "Can you engrave initials on the back of the case?", [], None),
    (U, "Does the watch pair with my phone to count steps?", [], None),
]


def write_set(name, prefix, entries, seed):
    order = list(entries)
    random.Random(seed).shuffle(order)
    folder = os.path.join(HERE, name)
    os.makedirs(os.path.join(folder, "qrels"), exist_ok=True)
    width = len(str(len(order)))
    width = max(width, 2)
    with open(os.path.join(folder, "queries.jsonl"), "w", encoding="utf-8") as queries, open(
        os.path.join(folder, "qrels", "test.tsv"), "w", encoding="utf-8"
    ) as qrels:
        qrels.write("query-id\tcorpus-id\tscore\n")
        for number, (kind, text, docs, fact) in enumerate(order, start=1):
            query_id = f"{prefix}{number:0{width}d}"
            metadata = {"kind": kind}
            if fact is not None:
                metadata["fact"] = fact
            queries.write(json.dumps({"_id": query_id, "text": text, "metadata": metadata}, ensure_ascii=False) + "\n")
            for doc in docs:
                qrels.write(f"{query_id}\t{doc}\t1\n")


if __name__ == "__main__":
    write_set("help", "n-h", HELP, seed=61)
    write_set("shop", "n-s", SHOP, seed=62)
    print(f"help: {len(HELP)} questions, shop: {len(SHOP)} questions")
