/**
 * deploy/edgecraft-rebuild.{service,timer}: the daily rebuild that publishes scheduled articles runs
 * what `npm run build` runs, in the server's checkout with its environment, restarts the server after
 * a successful build, and is started every day just after midnight UTC (and at boot after a miss).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(`../../deploy/${file}`, import.meta.url), 'utf8');
const values = (unit: string, key: string) =>
  [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1] ?? '');

const service = read('edgecraft-rebuild.service');
const timer = read('edgecraft-rebuild.timer');
const server = read('edgecraft.service');
const systemdAnalyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) => existsSync(path));

describe('the daily rebuild', () => {
  it('runs the steps of npm run build, in order', () => {
    const build = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts[
      'build'
    ];
    const steps = values(service, 'ExecStart').map((line) =>
      line
        .replace(/^\/usr\/bin\/node node_modules\/astro\/astro\.js /, 'astro ')
        .replace(/^\/usr\/bin\/node /, 'node '),
    );
    expect(steps.join(' && ')).toBe(build);
  });

  it("uses the server's checkout and environment, then restarts the server", () => {
    expect(values(service, 'WorkingDirectory')).toEqual(values(server, 'WorkingDirectory'));
    expect(values(service, 'EnvironmentFile')).toEqual(values(server, 'EnvironmentFile'));
    expect(values(service, 'User')).toEqual(values(server, 'User'));
    expect(values(service, 'Type')).toEqual(['oneshot']);
    // After the build succeeded (ExecStartPost), with the privileges a restart needs ("+").
    expect(values(service, 'ExecStartPost')).toEqual(['+/usr/bin/systemctl restart edgecraft.service']);
  });

  it('starts daily just after midnight UTC, and at boot when a run was missed', () => {
    expect(values(timer, 'OnCalendar')).toEqual(['*-*-* 00:05:00 UTC']);
    expect(values(timer, 'Persistent')).toEqual(['true']);
    expect(values(timer, 'Unit')).toEqual(['edgecraft-rebuild.service']);
    expect(values(timer, 'WantedBy')).toEqual(['timers.target']);
  });

  it.skipIf(!systemdAnalyze)('is a schedule systemd understands', () => {
    const out = execFileSync(systemdAnalyze as string, ['calendar', '--iterations=2', '*-*-* 00:05:00 UTC'], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/Next elapse: \w+ \d{4}-\d{2}-\d{2} 00:05:00 UTC/);
  });
});
