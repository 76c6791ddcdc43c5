import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` serves the console with hot reload and forwards /api to a running server
// (ours from `npm run serve`, or any MindsDB instance via KS_API_URL), so the browser stays same-origin.
const apiTarget = process.env.KS_API_URL ?? 'http://127.0.0.1:47334';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
