import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app';
import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let app: FastifyInstance;
let port: number;
const MAX_CONNECTIONS = 20;

beforeAll(async () => {
  t = await startTestApp();
  // Short windows so the test runs in seconds; the same code runs with the defaults in production.
  app = createApp(t.deps, {
    limits: {
      maxConnections: MAX_CONNECTIONS,
      bodyRateWindowMs: 300,
      minBodyBytesPerWindow: 1024,
      headersTimeoutMs: 1500,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** A client that starts a POST with a large declared body and then sends it a byte at a time. */
function slowBodyClient(): { socket: net.Socket; closed: Promise<void> } {
  const socket = net.connect(port, '127.0.0.1');
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  socket.write(
    `POST /api/sql/query HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
  );
  const drip = setInterval(() => socket.write(' '), 100);
  socket.on('close', () => clearInterval(drip));
  return { socket, closed };
}

function ping(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write('GET /api/util/ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    );
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('slow clients', () => {
  it('cuts a body that trickles in slower than the minimum rate', async () => {
    const client = slowBodyClient();
    await client.closed; // without the guard this never happens and the test times out
    expect(client.socket.destroyed).toBe(true);
  });

  it('keeps /api/util/ping answering while slow connections fill the cap', async () => {
    const clients = Array.from({ length: MAX_CONNECTIONS * 2 }, () => slowBodyClient());
    // Let them all connect and start their bodies.
    await Promise.all(
      clients.map(
        (c) => new Promise((r) => (c.socket.readyState === 'open' ? r(null) : c.socket.once('connect', r))),
      ),
    );
    expect(await ping()).toBe(200);
    expect(await ping()).toBe(200);
    await Promise.all(clients.map((c) => c.closed));
  });

  it('answers 408 and closes a connection that never finishes its headers', async () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /api/util/ping HTTP/1.1\r\nHost: local');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
