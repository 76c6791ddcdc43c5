import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findMariadb, findPostgresBin } from './servers';

// On a machine without PostgreSQL or MariaDB, every test that needs one (server tests, the e2e spec, the
// benchmark) fails at start-up with one line saying how to install it: never a skip, never a stack of causes.
const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'ks-no-servers-'));
afterAll(() => fs.rmSync(empty, { recursive: true, force: true }));

const oneLine = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    const message = (err as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    return message;
  }
  throw new Error('expected a failure');
};

describe('a machine without the database servers', () => {
  it('names the PostgreSQL package to install', () => {
    expect(oneLine(() => findPostgresBin(path.join(empty, 'postgresql')))).toBe(
      'PostgreSQL is not installed: run `apt-get install -y postgresql` (the data-source tests start a real server)',
    );
  });

  it('names the MariaDB package to install', () => {
    expect(oneLine(() => findMariadb(empty, empty))).toBe(
      'MariaDB is not installed: run `apt-get install -y mariadb-server` (the data-source tests start a real server)',
    );
  });

  it('finds the servers installed here', () => {
    expect(fs.existsSync(path.join(findPostgresBin(), 'postgres'))).toBe(true);
    expect(fs.existsSync(findMariadb().daemon)).toBe(true);
  });
});
