import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ModelFields } from './model-fields';

describe('the base URL field', () => {
  it('says that changing the address forgets the saved key', () => {
    render(
      <ModelFields
        legend="Model"
        value={{ provider: 'openai', model_name: 'gpt', base_url: 'https://api.example/v1', api_key: '' }}
        onChange={() => undefined}
        savedKey
      />,
    );
    const field = screen.getByLabelText('Base URL');
    expect(field).toHaveAccessibleDescription('Changing the address forgets the saved key: enter it again.');
  });
});
