import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  CONTACT_ENDPOINT,
  type ContactSubmission,
  type ContactSubmissionInput,
  contactSubmissionSchema,
  describeContactIssue,
  EMPTY_CONTACT_SUBMISSION,
} from '../../../contract/contact';
import type { MessageId } from '../../../contract/i18n';
import { activeLocale, messages } from '../../i18n/active-locale';
import { FormConsentNote } from './form-consent-note';
import { FormField } from './form-field';
import { FormStatus } from './form-status';
import { SendAnotherWay } from './send-another-way';
import { useSubmitContact } from './use-submit-contact';

const AUTOCOMPLETE = { firstName: 'given-name', lastName: 'family-name', email: 'email', phone: 'tel', message: 'off' } as const;

export function ContactForm() {
  const { locale } = activeLocale();
  const t = messages();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactSubmissionInput, unknown, ContactSubmission>({
    resolver: zodResolver(contactSubmissionSchema),
    defaultValues: { ...EMPTY_CONTACT_SUBMISSION, locale },
  });
  const { pending, sendingSlowly, submit } = useSubmitContact(() => reset());
  /** A field's label, placeholder and error, in the page's language. */
  const field = (name: 'firstName' | 'lastName' | 'email' | 'phone' | 'message') => {
    const error = errors[name]?.message;
    return {
      id: name,
      label: t(`field.${name}.label` as MessageId),
      placeholder: t(`field.${name}.placeholder` as MessageId),
      autoComplete: AUTOCOMPLETE[name],
      registration: register(name),
      error: error === undefined ? undefined : describeContactIssue({ message: error }, t, name),
    };
  };

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
          {t('form.heading')}
        </h2>
        <p className="mb-0 mt-1 text-sm text-muted">{t('form.lead')}</p>
      </div>
      <FormStatus sendingSlowly={sendingSlowly} />
      <SendAnotherWay />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField {...field('firstName')} required />
        <FormField {...field('lastName')} required />
      </div>
      <FormField {...field('email')} type="email" required />
      <FormField {...field('phone')} type="tel" />
      <FormField {...field('message')} multiline required />
      {/* Honeypot: off-screen and out of the tab order, so only bots fill it in. */}
      <div aria-hidden="true" className="absolute left-[-10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="website">{t('form.honeypot')}</label>
        <input id="website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      {/* The form's language, for the service's answer when the browser posts the form itself. */}
      <input type="hidden" {...register('locale')} defaultValue={locale} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the top of the page. */}
        <button type="submit" aria-disabled={pending || undefined} className="btn-secondary w-full shrink-0 sm:w-auto">
          <span aria-hidden="true" className={pending ? 'i-lucide-loader-circle animate-spin' : 'i-lucide-send'} />
          {pending ? t('form.pending') : t('form.submit')}
        </button>
        <FormConsentNote />
      </div>
    </form>
  );
}
