import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` serves the console with hot reload and forwards /api to a running server
// (ours from `npm run serve`, or any MindsDB instance via KS_API_URL), so the browser stays same-origin.
const apiTarget = process.env.KS_API_URL ?? 'http://127.0.0.1:47334';

// Not the source maps: only a browser's developer tools fetch them, and brotli at its best level spent two
// minutes of the build on them.
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Smaller files gain less than the extra header costs. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, once, at build time: the
 * server sends the copy the browser accepts, and never compresses per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ks-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      for (const file of await readdir(outDir, { recursive: true })) {
        const full = path.join(outDir, file);
        if (!COMPRESSIBLE.test(file) || (await stat(full)).size < MIN_BYTES) continue;
        const content = await readFile(full);
        const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
        await writeFile(`${full}.br`, brotliCompressSync(content, brotliOptions));
        await writeFile(`${full}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  // Source maps beside the chunks: a stack trace or a profile taken in the browser then points at our source
  // (the project is open source; the maps say nothing the repository does not).
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
