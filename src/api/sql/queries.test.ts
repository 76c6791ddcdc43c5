import { describe, expect, it } from 'vitest';
import { metadataColumnNames } from './queries';

describe('metadataColumnNames', () => {
  it('reads lists, lists as JSON text, and lists as Python-style text', () => {
    expect(metadataColumnNames(['title', 'category'])).toEqual(['title', 'category']);
    expect(metadataColumnNames('["a", "b"]')).toEqual(['a', 'b']);
    expect(metadataColumnNames("['a', 'b']")).toEqual(['a', 'b']);
    expect(metadataColumnNames(null)).toEqual([]);
    expect(metadataColumnNames('')).toEqual([]);
  });
});
