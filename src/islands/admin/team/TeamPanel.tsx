import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { changeRole, removeMember, resendInvitation, setTeamTwoFactor } from '~/lib/api/team';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type InvitationSent, type Role, type TeamMember } from '~/lib/team';
import { showToast } from '~/islands/ui/toast-store';
import { authKeys } from '~/islands/queries/auth';
import { teamKeys, teamQuery } from '~/islands/queries/team';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { inputClass } from '~/islands/ui/Field';
import { cn } from '~/islands/ui/cn';
import { AdminPanel } from '../AdminPanel';
import { deleteButtonClass } from '../applicants/StatusActions';
import { formatDateTime } from '~/lib/date-time';
import { QueryState } from '../StateMessage';
import { useAdminMutation } from '../useAdminMutation';
import { InviteDialog } from './InviteDialog';
import { StageDeadlines } from './StageDeadlines';

const teamTexts = {
  loading: 'Loading the team...',
  fetchFailed: 'Failed to fetch the team',
  roleFailed: 'Failed to change the role',
  removeFailed: 'Failed to remove the team member',
  ruleFailed: 'Failed to change the two-factor rule',
  resendFailed: 'Failed to send the invitation again',
  copied: 'Invitation link copied: it works once, for 72 hours',
  copyFailed: 'The browser did not allow copying: select the link and copy it',
} as const;

function MemberCard({
  member,
  isSelf,
  busy,
  link,
  onRole,
  onRemove,
  onResend,
}: {
  member: TeamMember;
  isSelf: boolean;
  busy: boolean;
  /** The invitation link from this tab's last invite or resend: the only copy outside the mail. */
  link: string | undefined;
  onRole: (role: Role) => void;
  onRemove: () => void;
  onResend: () => void;
}) {
  const copy = () =>
    void navigator.clipboard.writeText(link ?? '').then(
      () => showToast('success', teamTexts.copied),
      () => showToast('error', teamTexts.copyFailed),
    );
  const roleId = useId();
  return (
    <article
      className="card flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between"
      aria-label={member.email}
    >
      <div className="min-w-0">
        <h3 className="break-all text-lg text-white">
          {member.displayName ?? member.email}
          {isSelf && <span className="text-sm font-normal text-slate-400"> (you)</span>}
        </h3>
        {member.displayName && <p className="break-all text-sm text-slate-300">{member.email}</p>}
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-300">
          <span>
            Two-factor sign-in:{' '}
            <span className={member.twoFactor ? 'text-emerald-300' : 'text-amber-200'}>
              {member.twoFactor ? 'on' : 'off'}
            </span>
          </span>
          <span>
            Last sign-in:{' '}
            {member.lastSignInAt ? (
              <time dateTime={member.lastSignInAt}>{formatDateTime(member.lastSignInAt)}</time>
            ) : (
              'never (invited)'
            )}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={roleId} className="text-xs uppercase tracking-wide text-slate-400">
            Role<span className="sr-only"> of {member.email}</span>
          </label>
          <select
            id={roleId}
            value={member.role}
            disabled={busy}
            title={ROLE_DESCRIPTIONS[member.role]}
            onChange={(event) => onRole(event.target.value as Role)}
            className={cn(inputClass, 'w-40 py-2')}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
        {!member.lastSignInAt && link && (
          <button type="button" className="btn btn-secondary py-2" onClick={copy}>
            Copy link<span className="sr-only"> for {member.email}</span>
          </button>
        )}
        {!member.lastSignInAt && (
          <button type="button" className="btn btn-secondary py-2" onClick={onResend} disabled={busy}>
            Resend<span className="sr-only"> the invitation to {member.email}</span>
          </button>
        )}
        <button type="button" className={deleteButtonClass} onClick={onRemove} disabled={busy}>
          Remove<span className="sr-only"> {member.email}</span>
        </button>
      </div>
    </article>
  );
}

/** The Team tab (owners): who can sign in, with which role, two-factor state and last sign-in; the team's rules. */
export function TeamPanel({ selfId }: { selfId: number }) {
  const team = useQuery(teamQuery());
  const [inviting, setInviting] = useState(false);
  // Invitation links by member id, from this tab's invites and resends (the server keeps only hashes).
  const [links, setLinks] = useState<Record<number, string>>({});
  const keepLink = (sent: InvitationSent) => setLinks((current) => ({ ...current, [sent.admin.id]: sent.link }));
  const { confirm, confirmDialog } = useConfirm();
  const ruleId = useId();

  const role = useAdminMutation({
    mutationFn: ({ member, to }: { member: TeamMember; to: Role }) => changeRole(member.id, to),
    success: (_r, { member, to }) => `${member.email} is now ${ROLE_LABELS[to].toLowerCase()}`,
    failure: teamTexts.roleFailed,
    invalidates: [teamKeys.all],
  });
  const remove = useAdminMutation({
    mutationFn: (member: TeamMember) => removeMember(member.id),
    success: (result) => result.message,
    failure: teamTexts.removeFailed,
    invalidates: [teamKeys.all],
  });
  const resend = useAdminMutation({
    mutationFn: (member: TeamMember) => resendInvitation(member.id),
    success: (result) => {
      keepLink(result);
      return result.message;
    },
    failure: teamTexts.resendFailed,
    invalidates: [teamKeys.all],
  });
  const rule = useAdminMutation({
    mutationFn: (required: boolean) => setTeamTwoFactor(required),
    success: (result) => result.message,
    failure: teamTexts.ruleFailed,
    // The session too: an owner without two-factor sign-in is now asked to set it up first.
    invalidates: [teamKeys.all, authKeys.all],
  });

  const onRemove = async (member: TeamMember) => {
    const ok = await confirm(`Remove ${member.email} from the team?`, 'Remove', {
      detail: 'Their sessions end at once and they can no longer sign in.',
    });
    if (ok) remove.mutate(member);
  };
  const busyFor = (id: number) =>
    (role.isPending && role.variables.member.id === id) ||
    (remove.isPending && remove.variables.id === id) ||
    (resend.isPending && resend.variables.id === id);

  return (
    <AdminPanel
      id="team"
      title="Team"
      intro="Owners run the team; recruiters handle vacancies, applicants, messages and mail; viewers only read."
      action={
        <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
          <span aria-hidden="true">+</span> Invite a colleague
        </button>
      }
    >
      <QueryState query={team} items={team.data?.admins} texts={teamTexts}>
        {(members) => (
          <>
            <div className="flex items-start gap-3 rounded-2xl border border-white/10 p-4">
              <input
                id={ruleId}
                type="checkbox"
                checked={rule.isPending ? rule.variables : (team.data?.requireTwoFactor ?? false)}
                disabled={rule.isPending}
                onChange={(event) => rule.mutate(event.target.checked)}
                aria-describedby={`${ruleId}-hint`}
                className="mt-1 h-4 w-4 accent-brand-400"
              />
              <div>
                <label htmlFor={ruleId} className="font-medium text-white">
                  Require two-factor sign-in for everyone
                </label>
                <p id={`${ruleId}-hint`} className="text-sm text-slate-300">
                  Members without it are asked to set it up at their next sign-in and can do nothing else until they
                  have.
                </p>
              </div>
            </div>
            <StageDeadlines />
            <ul className="flex flex-col gap-4" aria-label="Team members">
              {members.map((member) => (
                <li key={member.id}>
                  <MemberCard
                    member={member}
                    isSelf={member.id === selfId}
                    busy={busyFor(member.id)}
                    onRole={(to) => role.mutate({ member, to })}
                    onRemove={() => void onRemove(member)}
                    link={links[member.id]}
                    onResend={() => resend.mutate(member)}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
      {inviting && <InviteDialog onClose={() => setInviting(false)} onSent={keepLink} />}
      {confirmDialog}
    </AdminPanel>
  );
}
