import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { errorField, fieldError, formError } from './field-errors';

const problem = (field?: string) =>
  new ApiError(400, { title: 'Bad Request', detail: 'That will not do', ...(field ? { field } : {}) });

describe('field errors', () => {
  it('strips the body wrapper and matches a field or its parent', () => {
    expect(errorField(problem('knowledge_base.embedding_model.provider'))).toBe('embedding_model.provider');
    expect(errorField(problem('knowledge_base.params.id_column'))).toBe('id_column');
    expect(errorField(problem('agent.data.tables[2]'))).toBe('data.tables.2');
    expect(fieldError(problem('agent.data.tables[2]'), 'data.tables')).toBe('That will not do');
    expect(fieldError(problem('embedding_model'), 'embedding_model.provider')).toBeUndefined();
    expect(fieldError(problem('name'), 'name')).toBe('That will not do');
  });

  it('leaves errors without a placed field to the form', () => {
    expect(formError(problem('name'), ['name'])).toBeUndefined();
    expect(formError(problem('somewhere_else'), ['name'])).toBe('That will not do');
    expect(formError(problem(), ['name'])).toBe('That will not do');
    expect(formError(new Error('offline'), [])).toBe('offline');
    expect(formError(null, [])).toBeUndefined();
  });
});
