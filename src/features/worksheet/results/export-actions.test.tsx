import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExportActions } from './export-actions';

describe('the CSV export button', () => {
  it('says that text a spreadsheet would run as a formula is saved with a leading quote', () => {
    render(
      <ExportActions
        names={['note']}
        rows={[['=1+1']]}
        shownRowsInOrder={() => [['=1+1']]}
        viewChanged={false}
      />,
    );
    const title = screen.getByRole('button', { name: 'Export CSV' }).getAttribute('title') ?? '';
    expect(title).toMatch(/^Exports every row of the result\./);
    expect(title).toContain("saved with a leading ' so spreadsheets do not run it as a formula");
  });
});
