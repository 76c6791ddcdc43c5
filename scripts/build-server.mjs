/**
 * Compiles the server (server/main.ts and everything it imports) into one JavaScript file,
 * dist-server/main.js, which `npm start` runs: a start then loads one file instead of compiling some 330
 * TypeScript files (`npm run serve` still runs from source). Packages stay outside the bundle, loaded from
 * node_modules as before. A source file that finds a file beside it (`new URL('./x', import.meta.url)`,
 * `import.meta.dirname`) gets its own location in the bundle, not the bundle's, so those files (the scan
 * kernel's WebAssembly, the help articles) are found where they are. The worker threads are compiled too, each
 * into a file of its own beside the bundle.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(ROOT, 'dist-server', 'main.js');

/**
 * Rewrites `import.meta.url` and `import.meta.dirname` in a server source file to that file's location, said
 * from the bundle's folder `outDir` (so the bundle finds them wherever the checkout is).
 */
const ownLocation = (outDir) => ({
  name: 'own-location',
  setup(builder) {
    builder.onLoad({ filter: /[/\\]server[/\\].*\.ts$/ }, async (args) => {
      let source = await fs.readFile(args.path, 'utf8');
      if (source.includes('import.meta.')) {
        const file = path.relative(outDir, args.path).split(path.sep).join('/');
        const dir = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/');
        source = source
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(file)}, import.meta.url).href`)
          .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${dir}`)})`);
      }
      return { contents: source, loader: 'ts' };
    });
  },
});

/**
 * The worker threads, each compiled on its own into `threads/<name>.js` beside the bundle, where the server's
 * threadEntry (server/util/thread-entry.ts) starts them: from source, a thread starts from the `<name>.mjs`
 * beside its `<name>.ts`, which registers the TypeScript loader and compiles its code as it starts. Found by
 * that pair of files, so a new worker is compiled without being listed here.
 */
async function workerSources() {
  const files = await fs.readdir(path.join(ROOT, 'server'), { recursive: true });
  const names = new Set(files);
  return files
    .filter((file) => file.endsWith('.mjs') && names.has(file.replace(/\.mjs$/, '.ts')))
    .map((file) => path.join(ROOT, 'server', file.replace(/\.mjs$/, '.ts')));
}

const COMMON = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
};

/** Writes the bundle to `outfile` (default dist-server/main.js), with its source map and its threads beside it. */
export async function buildServer(outfile = SERVER_BUNDLE) {
  const outDir = path.dirname(outfile);
  const threadsDir = path.join(outDir, 'threads');
  await build({
    ...COMMON,
    entryPoints: [path.join(ROOT, 'server', 'main.ts')],
    outfile,
    // Before any module of the bundle runs: tells threadEntry that the threads are compiled, and where.
    banner: {
      js: `globalThis.__knowledgeStudioCompiledThreads = new URL('./threads/', import.meta.url).href;`,
    },
    plugins: [ownLocation(outDir)],
  });
  await build({
    ...COMMON,
    entryPoints: await workerSources(),
    outdir: threadsDir,
    entryNames: '[name]',
    plugins: [ownLocation(threadsDir)],
  });
}

// `node scripts/build-server.mjs [outfile]`
if (import.meta.url === `file://${process.argv[1]}`)
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
