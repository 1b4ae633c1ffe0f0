import { type FormEvent, useState } from 'react';

interface PendingSubmitOptions {
  /** The sentence a failure shows. */
  readonly failureText: (error: unknown) => string;
  /** Fields emptied after a failure: a secret is typed again, never left in the page. */
  readonly clearOnFailure: readonly string[];
}

/**
 * A form that sends once at a time: a submit while one is pending does
 * nothing. A failure ends the wait and says why; a success leaves the form
 * pending, as the page then moves on.
 */
export function usePendingSubmit(send: (form: HTMLFormElement) => Promise<void>, { failureText, clearOnFailure }: PendingSubmitOptions) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    setPending(true);
    setFailure(null);
    try {
      await send(form);
    } catch (error) {
      setFailure(failureText(error));
      for (const name of clearOnFailure) (form.elements.namedItem(name) as HTMLInputElement).value = '';
      setPending(false);
    }
  }

  return { pending, failure, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
}
