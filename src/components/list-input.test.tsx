import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ListInput } from './list-input';

function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={() => {
        throw new Error('the form must not submit');
      }}
    >
      <label htmlFor="cols">Columns</label>
      <ListInput id="cols" itemName="column" value={value} onChange={setValue} />
      <output>{JSON.stringify(value)}</output>
    </form>
  );
}

describe('ListInput', () => {
  it('adds on Enter and comma, skips duplicates, removes by button and Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['a']} />);
    const box = screen.getByLabelText('Columns');
    await user.type(box, 'b{Enter}c,a,{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('["a","b","c"]');
    await user.click(screen.getByRole('button', { name: 'Remove column b' }));
    expect(screen.getByRole('status')).toHaveTextContent('["a","c"]');
    await user.type(box, '{Backspace}');
    expect(screen.getByRole('status')).toHaveTextContent('["a"]');
    await user.type(box, 'typed');
    await user.tab();
    expect(screen.getByRole('status')).toHaveTextContent('["a","typed"]');
  });
});
