interface SubmitButtonProps {
  readonly pending: boolean;
  readonly label: string;
  /** What the button says while the form waits for its answer. */
  readonly pendingLabel: string;
  readonly className: string;
}

/** A form's send button: while the form waits it says so, and is marked disabled without leaving the tab order. */
export function SubmitButton({ pending, label, pendingLabel, className }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} aria-disabled={pending || undefined}>
      {pending ? pendingLabel : label}
    </button>
  );
}
