import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import type { StageDeadlineDays } from '~/lib/stage-deadlines';
import type { TeamList } from '~/lib/team';
import type { TwoFactorStatus } from '~/lib/two-factor';

export const teamKeys = {
  all: ['team'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  twoFactor: () => [...teamKeys.all, 'two-factor'] as const,
  stageDeadlines: () => [...teamKeys.all, 'stage-deadlines'] as const,
};

/** `GET /admins/stage-deadlines` (owners): the days each open stage may take. */
export const stageDeadlinesQuery = () =>
  queryOptions({
    queryKey: teamKeys.stageDeadlines(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ days: StageDeadlineDays }>('/admins/stage-deadlines', { auth: true, signal })).days,
  });

/** `GET /admins` (owners): every member with role, two-factor state and last sign-in. */
export const teamQuery = () =>
  queryOptions({
    queryKey: teamKeys.list(),
    queryFn: ({ signal }) => apiRequest<TeamList>('/admins', { auth: true, signal }),
  });

/** `GET /account/2fa`: the signed-in admin's own two-factor sign-in. */
export const twoFactorQuery = () =>
  queryOptions({
    queryKey: teamKeys.twoFactor(),
    queryFn: ({ signal }) => apiRequest<TwoFactorStatus>('/account/2fa', { auth: true, signal }),
  });
