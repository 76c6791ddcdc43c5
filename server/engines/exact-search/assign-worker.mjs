// Starts a thread that assigns a dense copy's rows to their nearest centroids: the worker is TypeScript, so the
// TypeScript loader the server runs under is registered first, whichever way this process was started.
import { register } from 'tsx/esm/api';

register();
await import('./assign-worker.ts');
