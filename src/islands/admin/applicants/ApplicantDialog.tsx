import { sourceLabel } from '~/lib/source-labels';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { applicantDetailQuery } from '~/islands/queries/privacy';
import type { Applicant } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';
import { Dialog } from '~/islands/ui/Dialog';
import { formatDate, formatDateTime } from '~/lib/date-time';
import { EraseOn } from '../privacy/EraseOn';
import { Can } from '../session';
import { InterviewsSection } from '../interviews/InterviewsSection';
import { Timeline } from '../notes/Timeline';
import type { PrivacyActions } from '../privacy/usePrivacyActions';
import { StatusActions, deleteButtonClass } from './StatusActions';
import { OtherApplications } from './OtherApplications';
import { ResumePreview } from './ResumePreview';
import { StatusBadge } from './StatusBadge';
import type { ApplicantActions } from './useApplicantActions';
import { mailtoHref } from '~/lib/mailto';

/** A stored LinkedIn URL may omit the protocol ('linkedin.com/in/…'); links need one. */
const profileUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-400">{term}</dt>
      <dd className="min-w-0 break-words text-slate-100">{children}</dd>
    </div>
  );
}

/** A fact of the short summary above the cover letter: its label over its value. */
function Fact({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs uppercase tracking-wide text-slate-400">{term}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-100">{children}</dd>
    </div>
  );
}

/** One destructive action of the danger zone: what it takes away, and its button. */
function DangerAction({ title, children, button }: { title: string; children: ReactNode; button: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1 basis-56 text-sm text-slate-300">
        <p className="font-semibold text-white">{title}</p>
        <p className="mt-0.5">{children}</p>
      </div>
      {button}
    </li>
  );
}

type Props = {
  applicant: Applicant;
  /** How many applications of this person's e-mail address are listed (Erase person takes them all). */
  applicationsOfPerson: number;
  actions: ApplicantActions;
  privacy: PrivacyActions;
  onClose: () => void;
  /** Shows another application (of the same person, or the previous or next one shown) in the dialog instead. */
  onOpenApplication: (id: number) => void;
  /** Where this applicant stands in the list or board behind the dialog; absent when not among them. */
  steps?: ApplicantSteps | undefined;
};

export type ApplicantSteps = { position: number; total: number; previous: number | null; next: number | null };

/**
 * Applicant detail: scrolls within 90vh; who, then the cover letter (text, never HTML), then the
 * record's details, the resume and its preview, the person's other applications, the timeline and a danger zone. The footer holds the status actions as its first row; its
 * layout keeps its size whatever the status, so nothing jumps under the pointer.
 */
export function ApplicantDialog({
  applicant,
  applicationsOfPerson,
  actions,
  privacy,
  onClose,
  onOpenApplication,
  steps,
}: Props) {
  const busy = actions.isBusy(applicant.id) || privacy.busy;
  const dangerId = useId();
  // Loading the detail records the view in the audit trail; it also brings the consent record.
  const detail = useQuery(applicantDetailQuery(applicant.id));
  const consent = detail.data?.consent;
  const others = applicationsOfPerson - 1;
  return (
    <Dialog
      open
      onClose={onClose}
      title={applicant.name}
      subtitle={applicant.jobTitle}
      maxHeightClass="max-h-[90vh]"
      footer={
        <div className="flex w-full flex-wrap items-center gap-2" data-applicant-actions>
          <StatusActions applicant={applicant} actions={actions} />
          <div className="flex basis-full flex-wrap gap-2 sm:ml-auto sm:basis-auto">
            <button
              type="button"
              className="btn btn-secondary px-4 py-2"
              onClick={() => actions.download(applicant)}
              disabled={busy}
            >
              Download Resume
            </button>
            <Can least="recruiter">
              <button
                type="button"
                className="btn btn-secondary px-4 py-2"
                onClick={() => privacy.exportData(applicant)}
                disabled={busy}
              >
                Export data
              </button>
            </Can>
          </div>
        </div>
      }
    >
      {steps && steps.total > 1 && (
        <nav aria-label="Applicants shown" className="mb-4 flex items-center justify-between gap-2 text-sm">
          <button
            type="button"
            className="btn btn-secondary px-3 py-1.5 text-sm"
            disabled={steps.previous === null}
            onClick={() => steps.previous !== null && onOpenApplication(steps.previous)}
          >
            <span aria-hidden="true">← </span>Previous
          </button>
          <span className="text-slate-400">
            {steps.position} of {steps.total}
          </span>
          <button
            type="button"
            className="btn btn-secondary px-3 py-1.5 text-sm"
            disabled={steps.next === null}
            onClick={() => steps.next !== null && onOpenApplication(steps.next)}
          >
            Next<span aria-hidden="true"> →</span>
          </button>
        </nav>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-[auto_auto_1fr]">
        <Fact term="Status">
          <StatusBadge status={applicant.status} />
        </Fact>
        <Fact term="Phone">
          <a href={`tel:${applicant.phone.replace(/[^\d+]/g, '')}`} className="whitespace-nowrap">
            {applicant.phone}
          </a>
        </Fact>
        <Fact term="Email" className="col-span-2 sm:col-span-1">
          <a href={mailtoHref(applicant.email)}>{applicant.email}</a>
        </Fact>
      </dl>

      <h3 className="mt-5 text-base text-white">Cover letter</h3>
      <p className="mt-2 whitespace-pre-wrap break-words rounded-xl border border-white/10 bg-ink-900 p-4 text-sm leading-relaxed text-slate-200">
        {applicant.coverLetter}
      </p>

      <h3 className="mt-6 text-base text-white">Application</h3>
      <dl className="mt-3 flex flex-col gap-4">
        {applicant.fieldOfInterest && <Row term="Field of interest">{applicant.fieldOfInterest}</Row>}
        {applicant.linkedin && (
          <Row term="LinkedIn">
            <a href={profileUrl(applicant.linkedin)} target="_blank" rel="noopener noreferrer">
              View Profile<span className="sr-only"> of {applicant.name} on LinkedIn (opens in a new tab)</span>
            </a>
          </Row>
        )}
        <Row term="Applied on">
          <time dateTime={applicant.appliedAt}>{formatDateTime(applicant.appliedAt)}</time>
        </Row>
        <Row term="Applied for">
          {applicant.jobTitle}
          <span className="text-slate-400"> · {applicant.department}</span>
        </Row>
        <Row term="Source">
          <span className="break-all">{sourceLabel(applicant.source)}</span>
        </Row>
        <Row term="Consent">
          {detail.isPending
            ? 'Loading...'
            : consent
              ? `Given ${formatDate(consent.givenAt)} to privacy notice version ${consent.noticeVersion}`
              : 'Not recorded (applied before the privacy notice)'}
        </Row>
        <Row term="Erase on">
          <EraseOn applicant={applicant} />
        </Row>
      </dl>

      <InterviewsSection applicant={applicant} />
      <ResumePreview applicant={applicant} />
      {detail.data && <OtherApplications applications={detail.data.otherApplications} onOpen={onOpenApplication} />}

      {detail.data && <Timeline applicantId={applicant.id} history={detail.data} />}

      <Can least="recruiter">
        <section aria-labelledby={dangerId} className="mt-8 rounded-xl border border-rose-400/40 bg-rose-950/30 p-4">
          <h3 id={dangerId} className="text-base text-rose-100">
            Danger zone
          </h3>
          <ul className="mt-3 flex flex-col divide-y divide-rose-400/20">
            <DangerAction
              title="Delete this application"
              button={
                <button
                  type="button"
                  className={deleteButtonClass}
                  onClick={() => actions.remove(applicant)}
                  disabled={busy}
                >
                  Delete application
                </button>
              }
            >
              This application and its resume.{' '}
              {others > 0
                ? `The ${others} other application${others === 1 ? '' : 's'} of this person stay${others === 1 ? 's' : ''}.`
                : 'Contact messages of this person stay.'}
            </DangerAction>
            <DangerAction
              title="Erase this person"
              button={
                <button
                  type="button"
                  className={deleteButtonClass}
                  onClick={() => privacy.erase(applicant, applicationsOfPerson)}
                  disabled={busy}
                >
                  Erase person
                </button>
              }
            >
              Everything stored about {applicant.email}: every application, resume and contact message, as a privacy
              request asks.
            </DangerAction>
          </ul>
        </section>
      </Can>
    </Dialog>
  );
}
