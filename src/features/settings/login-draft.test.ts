import { describe, expect, it } from 'vitest';
import { loginChanges, loginInput, reloginAfter, validateLogin } from './login-draft';

const OFF = { enabled: false, username: '' };
const ON = { enabled: true, username: 'ann' };

describe('the login settings as a form', () => {
  it('needs a user name and a password to turn login on, and the password to rename the user', () => {
    expect(validateLogin(OFF, { enabled: true, username: '', password: '' })).toEqual({
      username: expect.any(String),
      password: 'Give a password to turn login on.',
    });
    expect(validateLogin(OFF, { enabled: true, username: 'ann', password: 'pw' })).toEqual({});
    expect(validateLogin(ON, { enabled: true, username: 'ann', password: '' })).toEqual({});
    expect(validateLogin(ON, { enabled: true, username: 'bob', password: '' }).password).toMatch(
      /new user name/,
    );
    expect(validateLogin(ON, { enabled: false, username: '', password: '' })).toEqual({});
  });

  it('sends only what changes, says what will change without the password, and logs in again after new credentials', () => {
    const on = { enabled: true, username: ' ann ', password: 's3cret' };
    expect(loginInput(OFF, on)).toEqual({ http_auth_enabled: true, username: 'ann', password: 's3cret' });
    expect(loginChanges(OFF, on)).toEqual([
      { label: 'Login', from: 'off', to: 'on' },
      { label: 'User name', from: 'none', to: 'ann' },
      { label: 'Password', from: 'none in use', to: 'new (hidden)' },
    ]);
    expect(JSON.stringify(loginChanges(OFF, on))).not.toContain('s3cret');
    expect(reloginAfter(on)).toEqual({ username: 'ann', password: 's3cret' });
    expect(loginInput(ON, { enabled: true, username: 'ann', password: 'n3w' })).toEqual({ password: 'n3w' });
    expect(loginInput(ON, { enabled: false, username: 'ann', password: '' })).toEqual({
      http_auth_enabled: false,
    });
    expect(reloginAfter({ enabled: false, username: 'ann', password: 'x' })).toBeNull();
    expect(loginChanges(ON, { ...ON, password: '' })).toEqual([]);
  });
});
