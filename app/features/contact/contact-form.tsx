import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  CONTACT_ENDPOINT,
  type ContactSubmission,
  type ContactSubmissionInput,
  contactSubmissionSchema,
  EMPTY_CONTACT_SUBMISSION,
} from '../../../contract/contact';
import { CONTACT_COPY, CONTACT_FIELDS } from '../../content/contact';
import { FormConsentNote } from './form-consent-note';
import { FormField } from './form-field';
import { OutboxStatus } from './outbox-status';
import { useSubmitContact } from './use-submit-contact';

export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactSubmissionInput, unknown, ContactSubmission>({
    resolver: zodResolver(contactSubmissionSchema),
    defaultValues: EMPTY_CONTACT_SUBMISSION,
  });
  const { pending, submit } = useSubmitContact(() => reset());
  const { form } = CONTACT_COPY;

  // With JavaScript off, or before the app has taken the page over, the browser sends the form itself:
  // a POST of the fields as application/x-www-form-urlencoded, which the service answers with a page.
  return (
    <form
      method="post"
      action={CONTACT_ENDPOINT}
      noValidate
      onSubmit={handleSubmit(submit)}
      id="contact-form"
      aria-labelledby="contact-form-title"
      // Sized by its fields, not stretched to the height of the column beside it (rows then spread apart).
      className="card grid scroll-mt-24 content-start gap-5 self-start p-6 md:p-8"
    >
      <div>
        <h2 id="contact-form-title" className="m-0 text-2xl font-bold text-ink">
          {form.heading}
        </h2>
        <p className="mb-0 mt-1 text-sm text-muted">{form.lead}</p>
      </div>
      <OutboxStatus />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="firstName" {...CONTACT_FIELDS.firstName} required registration={register('firstName')} error={errors.firstName?.message} />
        <FormField id="lastName" {...CONTACT_FIELDS.lastName} required registration={register('lastName')} error={errors.lastName?.message} />
      </div>
      <FormField id="email" type="email" {...CONTACT_FIELDS.email} required registration={register('email')} error={errors.email?.message} />
      <FormField id="phone" type="tel" {...CONTACT_FIELDS.phone} registration={register('phone')} error={errors.phone?.message} />
      <FormField id="message" multiline {...CONTACT_FIELDS.message} required registration={register('message')} error={errors.message?.message} />
      {/* Honeypot: off-screen and out of the tab order, so only bots fill it in. */}
      <div aria-hidden="true" className="absolute left-[-10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="website">Website</label>
        <input id="website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
        <button type="submit" disabled={pending} className="btn-secondary w-full shrink-0 sm:w-auto">
          <span aria-hidden="true" className={pending ? 'i-lucide-loader-circle animate-spin' : 'i-lucide-send'} />
          {pending ? form.pending : form.submit}
        </button>
        <FormConsentNote />
      </div>
    </form>
  );
}
