import { createContext, useContext, type ReactNode } from 'react';
import { roleAllows, type Role, type SessionInfo } from '~/lib/team';

type SessionAdmin = SessionInfo['admin'];

const SessionContext = createContext<SessionAdmin | null>(null);

/** The signed-in admin (from `GET /auth/verify`) for every panel below. */
export function SessionProvider({ admin, children }: { admin: SessionAdmin; children: ReactNode }) {
  return <SessionContext.Provider value={admin}>{children}</SessionContext.Provider>;
}

/** Whether the signed-in admin's role reaches `least`; the server refuses the rest anyway (403). */
export function useCan(least: Role): boolean {
  const admin = useContext(SessionContext);
  return admin ? roleAllows(admin.role, least) : false;
}

/** Renders its children only for a role of at least `least`: the dashboard hides what a role cannot do. */
export function Can({ least, children }: { least: Role; children: ReactNode }) {
  return useCan(least) ? <>{children}</> : null;
}
