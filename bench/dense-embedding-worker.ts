/** The thread of `bench:dense`'s embedding server (dense-embedding-server.ts): serves, then posts its port. */
import { parentPort, workerData } from 'node:worker_threads';
import { ClusteredVectors } from './dense-corpus';
import { serveEmbeddings } from './dense-embedding-server';

const { dims, port } = workerData as { dims: number; port: number };
parentPort?.postMessage({ port: await serveEmbeddings(new ClusteredVectors(dims), port) });
