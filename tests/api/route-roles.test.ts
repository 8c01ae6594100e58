/**
 * Each guarded route writes the role it needs (`requireRole('recruiter')`), and the role table is
 * the summary of them: a row differing from its route's guard, or a guarded route without one, fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '~/server/app';
import { ROUTE_ROLES, rolesOnRoutes } from '~/server/roles';
import { setupApi, type TestApi } from '../../support/api';

let api: TestApi;

beforeAll(async () => {
  api = await setupApi();
});

afterAll(async () => {
  await api.close();
});

describe('roles written on the routes', () => {
  it('are exactly the role table', () => {
    expect(rolesOnRoutes(api.app.routes)).toEqual(ROUTE_ROLES);
  });

  it('guard every route but the public ones', () => {
    const guarded = new Set(Object.keys(rolesOnRoutes(api.app.routes)));
    const unguarded = api.app.routes
      .filter((r) => r.method !== 'ALL' && r.path !== '/api/*')
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => !guarded.has(r) && !(PUBLIC_ROUTES as readonly string[]).includes(r));
    expect([...new Set(unguarded)]).toEqual([]);
  });
});
