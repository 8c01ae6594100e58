import { useQuery } from '@tanstack/react-query';
import { applicantsQuery } from '~/lib/api/applicants';
import { jobsQuery } from '~/lib/api/jobs';
import { messagesQuery } from '~/lib/api/messages';
import { clearToken } from '~/lib/api/session';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { ApplicantsPanel } from './applicants/ApplicantsPanel';
import { JobsPanel } from './jobs/JobsPanel';
import { MessagesPanel } from './messages/MessagesPanel';
import { Tabs, useHashTab, type TabSpec } from './Tabs';

const TAB_IDS = ['jobs', 'applicants', 'messages'] as const;
type TabId = (typeof TAB_IDS)[number];

/** 'Job Vacancies (3)' ('…' until the list has loaded); the count takes its own line on phones. */
const tabLabel = (name: string, data: readonly unknown[] | undefined) => (
  <>
    {name} <span className="block sm:inline">({data ? data.length : '…'})</span>
  </>
);

/** SPEC §2 dashboard: 'Welcome Admin', Logout after confirmation, and the tabs. */
export function Dashboard({ email }: { email: string }) {
  const [tab, setTab] = useHashTab(TAB_IDS);
  const { confirm, confirmDialog } = useConfirm();
  const jobs = useQuery(jobsQuery());
  const applicants = useQuery(applicantsQuery());
  const messages = useQuery(messagesQuery());

  const logout = async () => {
    if (!(await confirm('Are you sure you want to logout?', 'Logout', { destructive: false, detail: 'You can sign in again at any time.' }))) return;
    clearToken();
    window.location.assign('/');
  };

  const tabs: TabSpec<TabId>[] = [
    { id: 'jobs', label: tabLabel('Job Vacancies', jobs.data), panel: <JobsPanel /> },
    { id: 'applicants', label: tabLabel('Applicants', applicants.data), panel: <ApplicantsPanel /> },
    { id: 'messages', label: tabLabel('Messages', messages.data), panel: <MessagesPanel /> },
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
      <Tabs label="Admin sections" tabs={tabs} selected={tab} onSelect={setTab} />
      {confirmDialog}
    </div>
  );
}
