import { useQuery } from '@tanstack/react-query';
import { applicantsQuery } from '~/islands/queries/applicants';
import { adminJobsQuery } from '~/islands/queries/jobs';
import { messagesQuery } from '~/islands/queries/messages';
import { endServerSession } from '~/lib/api/auth';
import { outboxQuery } from '~/islands/queries/outbox';
import { clearToken } from '~/lib/api/session';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { ActivityPanel } from './activity/ActivityPanel';
import { ApplicantsPanel } from './applicants/ApplicantsPanel';
import { JobsPanel } from './jobs/JobsPanel';
import { MessagesPanel } from './messages/MessagesPanel';
import { StorageWarning } from './StorageWarning';
import { OutboxPanel } from './outbox/OutboxPanel';
import { Tabs, useHashTab, type TabSpec } from './Tabs';

const TAB_IDS = ['jobs', 'applicants', 'messages', 'outbox', 'activity'] as const;
type TabId = (typeof TAB_IDS)[number];

/** 'Job Vacancies (3)' ('…' until the list has loaded); the count takes its own line on phones. */
const tabLabel = (name: string, data: readonly unknown[] | undefined) => (
  <>
    {name} <span className="block sm:inline">({data ? data.length : '…'})</span>
  </>
);

/** Dashboard: 'Welcome Admin', Logout after confirmation, and the tabs. */
export function Dashboard({ email }: { email: string }) {
  const [tab, setTab] = useHashTab(TAB_IDS);
  const { confirm, confirmDialog } = useConfirm();
  const jobs = useQuery(adminJobsQuery());
  const applicants = useQuery(applicantsQuery());
  const messages = useQuery(messagesQuery());
  const outbox = useQuery(outboxQuery());

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
    { id: 'applicants', label: tabLabel('Applicants', applicants.data), panel: <ApplicantsPanel /> },
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
  ];

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="eyebrow">Admin dashboard</p>
          <h1 className="mt-1 text-3xl sm:text-4xl">Welcome Admin</h1>
          <p className="mt-1 text-sm text-slate-400">Signed in as {email}</p>
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
          Logout
        </button>
      </header>
      <StorageWarning />
      <Tabs label="Admin sections" tabs={tabs} selected={tab} onSelect={setTab} />
      {confirmDialog}
    </div>
  );
}
