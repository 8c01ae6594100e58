import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ChangeEvent, type MouseEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { ApiError, errorMessage } from '~/lib/api/client';
import { isAbortError, uploadForm } from '~/lib/api/upload';
import { COVER_LETTER_MAX, FIELD_OF_INTEREST_MAX } from '~/lib/limits';
import { FORM_SCROLL_DELAY_MS } from '~/lib/ui-constants';
import { applicationMessages, resumeRules, validateResumeFile } from '~/lib/schemas/application';
import { FormAlert } from '~/islands/ui/FormAlert';
import { cn } from '~/islands/ui/cn';
import { Field, fieldAria, inputClass } from '~/islands/ui/Field';
import { useSpamTrap } from '~/islands/ui/SpamTrap';
import {
  applicationFormData,
  applicationFormSchema,
  emptyApplication,
  openApplicationFormSchema,
  type ApplicationFormInput,
  type ApplicationFormValues,
} from './application-schema';
import { ConsentField } from './ConsentField';
import { COVER_LETTER_LENGTH, coverLetterMilestone } from './cover-letter';
import { careersMessages } from './messages';
import { UploadProgressBar } from './UploadProgressBar';
import type { ApplicationDraft } from './useApplicationDraft';

type FieldName = keyof ApplicationFormInput;
/** Each field's label, in the order the fields appear: the first with an error takes focus, the banner lists them. */
const FIELD_LABELS: Record<FieldName, string> = {
  fieldOfInterest: 'Field of interest',
  name: 'Full Name',
  email: 'Email',
  phone: 'Phone',
  linkedin: 'LinkedIn Profile',
  coverLetter: 'Cover Letter',
  resume: 'Resume',
  consent: 'Consent',
};
const FIELD_ORDER = Object.keys(FIELD_LABELS) as FieldName[];

type Props = {
  /** The vacancy applied for; a null id is a general application, which asks for a field of interest instead. */
  job: { id: number | null; title: string };
  /** The job link's `?source=` the visitor came with ('direct' without one), sent with the application. */
  source: string;
  /** After a success: the owner closes the form (and the modal) and confirms; `email` is where the receipt goes. */
  onSubmitted: (sent: { email: string }) => void;
  /** Cancel: any upload in flight is aborted first; the owner asks before it closes a filled form. */
  onCancel: () => void;
  /** The text typed earlier for this job, restored on opening and kept as the visitor types. */
  draft: ApplicationDraft;
};

/** Keeps focus where it is on mousedown, so a blur error cannot shift the button away mid-click. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/**
 * The application form: validated with the shared schema on blur, on change once
 * touched and on submit; sent as multipart with upload progress; values kept on failure.
 * Self-contained, so the job page can show it as well as the careers modal.
 */
export function ApplicationForm({ job, source, onSubmitted, onCancel, draft }: Props) {
  const formId = `apply-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const idOf = (name: FieldName) => `${formId}-${name}`;
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const uploadRef = useRef<AbortController | null>(null);
  const [incomplete, setIncomplete] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [restored] = useState(draft.restore);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setError,
    reset,
    subscribe,
    formState: { errors, isSubmitting },
  } = useForm<ApplicationFormInput, unknown, ApplicationFormValues>({
    resolver: zodResolver(job.id === null ? openApplicationFormSchema : applicationFormSchema),
    defaultValues: { ...emptyApplication, ...restored },
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const spamTrap = useSpamTrap();
  /** Why the last file chosen was refused; null once a valid one is chosen. */
  const refusedResume = useRef<string | null>(null);
  const coverLetter = useWatch({ control, name: 'coverLetter' }) ?? '';
  const hasErrors = Object.keys(errors).length > 0;

  // The revealed form scrolls into view after 100 ms; focus follows for keyboard users.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const section = sectionRef.current;
      section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      // Unless the visitor is already in a field, start keyboard focus at the form's heading.
      if (!section?.contains(document.activeElement)) headingRef.current?.focus({ preventScroll: true });
    }, FORM_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // Closing the form or the modal while uploading aborts the upload.
  useEffect(() => () => uploadRef.current?.abort(), []);

  // Every change is kept in the draft, so closing the form or reloading the page loses nothing typed.
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => draft.update(values) }),
    [subscribe, draft],
  );

  const focusField = (name: FieldName) => {
    const element = document.getElementById(idOf(name));
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };
  const focusFirstError = (fieldErrors: Partial<Record<FieldName, unknown>>) => {
    const first = FIELD_ORDER.find((name) => fieldErrors[name]);
    if (first) focusField(first);
  };
  const toFix = FIELD_ORDER.filter((name) => errors[name]);

  const onInvalid = (fieldErrors: FieldErrors<ApplicationFormInput>) => {
    setServerError(null);
    setIncomplete(true);
    // The schema only knows the resume is missing; the visitor needs to know why their file was refused.
    if (refusedResume.current && fieldErrors.resume)
      setError('resume', { type: 'file', message: refusedResume.current });
    focusFirstError(fieldErrors);
  };

  const onValid = async (values: ApplicationFormValues) => {
    setIncomplete(false);
    setServerError(null);
    setProgress(0);
    const controller = new AbortController();
    uploadRef.current = controller;
    try {
      await uploadForm('/applicants/apply', applicationFormData(job.id, values, spamTrap.fields(), source), {
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
      });
      reset(emptyApplication);
      draft.clear();
      onSubmitted({ email: values.email });
    } catch (error) {
      if (isAbortError(error)) return;
      const message = errorMessage(error, careersMessages.submitFailed, careersMessages.submitNetworkFailed);
      // The server names the fields it rejected (a duplicate e-mail, a file that is no document): each
      // message shows at its field only, and the banner only says what no field says.
      const fieldMessages = error instanceof ApiError ? error.errors : {};
      const rejected = FIELD_ORDER.flatMap((name) => {
        const fieldMessage = fieldMessages[name];
        return fieldMessage ? [{ name, message: fieldMessage }] : [];
      });
      for (const { name, message: fieldMessage } of rejected) setError(name, { type: 'server', message: fieldMessage });
      if (!rejected.some((field) => field.message === message)) setServerError(message);
      focusFirstError(fieldMessages);
    } finally {
      if (uploadRef.current === controller) uploadRef.current = null;
      setProgress(null);
    }
  };

  const cancel = () => {
    uploadRef.current?.abort();
    onCancel();
  };

  // The resume is not registered as an input: react-hook-form would clear a file input on every
  // setValue. The File lives in the form state, the input keeps its selection for a retry.
  const onResumeChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    const problem = file ? validateResumeFile(file) : null;
    refusedResume.current = file && problem;
    if (file && problem) {
      // An invalid file is rejected and the input cleared; its reason stays until a valid file is chosen.
      input.value = '';
      setValue('resume', null, { shouldDirty: true, shouldTouch: true });
      setError('resume', { type: 'file', message: problem });
      return;
    }
    setValue('resume', file, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  };
  const onResumeBlur = () => {
    // Opening the file picker blurs the window, not a real "leaving the field".
    if (!document.hasFocus() || refusedResume.current) return;
    setValue('resume', getValues('resume'), { shouldTouch: true, shouldValidate: true });
  };

  const general = job.id === null;
  const textField = (name: Exclude<FieldName, 'resume' | 'coverLetter' | 'consent'>) => ({
    ...register(name),
    ...fieldAria(idOf(name), errors[name]?.message),
    className: inputClass,
  });

  return (
    <section ref={sectionRef} aria-labelledby={`${formId}-title`} className="scroll-mt-4 border-t border-white/10 pt-6">
      <h3
        id={`${formId}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-white focus:outline-none"
      >
        Application Form
      </h3>
      <p className="mt-1 text-sm text-slate-300">
        {general ? (
          'A general application, for no particular vacancy.'
        ) : (
          <>
            Applying for <span className="font-medium text-white">{job.title}</span>.
          </>
        )}{' '}
        Fields marked <span className="text-rose-300">*</span> are required.
      </p>
      {restored && <p className="mt-2 text-sm text-brand-200">{careersMessages.draftRestored}</p>}

      <form
        onSubmit={(event) => handleSubmit(onValid, onInvalid)(event)}
        noValidate
        aria-label={`Application for ${job.title}`}
        aria-busy={isSubmitting}
        className="mt-5 grid gap-5 sm:grid-cols-2"
      >
        {(serverError || (incomplete && hasErrors)) && (
          <FormAlert className="sm:col-span-2">
            <p>{serverError ?? applicationMessages.formIncomplete}</p>
            {toFix.length > 0 && (
              <>
                <p className="mt-2">{careersMessages.fieldsToFix(toFix.length)}</p>
                <ul className="mt-1 list-disc pl-5">
                  {toFix.map((name) => (
                    <li key={name}>
                      <a
                        href={`#${idOf(name)}`}
                        className="inline-flex min-h-6 items-center underline underline-offset-2"
                        onClick={(event) => {
                          event.preventDefault();
                          focusField(name);
                        }}
                      >
                        {FIELD_LABELS[name]}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </FormAlert>
        )}

        {general && (
          <Field
            id={idOf('fieldOfInterest')}
            label={FIELD_LABELS.fieldOfInterest}
            required
            error={errors.fieldOfInterest?.message}
            hint="The kind of work you would like to do with us, e.g. embedded firmware or edge AI."
            className="sm:col-span-2"
          >
            <input {...textField('fieldOfInterest')} type="text" maxLength={FIELD_OF_INTEREST_MAX} required />
          </Field>
        )}
        <Field id={idOf('name')} label={FIELD_LABELS.name} required error={errors.name?.message}>
          <input {...textField('name')} type="text" autoComplete="name" required />
        </Field>
        <Field id={idOf('email')} label={FIELD_LABELS.email} required error={errors.email?.message}>
          <input {...textField('email')} type="email" autoComplete="email" inputMode="email" required />
        </Field>
        <Field id={idOf('phone')} label={FIELD_LABELS.phone} required error={errors.phone?.message}>
          <input {...textField('phone')} type="tel" autoComplete="tel" inputMode="tel" required />
        </Field>
        <Field id={idOf('linkedin')} label={`${FIELD_LABELS.linkedin} (optional)`} error={errors.linkedin?.message}>
          <input
            {...textField('linkedin')}
            type="url"
            autoComplete="url"
            inputMode="url"
            placeholder="linkedin.com/in/your-name"
          />
        </Field>

        <Field
          id={idOf('coverLetter')}
          label={FIELD_LABELS.coverLetter}
          required
          error={errors.coverLetter?.message}
          hint={
            <span className="flex flex-wrap justify-between gap-x-3">
              <span>{COVER_LETTER_LENGTH}</span>
              <span>
                {coverLetter.length}/{COVER_LETTER_MAX} characters
              </span>
            </span>
          }
          className="sm:col-span-2"
        >
          <textarea
            {...register('coverLetter')}
            {...fieldAria(idOf('coverLetter'), errors.coverLetter?.message, true)}
            rows={6}
            maxLength={COVER_LETTER_MAX}
            required
            className={cn(inputClass, 'resize-y')}
          />
          <span className="sr-only" aria-live="polite" data-testid="cover-letter-milestone">
            {coverLetterMilestone(coverLetter.length)}
          </span>
        </Field>

        <Field
          id={idOf('resume')}
          label={FIELD_LABELS.resume}
          required
          error={errors.resume?.message}
          hint="PDF, DOC or DOCX, smaller than 5 MB."
          className="sm:col-span-2"
        >
          <input
            name="resume"
            onBlur={onResumeBlur}
            onChange={onResumeChange}
            {...fieldAria(idOf('resume'), errors.resume?.message, true)}
            type="file"
            accept={resumeRules.accept}
            required
            className={cn(
              inputClass,
              'cursor-pointer px-3 py-2 text-sm text-slate-200 file:mr-4 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-400 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-ink-900 hover:file:bg-brand-300',
            )}
          />
        </Field>

        <ConsentField
          id={idOf('consent')}
          error={errors.consent?.message}
          registration={register('consent')}
          general={job.id === null}
        />

        {spamTrap.trap}
        {isSubmitting && progress !== null && <UploadProgressBar percent={progress} className="sm:col-span-2" />}

        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onMouseDown={keepFocus} onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" onMouseDown={keepFocus} disabled={isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Submit Application'}
          </button>
        </div>
      </form>
    </section>
  );
}
