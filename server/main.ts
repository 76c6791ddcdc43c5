import { readConfig } from './config';
import { createApp } from './app';
import { openServices } from './open-services';
import { inspect } from 'node:util';
import { withoutSecrets } from './util/secret-text';

/** Prints an error as the console would, without the server's own credentials (util/secret-text.ts). */
function logError(label: string, err: unknown): void {
  console.error(withoutSecrets(`${label} ${typeof err === 'string' ? err : inspect(err)}`));
}

/** How long a stop waits for requests in flight before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 3000;

/** Starts the server: flags and environment in, engines open, listening. Nothing else lives here. */
async function main(): Promise<void> {
  let config;
  try {
    config = readConfig(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const deps = await openServices({
    dataDir: config.dataDir,
    auth: config.auth ? { ...config.auth, tokenTtlSeconds: config.tokenTtlSeconds } : undefined,
    staticDir: config.staticDir,
    apiUrl: config.apiUrl,
    log: (err) => logError('statement failed:', err),
    demo: config.demo,
    defaultModel: config.defaultModel,
    allowPrivateModelUrls: config.allowPrivateModelUrls,
    catalogUrl: config.catalogUrl,
    vectorsDir: config.vectorsDir,
    vectorsUri: config.vectorsUri,
    vectorsStorageOptions: config.vectorsStorageOptions,
    searchMemoryMb: config.searchMemoryMb,
    disableKbAutobatch: config.disableKbAutobatch,
    // One line per agent run (trace id, history size): lets an operator or a test see what reached the model.
    agentLog: (line) => console.log(line),
  });
  const app = createApp(deps, { logger: false, boundHost: config.host, allowedHosts: config.allowedHosts });
  const address = await app.listen({ port: config.port, host: config.host });
  // Tests and scripts read this line to find the port when started with --port 0.
  console.log(
    `Knowledge Studio listening on ${address.replace('127.0.0.1', 'localhost')} (data: ${config.dataDir})`,
  );
  if (config.apiUrl) console.log(`Forwarding /api to ${config.apiUrl}`);
  if (deps.auth.enabled) console.log('Login is on');
  // A statement whose client has gone may still be running in the engine, and closing waits for requests in
  // flight: give them a moment, then leave anyway, so a stop request is never ignored.
  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await deps.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  logError('Knowledge Studio could not start:', (err as Error).message);
  process.exit(1);
});
