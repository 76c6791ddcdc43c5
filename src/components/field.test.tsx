import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField, TextField } from './field';

describe('a labelled field', () => {
  it('is found by its label, described by its hint and then its error, and invalid while there is one', () => {
    render(<TextField label="Name" hint="Letters and digits." error="Name is taken." defaultValue="" />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAccessibleDescription('Letters and digits. Name is taken.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Name is taken.');
  });

  it('without a hint or an error, has no description and is not marked invalid', () => {
    render(
      <SelectField label="Engine" defaultValue="a">
        <option>a</option>
      </SelectField>,
    );
    const select = screen.getByLabelText('Engine');
    expect(select).not.toHaveAttribute('aria-describedby');
    expect(select).not.toHaveAttribute('aria-invalid');
  });

  it('reads an error that follows typing with the field, without announcing it as an alert', () => {
    render(<TextField label="Table name" error="Use letters." announceError={false} defaultValue="1x" />);
    expect(screen.getByLabelText('Table name')).toHaveAccessibleDescription('Use letters.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers its suggestions as the datalist the input names', () => {
    const { container } = render(<TextField label="ID column" suggestions={['id', 'doc_id']} />);
    const list = screen.getByLabelText('ID column').getAttribute('list');
    const options = container.querySelectorAll(`datalist[id="${list}"] option`);
    expect([...options].map((o) => o.getAttribute('value'))).toEqual(['id', 'doc_id']);
  });
});
