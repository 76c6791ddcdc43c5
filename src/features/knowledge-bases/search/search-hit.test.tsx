import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchHitCard } from './search-hit';

describe('a search result', () => {
  it("shows the user's metadata and folds MindsDB's _chunk_* bookkeeping away", () => {
    render(
      <SearchHitCard
        rank={1}
        hit={{
          id: 'a',
          chunkId: 'a:content:1of1:0to5',
          content: 'hello',
          relevance: 0.5,
          distance: 1,
          metadata: { _chunk_index: 0, _original_doc_id: 'a', author: 'ann', _updated_at: '2026-01-01' },
        }}
      />,
    );
    const own = screen.getByLabelText('Metadata');
    expect(within(own).getByText('author')).toBeInTheDocument();
    expect(within(own).queryByText('_chunk_index')).not.toBeInTheDocument();
    const details = screen
      .getByText('Chunk details', { selector: 'summary' })
      .closest('details') as HTMLElement;
    expect(details).not.toHaveAttribute('open');
    expect(within(details).getByText('_chunk_index')).toBeInTheDocument();
    expect(within(details).getByText('_updated_at')).toBeInTheDocument();
  });
});
