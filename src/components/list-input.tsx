import { useState, type KeyboardEvent } from 'react';
import './list-input.css';

export interface ListInputProps {
  /** Id of the text box, for the caller's <label htmlFor>. */
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  placeholder?: string;
  suggestions?: string[];
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** What one item is called, for the remove buttons ("Remove column author"). */
  itemName?: string;
}

/**
 * A list of names as removable chips plus a text box: Enter, comma or leaving the box adds what was typed,
 * Backspace in an empty box removes the last chip.
 */
export function ListInput(props: ListInputProps) {
  const { id, value, onChange, placeholder, suggestions = [], describedBy, invalid, disabled } = props;
  const itemName = props.itemName ?? 'item';
  const [text, setText] = useState('');
  const add = (raw: string) => {
    const names = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && !value.includes(s));
    if (names.length) onChange([...value, ...new Set(names)]);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' || e.key === ',') && text.trim()) {
      e.preventDefault();
      add(text);
    } else if (e.key === 'Enter') {
      // An empty box must not submit the surrounding form by accident.
      e.preventDefault();
    } else if (e.key === 'Backspace' && !text && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  const offered = suggestions.filter((s) => !value.includes(s));
  return (
    <div className={`list-input${invalid ? ' is-invalid' : ''}${disabled ? ' is-disabled' : ''}`}>
      {value.length > 0 && (
        <ul className="list-input-chips" aria-label={`Chosen ${itemName}s`}>
          {value.map((item) => (
            <li key={item} className="list-input-chip">
              <span>{item}</span>
              {!disabled && (
                <button
                  type="button"
                  aria-label={`Remove ${itemName} ${item}`}
                  onClick={() => onChange(value.filter((v) => v !== item))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!disabled && (
        <input
          id={id}
          value={text}
          placeholder={value.length ? 'Add another…' : placeholder}
          list={offered.length ? `${id}-options` : undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => text.trim() && add(text)}
        />
      )}
      {offered.length > 0 && (
        <datalist id={`${id}-options`}>
          {offered.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </div>
  );
}
