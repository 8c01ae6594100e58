import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { applicantDetailQuery } from '~/islands/queries/privacy';
import type { Applicant } from '~/lib/schemas';
import { Dialog } from '~/islands/ui/Dialog';
import { formatDate, formatLongDate } from '../format';
import { EraseOn } from '../privacy/EraseOn';
import { Can } from '../session';
import { Timeline } from '../notes/Timeline';
import type { PrivacyActions } from '../privacy/usePrivacyActions';
import { StatusActions, deleteButtonClass } from './StatusActions';
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

type Props = { applicant: Applicant; actions: ApplicantActions; privacy: PrivacyActions; onClose: () => void };

/** Applicant detail: scrolls within 90vh; the cover letter is text, never HTML. */
export function ApplicantDialog({ applicant, actions, privacy, onClose }: Props) {
  const busy = actions.isBusy(applicant.id) || privacy.busy;
  // Loading the detail records the view in the audit trail; it also brings the consent record.
  const detail = useQuery(applicantDetailQuery(applicant.id));
  const consent = detail.data?.consent;
  return (
    <Dialog
      open
      onClose={onClose}
      title={applicant.name}
      subtitle={applicant.jobTitle}
      maxHeightClass="max-h-[90vh]"
      footer={
        <>
          <button
            type="button"
            className="btn btn-primary px-4 py-2"
            onClick={() => actions.download(applicant)}
            disabled={busy}
          >
            Download Resume
          </button>
          <StatusActions applicant={applicant} actions={actions} />
          <Can least="recruiter">
            <button
              type="button"
              className={deleteButtonClass}
              onClick={() => actions.remove(applicant)}
              disabled={busy}
            >
              Delete
            </button>
            <button
              type="button"
              className="btn btn-secondary px-4 py-2"
              onClick={() => privacy.exportData(applicant)}
              disabled={busy}
            >
              Export data
            </button>
            <button
              type="button"
              className={deleteButtonClass}
              onClick={() => privacy.erase(applicant)}
              disabled={busy}
            >
              Erase person
            </button>
          </Can>
        </>
      }
    >
      <dl className="flex flex-col gap-4">
        <Row term="Status">
          <StatusBadge status={applicant.status} />
        </Row>
        <Row term="Email">
          <a href={mailtoHref(applicant.email)}>{applicant.email}</a>
        </Row>
        <Row term="Phone">
          <a href={`tel:${applicant.phone.replace(/[^\d+]/g, '')}`}>{applicant.phone}</a>
        </Row>
        {applicant.linkedin && (
          <Row term="LinkedIn">
            <a href={profileUrl(applicant.linkedin)} target="_blank" rel="noopener noreferrer">
              View Profile<span className="sr-only"> of {applicant.name} on LinkedIn (opens in a new tab)</span>
            </a>
          </Row>
        )}
        <Row term="Applied on">
          <time dateTime={applicant.appliedAt}>{formatLongDate(applicant.appliedAt)}</time>
        </Row>
        <Row term="Applied for">
          {applicant.jobTitle}
          <span className="text-slate-400"> · {applicant.department}</span>
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
        <Row term="Resume">
          {applicant.resume.kind.toUpperCase()}, {Math.max(1, Math.round(applicant.resume.size / 1024))} KB
        </Row>
      </dl>
      <h3 className="mt-6 text-base text-white">Cover letter</h3>
      <p className="mt-2 whitespace-pre-wrap break-words rounded-xl border border-white/10 bg-ink-900 p-4 text-sm leading-relaxed text-slate-200">
        {applicant.coverLetter}
      </p>
      {detail.data && <Timeline applicantId={applicant.id} history={detail.data} />}
    </Dialog>
  );
}
