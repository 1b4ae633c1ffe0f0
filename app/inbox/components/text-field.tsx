import { type InputHTMLAttributes, useId } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  readonly label: string;
  /** A line under the label that the field's description reads too. */
  readonly hint?: string;
}

/** A labelled input, its hint tied to it for assistive technology. */
export function TextField({ label, hint, className = '', ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input id={id} aria-describedby={hint ? hintId : undefined} className="field-input" {...input} />
    </div>
  );
}
