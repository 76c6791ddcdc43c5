import { test as base, expect } from '@playwright/test';
import { startServer, type RunningServer, type ServerOptions } from './server';

/**
 * Every worker runs its own real server on a temporary data folder. A spec that needs another setup (login
 * on, the demo) says `test.use({ serverOptions: {...} })`, which gives it a worker of its own.
 */
export const test = base.extend<object, { serverOptions: ServerOptions; server: RunningServer }>({
  serverOptions: [{}, { option: true, scope: 'worker' }],
  server: [
    async ({ serverOptions }, use) => {
      const server = await startServer(serverOptions);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };
