// Starts a thread that trains a dense copy's centroids: the worker is TypeScript, so the TypeScript loader the
// server runs under is registered first, whichever way this process was started (server, tests, benchmarks).
import { register } from 'tsx/esm/api';

register();
await import('./train-worker.ts');
