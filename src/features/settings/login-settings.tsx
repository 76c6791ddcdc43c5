import { useState, type FormEvent } from 'react';
import { useLogin } from '../../api/auth/mutations';
import { useRefreshSettings, useUpdateConfig } from '../../api/config/mutations';
import { SaveReviewDialog } from '../../components/save-review-dialog';
import { Field, TextField } from '../../components/field';
import { fieldError, formError } from '../../components/field-errors';
import { RadioChoices } from '../../components/radio-choices';
import { draftKey, useStoredDraft } from '../../components/stored-draft';
import {
  loginChanges,
  loginInput,
  reloginAfter,
  validateLogin,
  type LoginDraft,
  type SavedLogin,
} from './login-draft';
import { ReachWarning } from './reach-warning';

type Stored = Omit<LoginDraft, 'password'>;

/**
 * Login on or off, and its user name and password (write-only). Save shows what changes first; turning login
 * off says who could then use the instance. After a save that sets new credentials, the console logs in with
 * them, since the server ends the sessions of the old ones.
 */
export function LoginSettings({ saved, reachable }: { saved: SavedLogin; reachable: boolean | undefined }) {
  // The password is held here only, never with the stored draft.
  const stored = useStoredDraft<Stored>(draftKey('settings', 'login'), () => saved);
  const [password, setPassword] = useState('');
  const draft: LoginDraft = { ...stored.draft, password };
  const [errors, setErrors] = useState<Partial<Record<'username' | 'password', string>>>({});
  const [reviewing, setReviewing] = useState(false);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const update = useUpdateConfig();
  const login = useLogin();
  const refresh = useRefreshSettings();
  const changes = loginChanges(saved, draft);
  const dirty = changes.length > 0;

  const edit = (next: LoginDraft) => {
    setSavedNote(null);
    setErrors({});
    update.reset();
    setPassword(next.password);
    const kept = { enabled: next.enabled, username: next.username };
    stored.edit(kept, loginChanges(saved, { ...kept, password: '' }).length > 0);
  };
  const review = (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin(saved, draft);
    setErrors(found);
    if (Object.keys(found).length === 0 && dirty) setReviewing(true);
  };
  const save = async () => {
    const credentials = reloginAfter(draft);
    try {
      await update.mutateAsync({ auth: loginInput(saved, draft) });
    } catch {
      setReviewing(false);
      return;
    }
    setReviewing(false);
    if (credentials) await login.mutateAsync(credentials).catch(() => undefined);
    await refresh();
    stored.reset({
      enabled: draft.enabled,
      username: draft.enabled ? draft.username.trim() : saved.username,
    });
    setPassword('');
    setSavedNote(draft.enabled ? `Saved: login is on for ${draft.username.trim()}.` : 'Saved: login is off.');
  };

  const serverProblem = formError(update.error, ['auth.username', 'auth.password']);
  const turningOff = saved.enabled && !draft.enabled;

  return (
    <form className="rp-section st-form" aria-labelledby="st-login" onSubmit={review} noValidate>
      <h2 id="st-login">Login</h2>
      <p className="muted">
        {saved.enabled
          ? `Login is on: ${saved.username || 'the user'} logs in with a password.`
          : 'Login is off: anyone who can reach this instance can use it.'}
      </p>
      {stored.restored && dirty && !savedNote && (
        <p className="field-hint" role="note">
          Your unsaved changes were kept from your last visit. A typed password is never kept: type it again.
        </p>
      )}
      <fieldset className="st-choices">
        <legend>Require a login</legend>
        <RadioChoices
          value={draft.enabled ? 'on' : 'off'}
          choices={[
            { value: 'on', label: 'On: a user name and password' },
            { value: 'off', label: 'Off: no login' },
          ]}
          labelClassName="st-choice"
          onChange={(v) => edit({ ...draft, enabled: v === 'on' })}
        />
      </fieldset>
      {draft.enabled && (
        <div className="rp-grid">
          <TextField
            label="User name"
            value={draft.username}
            autoComplete="username"
            spellCheck={false}
            error={errors.username ?? fieldError(update.error, 'auth.username')}
            onChange={(e) => edit({ ...draft, username: e.target.value })}
          />
          <Field
            label="Password"
            error={errors.password ?? fieldError(update.error, 'auth.password')}
            hint={
              password
                ? 'Saving sets this password.'
                : saved.enabled
                  ? 'A password is set and never shown. Type a new one to replace it.'
                  : 'The password that will be asked for.'
            }
          >
            {(control) => (
              <input
                className="input"
                {...control}
                type="password"
                value={password}
                autoComplete="new-password"
                placeholder={saved.enabled ? '•••••••• set' : ''}
                onChange={(e) => edit({ ...draft, password: e.target.value })}
              />
            )}
          </Field>
        </div>
      )}
      {turningOff && <ReachWarning reachable={reachable} />}
      {serverProblem && (
        <p role="alert" className="error-box">
          Not saved: {serverProblem}
        </p>
      )}
      {savedNote && !dirty && (
        <p role="status" className="rp-status">
          {savedNote}
        </p>
      )}
      <div className="rp-savebar">
        <span className="rp-savebar-note muted">
          {dirty ? `Unsaved: ${changes.map((c) => c.label.toLowerCase()).join(', ')}` : 'No unsaved changes'}
        </span>
        <button
          type="button"
          className="btn"
          disabled={!dirty}
          onClick={() => {
            stored.reset(saved);
            setPassword('');
            setErrors({});
            update.reset();
          }}
        >
          Discard changes
        </button>
        <button type="submit" className="btn btn-primary" disabled={!dirty || update.isPending}>
          Review and save…
        </button>
      </div>
      {reviewing && (
        <SaveReviewDialog
          title={turningOff ? 'Turn login off?' : 'Save the login settings?'}
          changes={changes}
          caption="Login settings that change"
          countLine={false}
          pending={update.isPending || login.isPending}
          saveLabel={turningOff ? 'Turn login off' : undefined}
          danger={turningOff}
          onSave={() => void save()}
          onClose={() => setReviewing(false)}
        >
          {turningOff && <ReachWarning reachable={reachable} />}
          {reloginAfter(draft) && (
            <p className="muted">
              The sessions of the old credentials end; this console logs in with the new ones.
            </p>
          )}
        </SaveReviewDialog>
      )}
    </form>
  );
}
