import type { UseFormRegisterReturn } from 'react-hook-form';

interface FormFieldProps {
  readonly id: string;
  readonly label: string;
  readonly placeholder: string;
  readonly autoComplete: string;
  readonly registration: UseFormRegisterReturn;
  readonly error?: string;
  readonly required?: boolean;
  readonly type?: 'text' | 'email' | 'tel';
  readonly multiline?: boolean;
}

/** A labelled input with its error message under it, tied to it for assistive technology. */
export function FormField({ id, label, error, required = false, type = 'text', multiline = false, ...field }: FormFieldProps) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    placeholder: field.placeholder,
    autoComplete: field.autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': required || undefined,
    className: 'field-input',
    ...field.registration,
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {multiline ? (
        <textarea {...shared} rows={5} className={`${shared.className} min-h-[120px] resize-y`} />
      ) : (
        <input {...shared} type={type} />
      )}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
