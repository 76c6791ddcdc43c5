/**
 * Compiles the server (server/main.ts and everything it imports) into one JavaScript file,
 * dist-server/main.js, which `npm start` runs: a start then loads one file instead of compiling some 330
 * TypeScript files (`npm run serve` still runs from source). Packages stay outside the bundle, loaded from
 * node_modules as before. A source file that finds a file beside it (`new URL('./x', import.meta.url)`,
 * `import.meta.dirname`) gets its own location in the bundle, not the bundle's, so those files (the scan
 * kernel's WebAssembly, the help articles, the worker threads' entry points) are found where they are.
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

/** Writes the bundle to `outfile` (default dist-server/main.js), with its source map beside it. */
export async function buildServer(outfile = SERVER_BUNDLE) {
  await build({
    entryPoints: [path.join(ROOT, 'server', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownLocation(path.dirname(outfile))],
  });
}

// `node scripts/build-server.mjs [outfile]`
if (import.meta.url === `file://${process.argv[1]}`)
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
