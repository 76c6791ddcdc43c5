import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { knowledgeBaseKeys } from '../../api/knowledge-bases/keys';
import { fakeFetch } from '../../testing/fake-fetch';
import { renderRoutes } from '../../testing/render-routes';
import { KbStatusBlock } from './kb-status-block';
import { formatMoment } from '../../components/format';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STATUS = '/api/projects/mindsdb/knowledge_bases/Docs/status';

const status = (over: Record<string, unknown> = {}) => ({
  documents: 1200,
  chunks: 3400,
  last_insert: {
    state: 'failed',
    rows_done: 1000,
    rows_total: 1500,
    chunks: 3400,
    error: 'Insert stopped after 1000 of 1500 rows (kept): HTTP 503',
    started_at: '2026-11-24 10:00:01.000000',
    finished_at: '2026-11-24 10:02:03.000000',
    query_id: 4,
  },
  index: { vector: false, full_text: false, indexed_rows: 0, unindexed_rows: 3400, build: null },
  ...over,
});

const show = () =>
  renderRoutes([{ path: '/', element: <KbStatusBlock project="mindsdb" name="Docs" /> }], '/');

describe('KbStatusBlock', () => {
  it('offers Cancel for a load running on the server, stops it on the cancel route, and says what stays', async () => {
    let cancelled = false;
    const net = fakeFetch((req) => {
      if (req.path === STATUS)
        return {
          json: status({
            last_insert: {
              ...status().last_insert,
              state: cancelled ? 'failed' : 'running',
              rows_done: 1000,
              error: cancelled ? "The insert into knowledge base 'Docs' was cancelled" : null,
              finished_at: cancelled ? '2026-11-24 10:02:03.000000' : null,
            },
          }),
        };
      if (req.path === '/api/projects/mindsdb/knowledge_bases/Docs/cancel_insert') {
        cancelled = true;
        return { json: { cancelled: true } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    show();
    expect(
      await screen.findByText(
        `Loading since ${formatMoment('2026-11-24 10:00:01')}: 1,000 of 1,500 rows so far.`,
        {
          exact: false,
        },
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel load' }));
    expect(net.requests.some((r) => r.method === 'POST' && r.path.endsWith('/cancel_insert'))).toBe(true);
    expect(
      await screen.findByText(/the 1,000 rows stored before it stopped stay/, {}, { timeout: 4000 }),
    ).toHaveTextContent('cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel load' })).toBeNull();
  });

  it('shows documents, chunks and the last load with its failure', async () => {
    fakeFetch((req) => (req.path === STATUS ? { json: status() } : undefined));
    show();
    expect(await screen.findByText('1,200 documents in 3,400 chunks')).toBeTruthy();
    const when = `${formatMoment('2026-11-24 10:00:01')} to ${formatMoment('2026-11-24 10:02:03')}`;
    expect(screen.getByText(`${when}, 1,000 of 1,500 rows`, { exact: false })).toBeTruthy();
    expect(screen.getByText(/failed: Insert stopped after 1000 of 1500 rows/)).toBeTruthy();
    expect(screen.getByText(/None yet/)).toBeTruthy();
    expect(screen.queryByText(/up to date/)).toBeNull();
  });

  it.each([
    [
      'waiting',
      /Covers 3,000 chunks, 400 newer ones searched exactly\. The index is brought up to date once inserts pause/,
    ],
    [
      'building',
      /Covers 3,000 chunks, 400 newer ones searched exactly\. Bringing the index up to date in the background/,
    ],
  ])('says what background index upkeep is doing: %s', async (upkeep, text) => {
    const index = {
      vector: true,
      full_text: true,
      indexed_rows: 3000,
      unindexed_rows: 400,
      upkeep,
      build: null,
    };
    fakeFetch((req) => (req.path === STATUS ? { json: status({ index }) } : undefined));
    show();
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it.each([
    ['loaded', 100_000, 67_108_864, /From memory: every one of 100,000 chunks is compared \(64 MB\)/],
    ['loaded', 63, 170_137, /every one of 63 chunks is compared \(166 KB\)/],
    ['loading', 0, 0, /Loading the chunks into memory for exact searches/],
    ['not_loaded', 0, 0, /loaded into memory for exact searches on the first search/],
    ['too_large', 0, 0, /do not fit the server's search memory/],
    ['no_room', 0, 0, /holds knowledge bases searched more often/],
    ['off', 0, 0, /^From the vector table\.$/],
  ])('says whether searches read the in-memory copy: %s', async (state, rows, bytes, text) => {
    const index = {
      ...status().index,
      search_copy: { state, rows, bytes },
    };
    fakeFetch((req) => (req.path === STATUS ? { json: status({ index }) } : undefined));
    show();
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it.each([
    ['copy', 'scan_fits', 4_000_000, /From memory: every one of 100,000 chunks is compared \(64 MB\)/],
    [
      'index',
      'scan_too_large',
      153_600_000,
      /From the vector table's index: the chunks are in memory \(64 MB\), but comparing a question with every one would take 100,000 chunks × 1,536 dimensions = 154 million products, past the 150 million beyond which the index answers sooner\./,
    ],
    [
      'index',
      'not_loaded',
      0,
      /loaded into memory for exact searches on the first search; until then the vector table's index answers\./,
    ],
    [
      'table',
      'loading',
      0,
      /Loading the chunks into memory for exact searches; until then the vector table answers/,
    ],
    [
      'index',
      'too_large',
      0,
      /From the vector table's index: the chunks do not fit the server's search memory/,
    ],
  ])('says what answers a semantic search and why: %s, %s', async (path, reason, work, text) => {
    const index = {
      ...status().index,
      search_copy: { state: 'loaded', rows: 100_000, bytes: 67_108_864 },
      search_path: { path, reason, scan_work: work, scan_limit: 150_000_000 },
    };
    fakeFetch((req) => (req.path === STATUS ? { json: status({ index }) } : undefined));
    show();
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('says when a dense copy is searched group by group, and what share a question reads', async () => {
    const index = {
      ...status().index,
      search_copy: { state: 'loaded', rows: 100_000, bytes: 67_108_864 },
      search_path: {
        path: 'copy',
        reason: 'grouped',
        scan_work: 15_564_800,
        scan_limit: 150_000_000,
        groups: 158,
        probes: 16,
      },
    };
    fakeFetch((req) => (req.path === STATUS ? { json: status({ index }) } : undefined));
    show();
    expect(
      await screen.findByText(
        /From memory \(64 MB\): the 100,000 chunks are kept in 158 groups of similar ones, and a question is compared with the chunks of the 16 groups nearest it \(about 10% of them\)/,
      ),
    ).toBeTruthy();
  });

  it('builds the index with CREATE INDEX on the exact name, and shows the build while it runs', async () => {
    let building = false;
    const net = fakeFetch((req) => {
      if (req.path === STATUS)
        return {
          json: status(
            building
              ? {
                  index: {
                    vector: false,
                    full_text: false,
                    indexed_rows: 0,
                    unindexed_rows: 3400,
                    build: {
                      state: 'building',
                      chunks: 3400,
                      started_at: '2026-11-24 11:00:00.000000',
                      finished_at: null,
                      error: null,
                      phase: 'full_text',
                      phase_label: 'building the full-text index',
                      phases_done: 2,
                      phases_total: 4,
                      percent: 50,
                    },
                  },
                }
              : {},
          ),
        };
      if (req.path === '/api/sql/query') {
        building = true;
        return new Promise(() => undefined) as never;
      }
      return undefined;
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Build index now' }));
    expect(
      await screen.findByText(`Building over 3,400 chunks since ${formatMoment('2026-11-24 11:00:00')}`, {
        exact: false,
      }),
    ).toBeTruthy();
    expect(
      screen.getByText(/Now building the full-text index \(phase 3 of 4, 50% of phases done\)/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Building…' })).toHaveProperty('disabled', true);
    const sent = net.requests.find((r) => r.path === '/api/sql/query');
    expect(sent?.body).toMatchObject({ query: 'CREATE INDEX ON KNOWLEDGE_BASE `mindsdb`.`Docs`' });
  });

  it('reads the rest of the KB again when it sees a load end', async () => {
    let readings = 0;
    fakeFetch((req) => {
      if (req.path !== STATUS) return undefined;
      readings++;
      const running = readings === 1;
      return {
        json: status({
          documents: running ? 0 : 12,
          chunks: running ? 0 : 12,
          last_insert: {
            ...status().last_insert,
            state: running ? 'running' : 'done',
            rows_done: running ? 4 : 12,
            rows_total: 12,
            error: null,
            finished_at: running ? null : '2026-11-24 10:02:03.000000',
          },
        }),
      };
    });
    const view = show();
    // What the Contents tab read when the page opened: no document yet.
    const documents = knowledgeBaseKeys.documents('mindsdb', 'Docs', 0, '');
    view.client.setQueryData(documents, { documents: [], more: false });
    expect(await screen.findByText(/Loading since/)).toBeTruthy();
    expect(view.client.getQueryState(documents)?.isInvalidated).toBe(false);
    expect(await screen.findByText('12 documents in 12 chunks', {}, { timeout: 4000 })).toBeTruthy();
    expect(view.client.getQueryState(documents)?.isInvalidated).toBe(true);
  });

  it('shows nothing on a server without the status route', async () => {
    const net = fakeFetch(() => undefined);
    const view = show();
    await waitFor(() => expect(net.requests.some((r) => r.path === STATUS)).toBe(true));
    expect(view.container.textContent).toBe('');
  });
});
