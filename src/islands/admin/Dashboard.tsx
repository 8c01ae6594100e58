import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { greetingName, roleAllows, ROLE_LABELS, type Role, type SessionInfo } from '~/lib/team';
import { applicantsQuery } from '~/islands/queries/applicants';
import { adminJobsQuery } from '~/islands/queries/jobs';
import { messagesQuery } from '~/islands/queries/messages';
import { endServerSession } from '~/lib/api/auth';
import { outboxQuery } from '~/islands/queries/outbox';
import { clearToken, takeAdminNotice } from '~/lib/api/session';
import { showToast } from '~/islands/ui/toast-store';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { ActivityPanel } from './activity/ActivityPanel';
import { ApplicantsPanel } from './applicants/ApplicantsPanel';
import { JobsPanel } from './jobs/JobsPanel';
import { MessagesPanel } from './messages/MessagesPanel';
import { StorageWarning } from './StorageWarning';
import { OutboxPanel } from './outbox/OutboxPanel';
import { SourcesPanel } from './sources/SourcesPanel';
import { Tabs, useHashTab, type TabSpec } from './Tabs';
import { AccountDialog } from './account/AccountDialog';
import { TwoFactorSetup } from './account/TwoFactorSetup';
import { AdminPanel } from './AdminPanel';
import { TeamPanel } from './team/TeamPanel';
import { TemplatesPanel } from './templates/TemplatesPanel';

const TAB_IDS = ['jobs', 'applicants', 'sources', 'messages', 'templates', 'outbox', 'activity', 'team'] as const;
type TabId = (typeof TAB_IDS)[number];

/** The least role that sees each tab (the API refuses the rest with 403 anyway). */
const TAB_ROLES: Record<TabId, Role> = {
  jobs: 'viewer',
  applicants: 'viewer',
  sources: 'viewer',
  messages: 'recruiter',
  templates: 'recruiter',
  outbox: 'recruiter',
  activity: 'owner',
  team: 'owner',
};

/** 'Job Vacancies (3)', 'Applicants (9 · 2 overdue)' ('…' until the list has loaded); the count takes its own line on phones. */
const tabLabel = (name: string, data: readonly unknown[] | undefined, overdue?: number) => (
  <>
    {name}{' '}
    <span className="block sm:inline">
      ({data ? data.length : '…'}
      {overdue ? ` · ${overdue} overdue` : ''})
    </span>
  </>
);

/** Dashboard: a welcome by e-mail, Account, Logout after confirmation, and the tabs the admin's role may see. */
export function Dashboard({ session }: { session: SessionInfo }) {
  const { admin, mustEnrolTwoFactor } = session;
  const visibleIds = useMemo(() => TAB_IDS.filter((id) => roleAllows(admin.role, TAB_ROLES[id])), [admin.role]);
  const recruiter = roleAllows(admin.role, 'recruiter');
  const [tab, setTab] = useHashTab(visibleIds);
  const [accountOpen, setAccountOpen] = useState(false);
  const { confirm, confirmDialog } = useConfirm();
  // Left by the page the admin came from: a newcomer who just joined is told so once.
  useEffect(() => {
    const notice = takeAdminNotice();
    if (notice) showToast('success', notice);
  }, []);
  // The set-up stays until the admin has saved the recovery codes it shows once, even when the session,
  // re-read meanwhile, already says two-factor sign-in is on.
  const [enrolling, setEnrolling] = useState(mustEnrolTwoFactor);
  if (mustEnrolTwoFactor && !enrolling) setEnrolling(true);
  const ready = !enrolling;
  const jobs = useQuery({ ...adminJobsQuery(), enabled: ready });
  const applicants = useQuery({ ...applicantsQuery(), enabled: ready });
  const messages = useQuery({ ...messagesQuery(), enabled: ready && recruiter });
  const outbox = useQuery({ ...outboxQuery(), enabled: ready && recruiter });

  const logout = async () => {
    if (
      !(await confirm('Are you sure you want to logout?', 'Logout', {
        destructive: false,
        detail: 'You can sign in again at any time.',
      }))
    )
      return;
    await endServerSession();
    clearToken();
    window.location.assign('/');
  };

  const tabs: TabSpec<TabId>[] = [
    { id: 'jobs', label: tabLabel('Job Vacancies', jobs.data), panel: <JobsPanel /> },
    // Applicants also count who waits past their stage's deadline, so a forgotten one is noticed.
    {
      id: 'applicants',
      label: tabLabel('Applicants', applicants.data, applicants.data?.filter((a) => a.overdue).length),
      panel: <ApplicantsPanel />,
    },
    { id: 'sources', label: 'Sources', panel: <SourcesPanel /> },
    // Messages count what still waits for an answer.
    {
      id: 'messages',
      label: (
        <>
          Messages{' '}
          <span className="block sm:inline">
            ({messages.data ? `${messages.data.filter((m) => m.handledAt === null).length} unhandled` : '…'})
          </span>
        </>
      ),
      panel: <MessagesPanel />,
    },
    { id: 'templates', label: 'Templates', panel: <TemplatesPanel /> },
    // The Outbox counts failed mails, so a broken mail server is noticed.
    {
      id: 'outbox',
      label: (
        <>
          Outbox <span className="block sm:inline">({outbox.data ? `${outbox.data.counts.failed} failed` : '…'})</span>
        </>
      ),
      panel: <OutboxPanel />,
    },
    { id: 'activity', label: 'Activity', panel: <ActivityPanel /> },
    { id: 'team', label: 'Team', panel: <TeamPanel selfId={admin.id} /> },
  ];
  const shown = tabs.filter((t) => visibleIds.includes(t.id));

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        {/* min-w-0 lets a long address wrap instead of widening the page past a phone's screen. */}
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <p className="eyebrow">Admin dashboard</p>
          <h1 className="mt-1 text-3xl sm:text-4xl">Welcome, {greetingName(admin)}</h1>
          <p className="mt-1 text-sm text-slate-400">
            Signed in as {admin.email} · {ROLE_LABELS[admin.role]}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn btn-secondary"
            aria-haspopup="dialog"
            onClick={() => setAccountOpen(true)}
          >
            Account
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
            Logout
          </button>
        </div>
      </header>
      {enrolling ? (
        // The team requires two-factor sign-in: nothing else works until it is set up (the API says 403).
        <AdminPanel
          id="enrol"
          title="Set up two-factor sign-in"
          intro="Your team requires a code from an authenticator app at every sign-in. Set it up to continue."
        >
          <div className="card max-w-2xl p-5 sm:p-6">
            <TwoFactorSetup onDone={() => setEnrolling(false)} />
          </div>
        </AdminPanel>
      ) : (
        <>
          <StorageWarning />
          <Tabs label="Admin sections" tabs={shown} selected={tab} onSelect={setTab} />
        </>
      )}
      {accountOpen && <AccountDialog admin={admin} onClose={() => setAccountOpen(false)} />}
      {confirmDialog}
    </div>
  );
}
