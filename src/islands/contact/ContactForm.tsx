import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '~/lib/api/client';
import { subjectFromSearch } from '~/lib/contact-link';
import type { EmailJsConfig } from '~/lib/emailjs';
import { consentMessages, PRIVACY_PATH } from '~/lib/privacy';
import { contactMessages, contactSchema, type ContactInput } from '~/lib/schemas';
import { replyTime } from '~/site';
import { IslandRoot } from '~/islands/ui/IslandRoot';
import { Field, TextField, fieldAria, inputClass } from '~/islands/ui/Field';
import { FormAlert } from '~/islands/ui/FormAlert';
import { useSpamTrap } from '~/islands/ui/SpamTrap';
import { useHydrated } from '~/islands/ui/useHydrated';
import { sendContactMessage } from './send';

const emptyValues: ContactInput = { name: '', email: '', subject: '', message: '' };

/**
 * Contact form: sends, shows 'Sending...', clears on success (the one confirmation, below the button,
 * is focused and says when and where the reply comes), keeps values on failure. Its fields take input in the
 * server's HTML, before the script runs; the form adopts what was typed when it hydrates.
 */
function Form({ messageDays, emailJs }: Props) {
  // No default values: each field starts from what its input holds when the script runs.
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), mode: 'onTouched' });
  const spamTrap = useSpamTrap({ fromPageLoad: true });
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  // Until the script runs, a native submit would reload the page with the message in the URL: the
  // button waits, and with it pressing Enter in a field (a form whose submit button is disabled does not submit).
  const hydrated = useHydrated();

  // A call to action links here as /?subject=…#contact: start from that subject, which stays editable.
  useEffect(() => {
    const subject = subjectFromSearch(window.location.search);
    if (subject && !getValues('subject')) setValue('subject', subject);
  }, [getValues, setValue]);

  // The confirmation takes focus, so it is read out and in view, on a phone too, where it sits below the fold.
  useEffect(() => {
    if (sent) confirmationRef.current?.focus();
  }, [sent]);

  const onSubmit = async (values: ContactInput) => {
    setSent(null);
    setFailure(null);
    try {
      await sendContactMessage(values, spamTrap.fields(), emailJs);
      setSent({ name: values.name.trim(), email: values.email.trim() });
      reset(emptyValues);
    } catch (error) {
      // The server's own words when it gave some (e.g. "wait a moment" after a too-quick send), in the form only.
      setFailure(errorMessage(error, contactMessages.failure));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Contact us">
      <div className="grid min-w-0 gap-5 sm:grid-cols-2">
        <TextField
          id="contact-name"
          label="Name"
          required
          error={errors.name?.message}
          input={{ ...register('name'), autoComplete: 'name' }}
        />
        <TextField
          id="contact-email"
          label="Email"
          required
          error={errors.email?.message}
          input={{ ...register('email'), type: 'email', autoComplete: 'email' }}
        />
        <TextField
          id="contact-subject"
          label="Subject"
          required
          error={errors.subject?.message}
          className="sm:col-span-2"
          input={{ ...register('subject') }}
        />
        <Field id="contact-message" label="Message" required error={errors.message?.message} className="sm:col-span-2">
          <textarea
            {...register('message')}
            {...fieldAria('contact-message', errors.message?.message)}
            rows={5}
            required
            className={inputClass}
          />
        </Field>
        {spamTrap.trap}
        <p className="text-sm text-slate-400 sm:col-span-2">
          {emailJs ? consentMessages.contactNoticeEmailJs : consentMessages.contactNotice(messageDays)}{' '}
          <a href={PRIVACY_PATH} className="text-brand-300 underline">
            {consentMessages.noticeLink}
          </a>
        </p>
        {failure && <FormAlert className="sm:col-span-2">{failure}</FormAlert>}
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={!hydrated || isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send message'}
          </button>
        </div>
        {sent && (
          <div
            ref={confirmationRef}
            role="status"
            tabIndex={-1}
            data-testid="contact-confirmation"
            className="scroll-mt-[calc(var(--header-height)+1rem)] rounded-xl border border-emerald-400/40 bg-emerald-950/60 px-4 py-3 text-sm leading-6 text-emerald-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-300 sm:col-span-2"
          >
            <p className="font-semibold">{contactMessages.success}</p>
            <p>Thank you, {sent.name}. Your message is with our team.</p>
            <p>
              An engineer replies {replyTime}, to {sent.email}.
            </p>
          </div>
        )}
      </div>
    </form>
  );
}

/**
 * `messageDays`: RETENTION_DAYS_MESSAGES as the build read it (src/lib/notice-settings.ts); `emailJs`: the
 * EmailJS settings the form sends through (the website then stores nothing of it), or null for the API.
 */
type Props = { messageDays: number; emailJs: EmailJsConfig | null };

export default function ContactForm(props: Props) {
  return (
    <IslandRoot>
      <Form {...props} />
    </IslandRoot>
  );
}
