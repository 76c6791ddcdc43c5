import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AnswerMarkdown, safeUrl } from './answer-markdown';

describe('safeUrl', () => {
  it.each([
    ['https://example.org/a?b', 'https://example.org/a?b'],
    ['mailto:someone@example.org', 'mailto:someone@example.org'],
    ['/relative/path', '/relative/path'],
    ['#part', '#part'],
    ['javascript:alert(1)', ''],
    ['JaVaScRiPt:alert(1)', ''],
    ['data:text/html;base64,PHNjcmlwdD4=', ''],
    ['vbscript:msgbox(1)', ''],
    ['irc://example.org', ''],
  ])('%s', (url, expected) => {
    expect(safeUrl(url)).toBe(expected);
  });
});

describe('AnswerMarkdown', () => {
  it('renders pipe tables as tables, with citations inside cells', async () => {
    const onCite = vi.fn();
    render(
      <AnswerMarkdown
        text={'Rows of `files.orders`:\n\n| id | item |\n| --- | --- |\n| 1 | pen [a:b:1of1:0to3] |'}
        onCite={onCite}
      />,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['id', 'item']);
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Show chunk a:b:1of1:0to3' }));
    expect(onCite).toHaveBeenCalledWith('a:b:1of1:0to3');
  });

  it('leaves chunk ids inside code alone', () => {
    render(<AnswerMarkdown text={'`a:b:1of1:0to3` and\n\n    a:b:1of1:0to3'} onCite={() => undefined} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows raw HTML as the characters it is written with, and keeps dangerous links without a target', () => {
    const text = [
      '<script>window.__pwned = 1</script> and <img src=x onerror="alert(1)"> inline',
      '',
      '<div onclick="alert(2)">a block</div>',
      '',
      '[click me](javascript:alert(3)) and ![pic](javascript:alert(4))',
    ].join('\n');
    const { container } = render(<AnswerMarkdown text={text} onCite={() => undefined} />);
    expect(container.textContent).toContain(
      '<script>window.__pwned = 1</script> and <img src=x onerror="alert(1)"> inline',
    );
    expect(container.textContent).toContain('<div onclick="alert(2)">a block</div>');
    expect(container.querySelector('script, img, div[onclick], [onerror]')).toBeNull();
    expect(screen.queryByRole('link', { name: 'click me' })).not.toBeInTheDocument();
    expect(screen.getByText('click me')).toBeInTheDocument();
    expect(container.querySelector('a[href^="javascript" i]')).toBeNull();
  });
});
