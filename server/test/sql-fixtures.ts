import { mkdtempSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { TestApp } from './harness';

/**
 * A CSV file outside the data folder holding `secret`: what users' SQL must never read. Written when the test
 * file loads (so its paths can stand in the statements tests list), removed after the file's last test.
 */
export function useSecretFile(secret: string): { dir: string; csv: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ks-secret-'));
  const csv = path.join(dir, 'secret.csv');
  writeFileSync(csv, `code\n${secret}\n`);
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  return { dir, csv };
}

/** The users' table `files.docs` (two rows) and the knowledge base `kb` over its `body`, still empty. */
export async function addDocsAndKb(t: TestApp): Promise<void> {
  await t.putFile('docs', 'docs.csv', 'id,body\n1,first\n2,second\n');
  await t.sqlOk(`CREATE KNOWLEDGE_BASE kb USING content_columns = ['body'], id_column = 'id'`);
}
