import { useId } from 'react';
import { useAgents } from '../../api/agents/queries';

interface Props {
  project: string;
  agent?: string;
  onChange: (agent: string) => void;
}

/** The agents of the project; an agent named in the address but missing from the list is still shown. */
export function AgentPicker({ project, agent, onChange }: Props) {
  const id = useId();
  const { data, isPending, error } = useAgents(project);
  const names = (data ?? []).map((a) => a.name);
  if (agent && !names.includes(agent)) names.unshift(agent);

  return (
    <div className="chat-picker">
      <label htmlFor={id}>Agent</label>
      <select
        id={id}
        className="input chat-select"
        value={agent ?? ''}
        onChange={(e) => e.target.value && onChange(e.target.value)}
        // A closed select changes its value on an arrow key, which here would switch agent and start another
        // conversation on a stray key press. Arrows are held back; Space, Enter or Alt+Down open the list,
        // where arrows move and Enter chooses.
        onKeyDown={(e) => {
          if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !e.altKey) e.preventDefault();
        }}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="" disabled>
          {isPending ? 'Loading agents…' : names.length ? 'Choose an agent' : 'No agents in this project'}
        </option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} role="alert" className="chat-error-inline">
          Could not list agents: {error.message}
        </span>
      )}
    </div>
  );
}
