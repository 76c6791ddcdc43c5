import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

/**
 * Real PostgreSQL and MariaDB servers for the data-source tests, each in a temporary folder on a free port,
 * started once per test file and stopped after. Both come from Debian's packages (`.ci/run` installs them);
 * where one is missing the tests fail with one line saying how to install it, never skipping silently.
 */
export interface RunningServer {
  port: number;
  /** A login that owns the `shop` database: what a user would put in PARAMETERS. */
  user: string;
  password: string;
  database: string;
  /** Every statement the server ran, as its own log writes them: only when started with `logStatements`. */
  statementLog(): string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Log every statement the server runs (PostgreSQL's log_statement, MariaDB's general log). */
  logStatements?: boolean;
}

export const APP_PASSWORD = 'pw-Sup3r-secret';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`The database server exited at start-up:\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The database server did not open port ${port}:\n${log()}`);
}

export function stopper(child: ChildProcess, dir: string) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

function run(
  cmd: string,
  args: string[],
  options: { uid?: number; gid?: number; input?: string } = {},
): void {
  const result = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
}

/** Debian's PostgreSQL binaries, newest version first; where there are none, one line saying what to install. */
export function findPostgresBin(root = '/usr/lib/postgresql'): string {
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions
    .map((v) => path.join(root, v, 'bin'))
    .find((d) => fs.existsSync(path.join(d, 'initdb')));
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed: run `apt-get install -y postgresql` (the data-source tests start a real server)',
    );
  }
  return bin;
}

/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` account the package creates. */
function postgresAccount(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startPostgres({ logStatements = false }: ServerOptions = {}): Promise<RunningServer> {
  const bin = findPostgresBin();
  const account = postgresAccount();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ks-pg-'));
  const data = path.join(dir, 'data');
  const pwfile = path.join(dir, 'pw');
  fs.writeFileSync(pwfile, 'postgres-admin-pw\n');
  if (account.uid !== undefined) {
    fs.chownSync(dir, account.uid, account.gid!);
    fs.chownSync(pwfile, account.uid, account.gid!);
  }
  run(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--no-sync'],
    account,
  );
  const port = await freePort();
  let log = '';
  const child = spawn(
    path.join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-h',
      '127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=60',
      ...(logStatements ? ['-c', 'log_statement=all'] : []),
    ],
    { ...account, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr!.on('data', (d) => (log += d));
  child.stdout!.on('data', (d) => (log += d));
  await waitForPort(port, child, () => log);
  // Ready to accept connections is later than the port opening: psql retries until it is.
  const env = { ...process.env, PGPASSWORD: 'postgres-admin-pw' };
  const psql = (sql: string, db = 'postgres') => {
    for (let i = 0; ; i++) {
      const r = spawnSync(
        path.join(bin, 'psql'),
        [
          '-h',
          '127.0.0.1',
          '-p',
          String(port),
          '-U',
          'postgres',
          '-d',
          db,
          '-v',
          'ON_ERROR_STOP=1',
          '-q',
          '-c',
          sql,
        ],
        { encoding: 'utf8', env },
      );
      if (r.status === 0) return;
      if (i > 50 || !/starting up|could not connect/.test(r.stderr))
        throw new Error(`psql failed: ${r.stderr}`);
      spawnSync('sleep', ['0.1']);
    }
  };
  psql(`CREATE ROLE app LOGIN PASSWORD '${APP_PASSWORD}'`);
  psql(`CREATE DATABASE shop OWNER app`);
  return {
    port,
    user: 'app',
    password: APP_PASSWORD,
    database: 'shop',
    statementLog: () => log,
    stop: stopper(child, dir),
  };
}

/** MariaDB's server and installer (or MySQL's names for them); where missing, one line saying what to install. */
export function findMariadb(sbin = '/usr/sbin', bin = '/usr/bin'): { daemon: string; installer: string } {
  const daemon = ['mariadbd', 'mysqld'].map((n) => path.join(sbin, n)).find((p) => fs.existsSync(p));
  const installer = ['mariadb-install-db', 'mysql_install_db']
    .map((n) => path.join(bin, n))
    .find((p) => fs.existsSync(p));
  if (!daemon || !installer) {
    throw new Error(
      'MariaDB is not installed: run `apt-get install -y mariadb-server` (the data-source tests start a real server)',
    );
  }
  return { daemon, installer };
}

export async function startMariadb({ logStatements = false }: ServerOptions = {}): Promise<RunningServer> {
  const { daemon, installer } = findMariadb();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ks-maria-'));
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'sock');
  run(installer, [
    '--no-defaults',
    `--datadir=${data}`,
    '--user=root',
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]);
  const port = await freePort();
  let log = '';
  const child = spawn(
    daemon,
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--port=${port}`,
      `--socket=${socket}`,
      '--bind-address=127.0.0.1',
      '--user=root',
      `--pid-file=${path.join(dir, 'pid')}`,
      '--innodb-buffer-pool-size=32M',
      '--skip-log-bin',
      '--max-connections=60',
      ...(logStatements ? ['--general-log=1', `--general-log-file=${path.join(dir, 'statements.log')}`] : []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr!.on('data', (d) => (log += d));
  child.stdout!.on('data', (d) => (log += d));
  await waitForPort(port, child, () => log);
  run('mariadb', ['--no-defaults', `--socket=${socket}`, '-uroot'], {
    input: `CREATE DATABASE shop; CREATE USER 'app'@'%' IDENTIFIED BY '${APP_PASSWORD}';
      GRANT ALL ON shop.* TO 'app'@'%'; GRANT PROCESS ON *.* TO 'app'@'%'; FLUSH PRIVILEGES;`,
  });
  return {
    port,
    user: 'app',
    password: APP_PASSWORD,
    database: 'shop',
    statementLog: () => {
      const file = path.join(dir, 'statements.log');
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    },
    stop: stopper(child, dir),
  };
}
