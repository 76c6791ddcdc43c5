import { useEffect, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';

/**
 * Moves the focus to the form's first field marked invalid whenever one of `found` changes: the problems
 * a check found, the server's last error.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, found: unknown[]): void {
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form is a ref; only what was found matters
  }, found);
}

/**
 * The address to open once an object is created (or renamed), and its setter. Navigation happens in an
 * effect, after the page has re-rendered with the new state, so its unsaved-changes guard no longer blocks.
 */
export function useNavigateWhenSet(replace = false) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target) navigate(target, { replace });
  }, [target, navigate, replace]);
  return [target, setTarget] as const;
}
