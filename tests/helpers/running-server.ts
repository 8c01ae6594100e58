/**
 * Requests the process tests make of a server they started (server.ts): logging in as its admin and
 * creating the usual test job (support/api's validJob).
 */
import { expect } from 'vitest';
import { validJob } from '../../support/api';

type Admin = { email: string; password: string };

/** Logs in as `admin` on the server at `url` and answers the session token. */
export async function adminToken(url: string, admin: Admin): Promise<string> {
  const login = await fetch(`${url}/api/admin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** Logs in as `admin` on the server at `url`, creates the test job and answers its id. */
export async function createJob(url: string, admin: Admin): Promise<number> {
  const created = await fetch(`${url}/api/job`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await adminToken(url, admin)}` },
    body: JSON.stringify(validJob),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { job: { id: number } }).job.id;
}
