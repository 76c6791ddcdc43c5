import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the server and protocol run in Node; the console runs in happy-dom.
export default defineConfig({
  plugins: [react()],
  test: {
    // Two test files at a time even on two cores: most of a file's time is spent waiting (servers starting,
    // databases answering, timers), and one at a time (the default there) took 12 min against 7.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'protocol/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
