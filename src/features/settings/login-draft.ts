import type { ConfigChange } from '../../api/config/mutations';
import type { Change } from '../../components/model-fields/model-draft';

/** The login as the instance has it: whether it is on, and for whom (the password is never shown). */
export interface SavedLogin {
  enabled: boolean;
  username: string;
}

/** The form's state. `password` holds only what was typed here, and is never stored. */
export interface LoginDraft {
  enabled: boolean;
  username: string;
  password: string;
}

export function loginFromConfig(auth: { http_auth_enabled: boolean; username?: string | null } | undefined) {
  return { enabled: auth?.http_auth_enabled ?? false, username: auth?.username ?? '' } satisfies SavedLogin;
}

const onOff = (on: boolean) => (on ? 'on' : 'off');

/** What a save will change, in words; a typed password shows only that it is replaced. */
export function loginChanges(saved: SavedLogin, draft: LoginDraft): Change[] {
  const changes: Change[] = [];
  if (draft.enabled !== saved.enabled)
    changes.push({ label: 'Login', from: onOff(saved.enabled), to: onOff(draft.enabled) });
  if (draft.enabled && draft.username.trim() !== saved.username)
    changes.push({ label: 'User name', from: saved.username || 'none', to: draft.username.trim() });
  if (draft.enabled && draft.password)
    changes.push({
      label: 'Password',
      from: saved.enabled ? 'saved (hidden)' : 'none in use',
      to: 'new (hidden)',
    });
  return changes;
}

/**
 * Problems by field. Turning login on needs a user name and a password; changing the user name while it is on
 * needs the password too. Both servers end the sessions of the old credentials, and the console logs in again
 * with the new ones, so it must have them.
 */
export function validateLogin(
  saved: SavedLogin,
  draft: LoginDraft,
): Partial<Record<'username' | 'password', string>> {
  if (!draft.enabled) return {};
  const errors: Partial<Record<'username' | 'password', string>> = {};
  const name = draft.username.trim();
  if (!name) errors.username = 'Give the user name that will log in.';
  if (!draft.password) {
    if (!saved.enabled) errors.password = 'Give a password to turn login on.';
    else if (name !== saved.username) errors.password = 'Type the password for the new user name.';
  }
  return errors;
}

/** The `auth` part of `PUT /api/config`: only what changes (both servers merge it into what is set). */
export function loginInput(saved: SavedLogin, draft: LoginDraft): ConfigChange['auth'] {
  if (!draft.enabled) return { http_auth_enabled: false };
  const auth: NonNullable<ConfigChange['auth']> = {};
  if (!saved.enabled) auth.http_auth_enabled = true;
  if (draft.username.trim() !== saved.username) auth.username = draft.username.trim();
  if (draft.password) auth.password = draft.password;
  return auth;
}

/** The credentials to log in with after the save, when it turns login on or changes them; else null. */
export function reloginAfter(draft: LoginDraft) {
  if (!draft.enabled || !draft.password) return null;
  return { username: draft.username.trim(), password: draft.password };
}
