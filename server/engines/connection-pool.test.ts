import { describe, expect, it } from 'vitest';
import { ConnectionPool } from './connection-pool';

/** A statement that holds its connection until the test lets it go; `log` records who started, in order. */
function holder(pool: ConnectionPool<string>, log: string[]) {
  return (caller: string) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done = pool.use(async (connection) => {
      log.push(caller);
      await released;
      return connection;
    }, caller);
    return { release, done };
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ConnectionPool, fair per caller', () => {
  it('serves waiting callers in turn, not in the order they asked', async () => {
    const log: string[] = [];
    const pool = new ConnectionPool(['c1'], { fairShare: true });
    const order = ['alice', 'alice', 'alice', 'alice', 'bob', 'carol'];
    // Each statement ends as soon as it starts: the connection goes to whoever's turn is next.
    await Promise.all(
      order.map((caller) =>
        pool.use(async () => {
          log.push(caller);
          await settle();
        }, caller),
      ),
    );
    // bob and carol come before alice's third and fourth, though they asked after them.
    expect(log).toEqual(['alice', 'alice', 'bob', 'carol', 'alice', 'alice']);
  });

  it('leaves a connection to another caller while one holds all but one', async () => {
    const log: string[] = [];
    const pool = new ConnectionPool(['c1', 'c2', 'c3'], { fairShare: true });
    const start = holder(pool, log);
    // Alone, alice may use every connection.
    const alice = [start('alice'), start('alice'), start('alice'), start('alice'), start('alice')];
    await settle();
    expect(log).toEqual(['alice', 'alice', 'alice']);
    const bob = start('bob');
    expect(pool.heldBy('alice')).toBe(3);
    // The first connection that comes free is bob's, though alice asked for two more before him.
    alice[0].release();
    await alice[0].done;
    await settle();
    expect(log).toEqual(['alice', 'alice', 'alice', 'bob']);
    // While bob holds one, alice takes no more than her share (two) even when a connection is idle... unless
    // nobody else waits: then the idle connection is hers.
    alice[1].release();
    await alice[1].done;
    await settle();
    expect(log).toEqual(['alice', 'alice', 'alice', 'bob', 'alice']);
    bob.release();
    await bob.done;
    for (const a of alice.slice(2)) {
      a.release();
      await a.done;
    }
    expect(log).toEqual(['alice', 'alice', 'alice', 'bob', 'alice', 'alice']);
    expect(pool.waitingCount).toBe(0);
    expect(pool.idleCount).toBe(3);
  });

  it('holds a caller at its share while another waits', async () => {
    const log: string[] = [];
    const pool = new ConnectionPool(['c1', 'c2', 'c3'], { fairShare: true });
    const start = holder(pool, log);
    const a = [start('alice'), start('alice')];
    const b = [start('bob'), start('bob')];
    await settle();
    // alice 2, bob 1; bob's second waits.
    expect(log).toEqual(['alice', 'alice', 'bob']);
    const a3 = start('alice');
    // A connection of bob's comes free: bob's second waits longer than alice's third, and alice has her share.
    b[0].release();
    await b[0].done;
    await settle();
    expect(log).toEqual(['alice', 'alice', 'bob', 'bob']);
    for (const h of [...a, b[1], a3]) {
      h.release();
      await h.done;
      await settle();
    }
    expect(log).toEqual(['alice', 'alice', 'bob', 'bob', 'alice']);
  });

  it('without fairShare, one caller may hold every connection while others wait', async () => {
    const log: string[] = [];
    const pool = new ConnectionPool(['c1', 'c2'], {});
    expect(pool.share).toBe(2);
    const start = holder(pool, log);
    const held = [start('x'), start('x')];
    await settle();
    expect(log).toEqual(['x', 'x']);
    for (const h of held) {
      h.release();
      await h.done;
    }
  });
});
