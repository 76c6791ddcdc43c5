import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the server and protocol run in Node; the console runs in happy-dom.
export default defineConfig({
  plugins: [react()],
  test: {
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
