import type { FakeRequest, FakeResponse } from './fake-fetch';

/** A database of the object tree: its type (`project`, `data`) and its objects, name to type (`agent`, `table`). */
export interface FakeDatabase {
  type: string;
  objects?: Record<string, string>;
}

/**
 * Answers the object tree as the server does (`GET /api/tree/` lists the databases, `/api/tree/<db>` one's
 * objects) for the databases given, and leaves every other request to the rest of a `fakeFetch` handler.
 */
export function fakeTree(databases: Record<string, FakeDatabase>) {
  return (req: FakeRequest): FakeResponse | undefined => {
    if (req.path === '/api/tree/')
      return { json: Object.entries(databases).map(([name, { type }]) => ({ name, class: 'db', type })) };
    const db = req.path.startsWith('/api/tree/') ? databases[req.path.slice('/api/tree/'.length)] : undefined;
    if (!db) return undefined;
    return {
      json: Object.entries(db.objects ?? {}).map(([name, type]) => ({ name, class: 'table', type })),
    };
  };
}
