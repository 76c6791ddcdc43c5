import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { useFocusFirstInvalid, useNavigateWhenSet } from './form-effects';
import { NewResourceHeader } from './resource-header';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/** How a create form checks its draft, and the server's answer to the last create it sent. */
export interface NewDraftRules<Draft> {
  validate: (draft: Draft) => Record<string, string>;
  /** The create request (a mutation): its refusal, and how to forget it. */
  create: { error: unknown; reset: () => void };
}

/**
 * The state of a form that creates an object: the draft, whether the user has typed anything (the page asks
 * before leaving), the problems found, and the address to open once the object is created. The focus moves
 * to the first field marked invalid after a check or a refused create. Once problems are shown, each edit
 * checks again, so a fixed field loses its message at once; the server's refusal was about the draft it was
 * sent, so an edit lets it go.
 */
export function useNewDraft<Draft>(empty: () => Draft, { validate, create }: NewDraftRules<Draft>) {
  const [draft, setDraft] = useState<Draft>(empty);
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, openCreated] = useNavigateWhenSet();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, [errors, create.error]);
  const edit = (next: Draft) => {
    setDraft(next);
    setTouched(true);
    if (Object.keys(errors).length) setErrors(validate(next));
    if (create.error) create.reset();
  };
  return {
    draft,
    edit,
    errors,
    /** What a fields component takes from the draft: the draft, where edits go, the problems found. */
    fields: { draft, onChange: edit, errors },
    setErrors,
    form,
    /** Opens the new object's page (once the page no longer holds unsaved edits). */
    openCreated,
    unsaved: touched && !created,
  };
}

export interface CreateResourceFormProps {
  /** The list the object joins, for the breadcrumb and Cancel: "Agents", "/projects/p/agents". */
  listLabel: string;
  listHref: string;
  /** The page's title, also the form's name: "New agent". */
  title: string;
  project: string;
  form: RefObject<HTMLFormElement | null>;
  className: string;
  onSubmit: (e: FormEvent) => void;
  /** The server's refusal when no field shows it. */
  general?: string;
  /** Shown after the refusal, before the save bar (a warning that asks to confirm). */
  notices?: ReactNode;
  /** The save bar's note: what empty fields mean. */
  note: ReactNode;
  pending: boolean;
  createLabel: string;
  unsaved: boolean;
  /** What the unsaved-changes question calls the edits. */
  what: string;
  children: ReactNode;
}

/** A page that creates a knowledge base or an agent: header, the fields, the refusal, Cancel and Create. */
export function CreateResourceForm(props: CreateResourceFormProps) {
  const { listLabel, listHref, title, project, form, className, onSubmit, general, pending } = props;
  return (
    <div className="page rp">
      <NewResourceHeader listLabel={listLabel} listHref={listHref} title={title} project={project} />
      <form ref={form} className={className} aria-label={title} onSubmit={onSubmit} noValidate>
        {props.children}
        {general && (
          <p role="alert" className="error-box">
            Could not create: {general}
          </p>
        )}
        {props.notices}
        <div className="rp-savebar">
          <span className="rp-savebar-note muted">{props.note}</span>
          <Link className="btn" to={listHref}>
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? 'Creating…' : props.createLabel}
          </button>
        </div>
      </form>
      <UnsavedChangesGuard when={props.unsaved} what={props.what} />
    </div>
  );
}
