import { useInstanceConfig } from '../../api/config/queries';
import { DefaultModels } from './default-models';
import { LoginSettings } from './login-settings';
import { loginFromConfig } from './login-draft';
import '../../components/resource-page.css';
import './settings.css';

/** The instance's settings: login, and the default models. */
export function SettingsPage() {
  const config = useInstanceConfig();
  return (
    <div className="page rp st-page">
      <header className="rp-head">
        <h1>Instance settings</h1>
        <span className="rp-badge">for every project and user of this instance</span>
      </header>
      {config.isPending && <p className="muted">Loading the settings…</p>}
      {config.isError && (
        <p role="alert" className="error-box">
          Could not read the settings: {config.error.message}
        </p>
      )}
      {config.data && (
        <>
          <LoginSettings
            saved={loginFromConfig(config.data.auth)}
            reachable={config.data.instance?.reachable_from_other_machines}
          />
          <DefaultModels config={config.data} />
        </>
      )}
    </div>
  );
}
