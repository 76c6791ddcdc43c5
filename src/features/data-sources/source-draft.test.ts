import { describe, expect, it } from 'vitest';
import {
  draftFromSaved,
  parameterChanges,
  parameterFields,
  sourceChanges,
  validateSourceDraft,
} from './source-draft';

const SAVED = { host: '127.0.0.1', port: 5432, database: 'shop', user: 'app', password: '******' };

describe('a saved source as a form', () => {
  it('never puts a secret in the draft, and offers a password field for SQL engines', () => {
    const draft = draftFromSaved(SAVED);
    expect(draft.values).toEqual({ host: '127.0.0.1', port: '5432', database: 'shop', user: 'app' });
    expect(draft.secrets).toEqual({});
    expect(parameterFields('postgres', SAVED).map((f) => f.key)).toEqual([
      'host',
      'port',
      'database',
      'user',
      'password',
    ]);
    const password = parameterFields('postgres', { host: 'h' }).find((f) => f.key === 'password');
    expect(password).toMatchObject({ secret: true, saved: false });
    expect(parameterFields('postgres', SAVED).find((f) => f.key === 'password')?.saved).toBe(true);
    // MindsDB shows secrets in clear: they are still never drafted.
    expect(JSON.stringify(draftFromSaved({ ...SAVED, password: 'in-clear' }))).not.toContain('in-clear');
  });

  it('sends only what changed, a port as a number, and a secret only when retyped', () => {
    const draft = draftFromSaved(SAVED);
    expect(parameterChanges(SAVED, draft)).toEqual({});
    const edited = {
      values: { ...draft.values, port: '6543', host: 'db.internal' },
      secrets: { password: '' },
    };
    expect(parameterChanges(SAVED, edited)).toEqual({ port: 6543, host: 'db.internal' });
    const retyped = { ...edited, secrets: { password: 'n3w-pass' } };
    expect(parameterChanges(SAVED, retyped)).toEqual({
      port: 6543,
      host: 'db.internal',
      password: 'n3w-pass',
    });
    const changes = sourceChanges(SAVED, retyped);
    expect(changes).toEqual([
      { label: 'Host', from: '127.0.0.1', to: 'db.internal' },
      { label: 'Port', from: '5432', to: '6543' },
      { label: 'Password', from: 'saved (hidden)', to: 'new (hidden)' },
    ]);
    expect(JSON.stringify(changes)).not.toContain('n3w-pass');
  });

  it('finds a bad port and an empty host before sending, by field', () => {
    const draft = draftFromSaved(SAVED);
    expect(validateSourceDraft(SAVED, draft)).toEqual({});
    expect(
      validateSourceDraft(SAVED, { ...draft, values: { ...draft.values, port: '70000', host: ' ' } }),
    ).toEqual({ port: expect.stringMatching(/1 to 65535/), host: 'Give the host.' });
    expect(
      validateSourceDraft(SAVED, { ...draft, values: { ...draft.values, port: '54a' } }).port,
    ).toBeDefined();
  });
});
