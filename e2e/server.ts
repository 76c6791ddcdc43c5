import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../server/test/server-process';

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

/** Starts the real server on a free port with a fresh data folder, and waits until it listens. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-e2e-'));
  const server = await startServerProcess({
    dataDir,
    demo: options.demo,
    env: {
      ...options.env,
      KS_USERNAME: options.auth?.username ?? '',
      KS_PASSWORD: options.auth?.password ?? '',
    },
  });
  return {
    url: server.url,
    dataDir,
    process: server.process,
    output: server.output,
    stop: async () => {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
