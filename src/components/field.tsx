import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

/** What frames a form control: its label, a hint under it and an error, as one `.field` box. */
export interface FieldFrameProps {
  /**
   * The control's id: the label points at it; the hint and the error take ids made from it. Made up when not
   * given: give one only where something else refers to the control.
   */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Classes added to the hint, beside `field-hint`. */
  hintClassName?: string;
  error?: string | null;
  /**
   * False for a check that follows each keystroke: its error is read with the field (aria-describedby) but
   * not announced as an alert while the user is still typing.
   */
  announceError?: boolean;
  /** Ids of other elements that describe the control, read before its hint (e.g. why it is locked). */
  describedBy?: string;
  /** Classes added to the box, beside `field`. */
  boxClassName?: string;
}

/** The attributes that tie a control to its label, hint and error. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps extends FieldFrameProps {
  /** The control (or controls, e.g. an input and its buttons), given the attributes of `FieldControl`. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * One labelled field, the same in every form: label, control, hint, error. The control is described by the
 * hint and the error, and marked invalid while there is an error.
 */
export function Field(props: FieldProps) {
  const { label, hint, error, announceError = true, describedBy, boxClassName, hintClassName } = props;
  const ownId = useId();
  const id = props.id ?? ownId;
  const hintId = hint ? `${id}-hint` : '';
  const errorId = error ? `${id}-error` : '';
  const control: FieldControl = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className={boxClassName ? `field ${boxClassName}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {props.children(control)}
      {hint && (
        <span id={hintId} className={hintClassName ? `field-hint ${hintClassName}` : 'field-hint'}>
          {hint}
        </span>
      )}
      {announceError ? (
        <FieldError id={errorId} message={error ?? undefined} />
      ) : (
        error && (
          <span id={errorId} className="field-error">
            {error}
          </span>
        )
      )}
    </div>
  );
}

export interface TextFieldProps
  extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'list'> {
  /** Values offered while typing (a datalist); any other may be typed. */
  suggestions?: string[];
}

/** A labelled text (or number, search, password...) input. Other props go to the input. */
export function TextField(props: TextFieldProps) {
  const { suggestions, ...rest } = props;
  const [frame, input] = splitFrame(rest);
  return (
    <Field {...frame}>
      {(control) => (
        <>
          <input
            className="input"
            {...control}
            list={suggestions?.length ? `${control.id}-options` : undefined}
            {...input}
          />
          <Suggestions id={`${control.id}-options`} values={suggestions} />
        </>
      )}
    </Field>
  );
}

export type SelectFieldProps = FieldFrameProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>;

/** A labelled select; its options are the children. Other props go to the select. */
export function SelectField(props: SelectFieldProps) {
  const [frame, { children, ...select }] = splitFrame(props);
  return (
    <Field {...frame}>
      {(control) => (
        <select className="input" {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** The values a text field offers while typing, as the datalist its `list` names. */
function Suggestions({ id, values }: { id: string; values?: string[] }) {
  if (!values?.length) return null;
  return (
    <datalist id={id}>
      {values.map((v) => (
        <option key={v} value={v} />
      ))}
    </datalist>
  );
}

/** The props of the frame, and the rest, which go to the control. */
function splitFrame<P extends FieldFrameProps>(props: P): [FieldFrameProps, Omit<P, keyof FieldFrameProps>] {
  const { id, label, hint, hintClassName, error, announceError, describedBy, boxClassName, ...control } =
    props;
  return [{ id, label, hint, hintClassName, error, announceError, describedBy, boxClassName }, control];
}

/** A field's error, announced when it appears. Renders nothing without a message. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  );
}
