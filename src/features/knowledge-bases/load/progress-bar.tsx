import { useId } from 'react';

/**
 * A labelled progress bar. With no fraction it shows activity without a value, and says so to assistive
 * technology by leaving out aria-valuenow.
 */
export function ProgressBar({
  label,
  fraction,
  text,
}: {
  label: string;
  fraction: number | null;
  text: string;
}) {
  const id = useId();
  const percent = fraction === null ? null : Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  return (
    <div className="kb-progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-describedby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
        className={`kb-progress-track${percent === null ? ' is-indeterminate' : ''}`}
      >
        <div className="kb-progress-fill" style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      <span id={id} className="kb-progress-text">
        {text}
      </span>
    </div>
  );
}
