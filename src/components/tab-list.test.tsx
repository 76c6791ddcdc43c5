import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabList } from './tab-list';

function Harness() {
  const [selected, setSelected] = useState('one');
  return (
    <TabList
      label="Parts"
      selected={selected}
      onSelect={setSelected}
      tabs={[
        { id: 'one', label: 'One', panel: <input aria-label="kept" /> },
        { id: 'two', label: 'Two', panel: <p>second</p> },
        { id: 'three', label: 'Three', panel: <p>third</p> },
      ]}
    />
  );
}

describe('TabList', () => {
  it('moves with the arrow keys, Home and End, and keeps hidden panels mounted', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('kept'), 'draft');
    await user.click(screen.getByRole('tab', { name: 'One' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveTextContent('second');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('kept')).toHaveValue('draft');
  });
});
