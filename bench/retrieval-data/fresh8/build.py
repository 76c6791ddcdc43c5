"""Write the fresh8 question set (BEIR layout) from the question lists below.

Each entry is (kind, text, answering document ids, fact). Ids are given in list order:
p-h01... for help and p-s01... for shop. Unanswerable entries have no documents and no fact.
Run: python3 build.py
"""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

C, P, U = "close", "paraphrase", "unanswerable"

# Help questions; documents are the numeric `id` of server/services/demo/help-articles.json.
HELP = [
    (P, "Do I need to be online or pay for some outside service to use this at all?", [1, 46], "no network and no API key"),
    (C, "How do I skip creating the demo when I start the server?", [4], "Start the server with --no-demo"),
    (P, "I messed everything up and want a totally clean slate. What's the right way to begin over?", [3], "point it at an empty folder"),
    (U, "Is there a size limit on uploading a file, and how big can it be?", [], None),
    (P, "where on screen do I find my workspaces and the spreadsheets I brought in?", [5], "The object browser on the left"),
    (C, "How do I turn login on with a username and a password?", [7], "Start the server with --username and --password"),
    (P, "If I get rid of a workspace, do the bots and collections inside it vanish as well?", [6], "removes the knowledge bases and agents inside it"),
    (U, "How many knowledge bases can one project hold?", [], None),
    (P, "What's to stop a stranger from trying combination after combination until they get into my account?", [8], "slowed down on purpose"),
    (C, "Which file formats can I upload? Is Parquet supported?", [13], "CSV, JSON, Parquet and plain text"),
    (P, "if someone copied the files off my machine, could they lift the sign-in codes and impersonate me?", [10], "stores only their SHA-256 hashes"),
    (U, "How can I schedule a query to run every night automatically?", [], None),
    (P, "I swapped in a fresh secret for my AI account. Do I now have to pick the model all over again?", [11, 50], "keeps the provider and model name"),
    (C, "How long can a table name be at most?", [14], "at most 63 characters long"),
    (P, "What happens if I send in another spreadsheet with the exact same title as an existing one?", [12], "under the same name replaces the table"),
    (U, "For how many days does the server log keep the line with each trace id?", [], None),
    (P, "Oops, I removed one of my spreadsheets by mistake. Is there any way to bring it back?", [15], "Deleted tables cannot be recovered"),
    (C, "Which shortcut runs every statement of the worksheet at once?", [17], "Shift+Ctrl+Enter runs every statement"),
    (P, "Can I merge two of my spreadsheets and compute subtotals, the way I would in a regular database?", [16], "joins, GROUP BY, window functions and CTEs"),
    (U, "Does the console have a dark mode?", [], None),
    (P, "A query is taking forever. How do I cancel it, and do the ones queued after it still go?", [18], "Click Stop to stop the statements"),
    (C, "How do I open the value viewer for a long JSON cell in the grid?", [19], "Double-click a cell, or press Enter"),
    (U, "What is the largest chunk_size I am allowed to set in text_chunking_config?", [], None),
    (P, "I'd like to download everything my query gave back into a file I can open in a spreadsheet program. Possible?", [20], "exports the whole result as CSV or JSON"),
    (P, "Oops, I shut the window by accident. Is the half-typed query I was working on gone for good?", [21, 9], "Drafts are saved in the browser"),
    (C, "Which database do unqualified names refer to in the worksheet?", [23], "refer to the current database"),
    (U, "How many times does the server retry a call to OpenAI after a 429 before giving up?", [], None),
    (P, "why am I made to spell out my collection's title before I can get rid of it?", [22], "asks you to type its name"),
    (C, "How do I list the agents of a project with a SHOW statement?", [25], "SHOW KNOWLEDGE_BASES and SHOW AGENTS"),
    (P, "Can my program fire off a long multi-command script in one single call?", [24], "Send one statement at a time"),
    (U, "How do I serve the console over HTTPS with my own certificate?", [], None),
    (P, "My spreadsheet's title has a space and capital letters in it. How do I refer to it in a query without it breaking?", [26, 14], "in backticks"),
    (C, "Can KNOWLEDGE_BASE be written as two words in a CREATE statement?", [27], "may also be written as two words"),
    (U, "After repeated wrong passwords, how many minutes do I have to wait before I can log in again?", [], None),
    (C, "What is the default limit of rows when I search a knowledge base?", [28], "The default limit is 10 rows"),
    (P, "Is there a way to get a reply from my bot by typing into the query editor instead of using the chat?", [29], "SELECT answer FROM mindsdb.help_agent WHERE question"),
    (P, "I mistyped something and the command bounced back with a complaint. Did it leave anything half-changed?", [30], "nothing was changed by the failed statement"),
    (U, "Can I share a worksheet with a colleague through a link?", [], None),
    (P, "In plain terms, how does my collection figure out which bits of writing match what I typed?", [31], "returns the chunks that are closest in meaning"),
    (C, "What model is used if I leave the embedding model empty when creating a knowledge base?", [32, 60], "the instance default, which is the local model"),
    (U, "How many statements does the history panel keep before old ones drop off?", [], None),
    (P, "My sheet has no unique key field. How will each entry be told apart?", [33], "made from a hash of the text"),
    (C, "What are the default chunk size and chunk overlap when text is chunked?", [34], "1000 characters with an overlap of 200"),
    (P, "If I feed the same spreadsheet into my collection twice, will every entry show up double?", [35, 33], "does not duplicate anything"),
    (U, "Is there an official Docker image for running the server?", [], None),
    (C, "How is relevance computed from distance in a semantic search?", [36], "it is 1 / (1 + distance)"),
    (C, "Can I combine a semantic search with conditions on metadata columns such as category?", [37, 33], "conditions on metadata columns"),
    (U, "How many dimensions do the vectors of the local embedding model have?", [], None),
    (P, "Looking up a part code like AX-200 gives me vaguely related stuff instead of the entry that literally has it. What should I switch on?", [38], "mix keyword matching with vector similarity"),
    (C, "How do I turn reranking off on a knowledge base?", [39], "reranking_model = false"),
    (P, "My collection is already full and now I'd like a different provider to calculate the meaning. Why does it refuse?", [40], "old and new vectors would not match"),
    (U, "How can I see how much disk space each knowledge base takes up?", [], None),
    (C, "Does DROP KNOWLEDGE_BASE also delete the table the knowledge base was filled from?", [41], "filled from is not touched"),
    (P, "How does the bot work out where to look before it responds to me?", [42, 46], "the model decides which tool to call"),
    (U, "Which flag raises the two-minute time limit of an agent run?", [], None),
    (C, "Which characters can agent names use?", [43], "Agent names use letters, digits and underscores"),
    (P, "I'll be adding more collections later. Do I have to go back and hook each new one up to my bot by hand?", [44], "Wildcards are resolved each time the agent runs"),
    (U, "Can users rate an agent's answers with a thumbs up or down?", [], None),
    (C, "Which providers can I choose for an agent's model?", [45], "The providers are local, openai and ollama"),
    (P, "When the bot that ships with the app can't find anything useful, does it just make stuff up?", [46], "it says so instead of guessing"),
    (U, "What is the maximum length of an agent name?", [], None),
    (C, "Does the server retry when the provider answers 429?", [47], "retries when the provider answers 429"),
    (P, "I run llama on my own laptop. What address will the app try to reach it on if I don't say?", [48], "talks to Ollama at http://127.0.0.1:11434"),
    (U, "Can I get an email whenever an agent run fails?", [], None),
    (P, "Is it better to give my bot pages of detailed instructions, or to keep things brief?", [49], "Keep the template short"),
    (C, "Which tool lists the knowledge bases an agent may search?", [51], "kb_list_tool lists the knowledge bases"),
    (U, "Which DuckDB version does the embedded engine run?", [], None),
    (P, "My bot seems stuck going round in circles. Will it ever give up by itself?", [52], "ten model calls or two minutes"),
    (C, "How do I stop an answer that is still running in the chat pane?", [53], "Escape to stop an answer"),
    (U, "Is the console available in languages other than English, like German?", [], None),
    (P, "In the conversation view, how can I see exactly what the lookup step handed back to the bot?", [54], "Open a card to see the observation"),
    (C, "What do I see when I click a citation in an answer?", [55], "see the chunk it points to"),
    (U, "What does OpenAI's text-embedding-3-small cost per million tokens?", [], None),
    (P, "Does the bot remember what I asked a minute ago, so I can just say 'and the other one?'", [56], "sent together with the earlier questions and answers"),
    (P, "Support wants a reference number for the reply that went wrong. Where do I grab it?", [57], "Copy it with the copy button"),
    (U, "what's the upgrade procedure when a new release comes out?", [], None),
    (P, "Instead of a reply my bot shows a failure notice. What typically goes wrong?", [58], "a wrong api_key"),
    (C, "What port and host does the server listen on by default?", [59, 2], "127.0.0.1 port 47334 by default"),
    (U, "Is there a keyboard shortcut in the worksheet editor to format my SQL neatly?", [], None),
    (P, "How do I hand the app my company's AI secret once for everything, without other people on the box spotting it with ps?", [60], "KS_DEFAULT_API_KEY environment variable"),
    (C, "How do I forward every /api request to another instance such as a MindsDB server?", [61], "Start the server with --api-url"),
    (U, "Can I turn query results into a bar chart inside the console?", [], None),
    (P, "I want my own program to send queries without opening the browser. Which web address should it call?", [62], "POST /api/sql/query"),
    (C, "In what order do the server-sent events of a streamed run arrive?", [63], "then an actions and a steps event"),
    (U, "Can I pin a favourite agent so the chat pane opens with it already chosen?", [], None),
]

# Shop questions; documents are the `_id` of bench/retrieval-data/shop/corpus.jsonl.
SHOP = [
    (C, "Is standard delivery free on orders over 50 euros?", ["s03"], "free on orders over 50 euros"),
    (P, "I sent my purchase back last week. When will I see the cash again?", ["s01"], "within 14 days"),
    (U, "How much does a titanium buckle cost if I don't have a nickel allergy?", [], None),
    (P, "Bought it three weeks ago and changed my mind. Is it too late to give it back?", ["s02"], "within 30 days of delivery"),
    (C, "Which payment methods do you accept, is PayPal one of them?", ["s07"], "Visa, Mastercard, PayPal and bank transfer"),
    (P, "If I order in the morning with the faster option, could I have it tomorrow?", ["s04"], "arrive the next working day"),
    (U, "how do I check the remaining balance on my gift card?", [], None),
    (P, "How can I see where my package is right now?", ["s05"], "we email a tracking link"),
    (C, "Is the watch water resistant enough for diving?", ["s17"], "fine for swimming, not for diving"),
    (U, "Do you have a physical shop where I can try the watches on?", [], None),
    (P, "I dropped my watch in the pool and now it's fogged up inside. Will you fix it for free?", ["s09"], "Water damage and broken glass are not covered"),
    (C, "What are the customer service phone hours?", ["s19"], "from 9:00 to 17:00, Monday to Friday"),
    (U, "How much does the service centre charge to replace broken glass?", [], None),
    (P, "My wrist breaks out in bumps where the band sits. Any fix?", ["s22", "s12", "s11"], "order a titanium buckle free of charge"),
    (C, "How long are gift cards valid?", ["s08"], "valid for three years"),
    (P, "How often will I need a new power cell?", ["s10", "s14"], "lasts about two years"),
    (U, "Is there a student discount?", [], None),
    (C, "How much does the service centre charge for a battery replacement?", ["s10"], "replaces it for 15 euros"),
    (P, "Is the face cover tough, or will it get marked easily?", ["s15"], "scratched within a week"),
    (U, "How many links does the metal bracelet have?", [], None),
    (P, "Does it come in nice packaging? I want to give it as a present.", ["s16"], "well packed in a wooden box"),
    (C, "How do I remove links from the metal bracelet?", ["s18"], "with the small tool in the box"),
    (U, "What is the width of the leather strap in millimetres?", [], None),
    (P, "Do you pass my home details on to marketers?", ["s20"], "never sell personal data to third parties"),
    (P, "The fastener snapped after a few weeks. Is that something you'll replace?", ["s21", "s09"], "The warranty covered a new clasp"),
    (U, "Do you offer engraving on the back of the case?", [], None),
    (C, "Can an order be cancelled from the order page after it is packed?", ["s06"], "until it is packed"),
    (U, "How long does a battery replacement at the service centre take?", [], None),
    (P, "Is the band pleasant to wear for a whole day?", ["s13"], "soft and comfortable"),
    (U, "Does the watch come with a blue dial?", [], None),
]


def write_set(name, prefix, entries):
    out = HERE / name
    (out / "qrels").mkdir(parents=True, exist_ok=True)
    query_lines = []
    qrel_lines = ["query-id\tcorpus-id\tscore"]
    for number, (kind, text, docs, fact) in enumerate(entries, start=1):
        qid = f"{prefix}{number:02d}"
        metadata = {"kind": kind}
        if fact is not None:
            metadata["fact"] = fact
        query_lines.append(json.dumps({"_id": qid, "text": text, "metadata": metadata}, ensure_ascii=False))
        qrel_lines.extend(f"{qid}\t{doc}\t1" for doc in docs)
    (out / "queries.jsonl").write_text("\n".join(query_lines) + "\n", encoding="utf-8")
    (out / "qrels" / "test.tsv").write_text("\n".join(qrel_lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_set("help", "p-h", HELP)
    write_set("shop", "p-s", SHOP)
