import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { modelFieldErrors } from './model-errors';

const err = (field: string) => new ApiError(400, { title: 'Bad Request', detail: 'No', field });

describe('modelFieldErrors', () => {
  it('puts the error beside the input it names, or beside the provider for the whole model', () => {
    expect(modelFieldErrors(err('knowledge_base.embedding_model.api_key'), 'embedding_model')).toEqual({
      api_key: 'No',
    });
    expect(modelFieldErrors(err('embedding_model'), 'embedding_model')).toEqual({ provider: 'No' });
    expect(modelFieldErrors(err('reranking_model.model_name'), 'embedding_model')).toEqual({});
    expect(modelFieldErrors(new Error('x'), 'model')).toEqual({});
  });
});
