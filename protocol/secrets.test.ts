import { describe, expect, it } from 'vitest';
import { isSecretKey, MASK, maskSecrets, scrubSecrets, secretValues } from './secrets';

describe('isSecretKey', () => {
  it.each([
    'api_key',
    'openai_api_key',
    'apiKey',
    'OPENAI_API_KEY',
    'x-api-key',
    'X-Api-Key',
    'private_key',
    'access_token',
    'refreshToken',
    'token',
    'password',
    'db_password',
    'passwd',
    'pwd',
    'passphrase',
    'secret',
    'client_secret',
    'secretAccessKey',
    'credentials',
    'Authorization',
    'basic_auth',
    'cookie',
  ])('%s holds a credential', (key) => expect(isSecretKey(key)).toBe(true));

  it.each([
    'provider',
    'model_name',
    'base_url',
    'max_tokens',
    'token_limit',
    'key_column',
    'keywords',
    'monkey',
    'author',
    'batch_size',
    'aws_access_key_id',
    '',
  ])('%s does not', (key) => expect(isSecretKey(key)).toBe(false));
});

describe('maskSecrets', () => {
  it('masks secret values at any depth and of any type, keeping everything else', () => {
    const masked = maskSecrets({
      provider: 'openai',
      api_key: 'sk-1',
      headers: { Authorization: 'Bearer x', Accept: 'json' },
      oauth: { credentials: { user: 'u', pass: 'p' }, scopes: ['a'] },
      fallbacks: [{ password: 'p', model_name: 'm' }],
      token: 42,
      empty_secret: '',
      unset_password: null,
    });
    expect(masked).toEqual({
      provider: 'openai',
      api_key: MASK,
      headers: { Authorization: MASK, Accept: 'json' },
      oauth: { credentials: MASK, scopes: ['a'] },
      fallbacks: [{ password: MASK, model_name: 'm' }],
      token: MASK,
      empty_secret: '',
      unset_password: null,
    });
  });

  it('leaves its input alone and passes scalars through', () => {
    const input = { api_key: 'k' };
    maskSecrets(input);
    expect(input.api_key).toBe('k');
    expect(maskSecrets('text')).toBe('text');
    expect(maskSecrets(null)).toBeNull();
  });
});

describe('scrubSecrets and secretValues', () => {
  it('finds the secret strings of an object and removes them from a message', () => {
    const config = { api_key: 'sk-12345', nested: { password: 'hunter22' }, model_name: 'gpt' };
    const secrets = secretValues(config);
    expect(secrets.sort()).toEqual(['hunter22', 'sk-12345']);
    expect(scrubSecrets('key sk-12345 and pw hunter22 for gpt', secrets)).toBe(
      `key ${MASK} and pw ${MASK} for gpt`,
    );
    expect(scrubSecrets('a b c', ['a', undefined])).toBe('a b c');
  });
});
