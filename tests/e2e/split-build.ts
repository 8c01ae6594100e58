/**
 * Global setup of the browser tests with E2E_SPLIT=1: builds dist-split, the site with PUBLIC_API_URL
 * on another origin, when it is stale (about a minute and a half), for split-deployment.spec.ts.
 */
import { spawnSync } from 'node:child_process';

const apiPort = Number(process.env['E2E_SPLIT_API_PORT'] ?? Number(process.env['E2E_PORT'] ?? 4510) + 2);
/** Baked into the build, so fixed: the API's origin (the build is redone when it changes). */
export const SPLIT_API_ORIGIN = `http://127.0.0.1:${apiPort}`;

export default function buildSplitSite(): void {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-stale.ts', '--split'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_API_URL: `${SPLIT_API_ORIGIN}/api` },
  });
  if (built.status !== 0) throw new Error('The split build (dist-split) failed: its output is above.');
}
