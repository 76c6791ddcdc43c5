import { useId, type ReactNode } from 'react';

export interface RadioChoice<T extends string> {
  value: T;
  label: ReactNode;
  /** Shown on hover: what the choice means. */
  title?: string;
  disabled?: boolean;
}

/**
 * One radio button per choice, each inside its label; the caller frames them (a fieldset with a legend, a
 * row). They share a name of their own, so arrow keys move between them.
 */
export function RadioChoices<T extends string>(props: {
  value: T;
  choices: readonly RadioChoice<T>[];
  onChange: (value: T) => void;
  labelClassName?: string;
}) {
  const { value, choices, onChange, labelClassName } = props;
  const name = useId();
  return (
    <>
      {choices.map((c) => (
        <label key={c.value} className={labelClassName} title={c.title}>
          <input
            type="radio"
            name={name}
            value={c.value}
            checked={value === c.value}
            disabled={c.disabled}
            onChange={() => onChange(c.value)}
          />
          {c.label}
        </label>
      ))}
    </>
  );
}
