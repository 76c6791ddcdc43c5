import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface ServerOptions {
  auth?: { username: string; password: string };
  /** Create the demo knowledge base and agent (off by default so tests start from an empty project). */
  demo?: boolean;
  /** Extra environment, e.g. a short token lifetime. */
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed, for tests that check its side of a conversation. */
  output: () => string;
  stop: () => Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '..');

/** Starts the real server on a free port with a fresh data folder, and waits until it listens. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-e2e-'));
  const args = ['--import', 'tsx', 'server/main.ts', '--port', '0', '--data-dir', dataDir];
  if (!options.demo) args.push('--no-demo');
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, KS_USERNAME: '', KS_PASSWORD: '' };
  if (options.auth) {
    env.KS_USERNAME = options.auth.username;
    env.KS_PASSWORD = options.auth.password;
  }
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = () => {
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
