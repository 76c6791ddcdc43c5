/**
 * Where the compiled server's threads are (a URL of a folder), set by the bundle's first line
 * (scripts/build-server.mjs); absent when the server runs from source.
 */
const COMPILED_THREADS = '__knowledgeStudioCompiledThreads';

/**
 * The file a worker thread starts from, given its source entry: the `<name>.mjs` beside the worker's
 * `<name>.ts`, which registers the TypeScript loader and then imports it (tests, `npm run serve`). Compiled
 * (`npm start`), the worker compiled on its own beside the bundle, `threads/<name>.js`: a thread then starts
 * without a loader thread of its own and without compiling TypeScript, half a second of CPU that the first
 * searches after a start would otherwise wait behind. The build finds the workers by the same pair of files.
 */
export function threadEntry(sourceEntry: URL): URL {
  const compiled = (globalThis as Record<string, unknown>)[COMPILED_THREADS];
  if (typeof compiled !== 'string') return sourceEntry;
  const name = sourceEntry.pathname.slice(sourceEntry.pathname.lastIndexOf('/') + 1).replace(/\.mjs$/, '');
  return new URL(`${name}.js`, compiled);
}
