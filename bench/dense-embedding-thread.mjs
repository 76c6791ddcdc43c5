// Starts the thread of bench:dense's embedding server: the worker is TypeScript, so the TypeScript loader is
// registered first.
import { register } from 'tsx/esm/api';

register();
await import('./dense-embedding-worker.ts');
