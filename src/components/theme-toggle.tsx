import { useId } from 'react';
import { useThemeStore, type ThemeChoice } from './theme-store';
import './theme-toggle.css';

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'As the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The header's theme switch: light, dark, or the OS's; the choice is remembered in this browser. */
export function ThemeToggle() {
  const id = useId();
  const choice = useThemeStore((s) => s.choice);
  const choose = useThemeStore((s) => s.choose);
  return (
    <span className="theme-toggle">
      <label htmlFor={id} className="muted">
        Theme
      </label>
      <select
        id={id}
        className="input"
        value={choice}
        onChange={(e) => choose(e.target.value as ThemeChoice)}
      >
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </span>
  );
}
