// Starts the thread that scans search copies (scan-worker.ts): the worker is TypeScript, so the TypeScript loader
// the server runs under is registered first, whichever way this process was started.
import { register } from 'tsx/esm/api';

register();
await import('./scan-worker.ts');
