import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '~/lib/api/client';
import {
  applicationExportUrl,
  applicationInterviewUrl,
  eraseApplication,
  withdrawApplication,
} from '~/lib/api/applications';
import { formatDateTime, formatFullDate } from '~/lib/date-time';
import {
  applicationPageMessages as m,
  type ApplicationView,
  type UpcomingInterview,
} from '~/lib/schemas/application-page';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { FormAlert } from '~/islands/ui/FormAlert';
import { useHydrated } from '~/islands/ui/useHydrated';
import { InterviewSlots } from './InterviewSlots';
import { StageSteps } from './StageSteps';
import { forgetApplicationToken } from './token';

/** Dates as the applicant reads them: 'November 22, 2026', in their own time zone. */

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What erasing takes with it: everything stored under the address, not this application alone. */
function eraseDetail({ applications, messages }: ApplicationView['erases']): string {
  const what = [plural(applications, 'application'), ...(messages ? [plural(messages, 'contact message')] : [])];
  return `This deletes everything we hold under your e-mail address: ${what.join(' and ')}, with resumes and the mails about them. Every link to your applications stops working. This cannot be undone.`;
}

/** A video link opens; an address is text. */
const isLink = (location: string) => /^https?:\/\//i.test(location);

/** The interview booked: when in the applicant's own zone, how long, where, and the calendar file. */
function InterviewFacts({ token, interview }: { token: string; interview: UpcomingInterview }) {
  return (
    <div className="flex flex-col gap-1 text-white">
      <p className="font-semibold">{formatDateTime(interview.startsAt)}</p>
      <p className="text-slate-300">{interview.durationMinutes} minutes</p>
      <p className="break-words">
        {isLink(interview.location) ? <a href={interview.location}>{interview.location}</a> : interview.location}
      </p>
      <a className="self-start" href={applicationInterviewUrl(token)} download>
        Add to my calendar (.ics)
      </a>
    </div>
  );
}

type Props = { token: string; view: ApplicationView; onChanged: () => void; onErased: () => void };

/** The application, its stage and erase-on date, and the applicant's three actions. */
export function ApplicationStatus({ token, view, onChanged, onErased }: Props) {
  const hydrated = useHydrated();
  const { confirm, confirmDialog } = useConfirm();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  // The answer to Withdraw, by the stage it changed: the button is gone, so focus goes here.
  const [withdrawn, setWithdrawn] = useState<string | null>(null);
  const withdrawnRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (withdrawn) withdrawnRef.current?.focus();
  }, [withdrawn]);
  /** One action at a time; its error stays on the page until the next one. */
  const act = async (action: () => Promise<void>) => {
    setPending(true);
    setFailed(null);
    try {
      await action();
    } catch (error) {
      setFailed(error);
    } finally {
      setPending(false);
    }
  };
  const withdraw = () =>
    void act(async () => {
      setWithdrawn((await withdrawApplication(token)).message);
      onChanged();
    });
  const erase = () =>
    void act(async () => {
      await eraseApplication(token);
      forgetApplicationToken();
      onErased();
    });
  const busy = !hydrated || pending;

  return (
    <div className="flex flex-col gap-8">
      <dl className="grid gap-5 rounded-2xl border border-white/10 bg-ink-800/60 p-5 text-sm sm:p-6">
        <div>
          <dt className="text-slate-400">Position</dt>
          <dd className="mt-1 text-lg font-semibold text-white">
            {view.jobPath ? <a href={view.jobPath}>{view.jobTitle}</a> : view.jobTitle}
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Applied on</dt>
          <dd className="mt-1 text-white">{formatFullDate(view.appliedAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Stage</dt>
          <dd className="mt-2">
            <StageSteps stage={view.stage} passed={view.passed} />
            {withdrawn && (
              <p
                ref={withdrawnRef}
                tabIndex={-1}
                role="status"
                className="mt-3 font-semibold text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300"
              >
                {withdrawn}
              </p>
            )}
          </dd>
        </div>
        {view.interview && (
          <div>
            <dt className="text-slate-400">Your interview</dt>
            <dd className="mt-1">
              <InterviewFacts token={token} interview={view.interview} />
            </dd>
          </div>
        )}
        <div>
          <dt className="text-slate-400">Your data is erased on</dt>
          <dd className="mt-1 text-white">{view.eraseAt ? formatFullDate(view.eraseAt) : m.eraseLater}</dd>
        </div>
      </dl>

      {view.canWithdraw && <InterviewSlots token={token} onChanged={onChanged} />}

      <section aria-labelledby="application-actions" className="flex flex-col gap-4">
        <h2 id="application-actions" className="text-xl">
          Your choices
        </h2>
        {failed !== null && <FormAlert>{errorMessage(failed, m.actionFailed)}</FormAlert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {view.canWithdraw && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() =>
                void confirm('Withdraw your application?', 'Withdraw', {
                  detail: `The hiring team stops considering you for ${view.jobTitle} and is told. Your data stays until its erase-on date, or until you erase it here.`,
                }).then((ok) => ok && withdraw())
              }
            >
              Withdraw
            </button>
          )}
          <a className="btn btn-secondary" href={applicationExportUrl(token)} download>
            Download my data
          </a>
          <button
            type="button"
            className="btn bg-rose-600 text-white hover:bg-rose-700 hover:text-white"
            disabled={busy}
            onClick={() =>
              void confirm('Erase your application now?', 'Erase now', { detail: eraseDetail(view.erases) }).then(
                (ok) => ok && erase(),
              )
            }
          >
            Erase my application now
          </button>
        </div>
        <p className="text-sm leading-6 text-slate-400">
          The download is a zip with everything we hold about your address (person.json) and your resume. Keep this
          page&apos;s link to yourself: anyone who has it can take these steps.
        </p>
      </section>
      {confirmDialog}
    </div>
  );
}
