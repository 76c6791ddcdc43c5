import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentService } from '../agents/agent-service';
import type { FileService } from '../files';
import { DEFAULT_PROJECT } from '../projects';
import type { SqlRunner } from '../../domain/sql';

export const DEMO_TABLE = 'help_articles';
export const DEMO_KB = 'help_kb';
export const DEMO_AGENT = 'help_agent';

const ARTICLES = fileURLToPath(new URL('./help-articles.json', import.meta.url));

export const DEMO_PROMPT =
  'You are the help desk of Knowledge Studio. Answer questions about using the console and the server ' +
  '(worksheet, SQL, uploads, knowledge bases, agents, chat, login) from the help articles. Quote the articles ' +
  'and cite the chunks you use. If the articles do not cover a question, say so.';

/**
 * A data folder is fresh when it has no catalog yet: the only time the demo is created. With the catalog on a
 * server (`sharedCatalog`) the folder never holds one: it is fresh while it has no data database.
 */
export function isFreshDataDir(dataDir: string, sharedCatalog = false): boolean {
  return !existsSync(path.join(dataDir, sharedCatalog ? 'data.duckdb' : 'catalog.duckdb'));
}

/**
 * The demo a new user sees working at once: the help articles as `files.help_articles`, a knowledge base over
 * them with the default local embedding, and an agent on the local model that answers from both. Everything
 * goes through the same services and SQL as a user's own objects. A step that fails is reported and the rest
 * skipped: the server starts either way.
 */
export async function createDemo(
  deps: { sql: SqlRunner; files: FileService; agents: AgentService },
  log: (message: string) => void = () => undefined,
): Promise<boolean> {
  const session = { db: DEFAULT_PROJECT, show_secrets: false };
  try {
    await deps.files.importFile(DEMO_TABLE, ARTICLES, 'help-articles.json');
    // On a catalog several servers share, another server may have made the demo's knowledge base and agent
    // already: this server's own files database still needs the articles, which the agent reads.
    if (await deps.agents.find(DEFAULT_PROJECT, DEMO_AGENT)) return false;
    const statements = [
      `CREATE KNOWLEDGE_BASE ${DEFAULT_PROJECT}.${DEMO_KB} USING content_columns = ['body'], ` +
        `metadata_columns = ['title', 'category'], id_column = 'id'`,
      // The title leads each article's text: it names the topic in the words a question uses, for both the
      // keyword and the vector side of the search.
      `INSERT INTO ${DEFAULT_PROJECT}.${DEMO_KB} SELECT id, title, category, title || '. ' || body AS body ` +
        `FROM files.${DEMO_TABLE}`,
    ];
    for (const statement of statements) {
      const result = await deps.sql.execute(statement, session);
      if (result.type === 'error') throw new Error(result.error_message);
    }
    await deps.agents.create(DEFAULT_PROJECT, {
      name: DEMO_AGENT,
      model: { provider: 'local' },
      data: { knowledge_bases: [`${DEFAULT_PROJECT}.${DEMO_KB}`], tables: [`files.${DEMO_TABLE}`] },
      prompt_template: DEMO_PROMPT,
    });
    return true;
  } catch (err) {
    log(`The demo could not be created: ${(err as Error).message}`);
    return false;
  }
}
