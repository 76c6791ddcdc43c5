/**
 * Where the compiled server's threads are (a URL of a folder), set by the bundle's first line
 * (scripts/build-server.mjs); absent when the server runs from source.
 */
const COMPILED_THREADS = '__knowledgeStudioCompiledThreads';

/**
 * The file a worker thread starts from. From source (tests, `npm run serve`) it is `sourceEntry`, the `.mjs`
 * beside the worker's TypeScript, which registers the TypeScript loader and then imports it. Compiled (`npm
 * start`) it is the worker compiled on its own beside the bundle (`threads/<name>.js`): a thread then starts
 * without a loader thread of its own and without compiling TypeScript, half a second of CPU that the first
 * searches after a start would otherwise wait behind.
 */
export function threadEntry(name: string, sourceEntry: URL): URL {
  const compiled = (globalThis as Record<string, unknown>)[COMPILED_THREADS];
  return typeof compiled === 'string' ? new URL(`${name}.js`, compiled) : sourceEntry;
}
