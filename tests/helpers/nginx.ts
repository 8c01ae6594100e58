/**
 * nginx in front of the real server, for the test of deploy/nginx/edgecraft.conf: the site file as
 * shipped with only what a test must change rewritten, a self-signed certificate made by openssl,
 * and nginx in the foreground with everything it writes in one temp folder.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';
import { startProcess } from '../../support/process';

/** The first of `names` that is an executable in PATH or in the sbin folders a user's PATH may lack. */
function findExecutable(names: string[]): string | null {
  const dirs = [...(process.env['PATH'] ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const name of names) {
    if (path.isAbsolute(name)) {
      if (isExecutable(name)) return name;
      continue;
    }
    for (const dir of dirs) if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** NGINX_BIN when set, else nginx as Debian installs it; null when there is none. */
export const NGINX_BIN = findExecutable(process.env['NGINX_BIN'] ? [process.env['NGINX_BIN']] : ['nginx']);
export const OPENSSL_BIN = findExecutable(['openssl']);

/** What a test must change in the site file; everything else is tested as shipped. */
export type SiteRewrite = {
  httpPort: number;
  httpsPort: number;
  upstreamPort: number;
  certificate: string;
  certificateKey: string;
  serverName: string;
  /** Where the site's access log goes instead of /var/log/nginx. */
  accessLog: string;
  /** Where the site's own error log goes instead of /var/log/nginx. */
  errorLog: string;
};

/**
 * The site file with its listen ports on loopback (IPv4 only: a test machine may lack IPv6), the
 * upstream, the certificate and the host name replaced. Throws when a directive it rewrites is no
 * longer in the file, so a change to the file cannot leave the test running something else.
 */
export function siteForTest(site: string, rewrite: SiteRewrite): string {
  const rules: [RegExp, (...groups: string[]) => string][] = [
    [/^[ \t]*listen \[::\]:(?:80|443)\b[^;]*;[ \t]*\n/gm, () => ''],
    [/^([ \t]*listen )80;/gm, (_, lead) => `${lead}127.0.0.1:${rewrite.httpPort};`],
    [/^([ \t]*listen )443( [^;]*);/gm, (_, lead, rest) => `${lead}127.0.0.1:${rewrite.httpsPort}${rest};`],
    [/^([ \t]*server )127\.0\.0\.1:4321;/gm, (_, lead) => `${lead}127.0.0.1:${rewrite.upstreamPort};`],
    [/^([ \t]*ssl_certificate )\S+;/gm, (_, lead) => `${lead}${rewrite.certificate};`],
    [/^([ \t]*ssl_certificate_key )\S+;/gm, (_, lead) => `${lead}${rewrite.certificateKey};`],
    [/^([ \t]*server_name )[^;]+;/gm, (_, lead) => `${lead}${rewrite.serverName};`],
    [/^([ \t]*access_log )\/var\/log\/nginx\/\S+( \w+;)/gm, (_, lead, rest) => `${lead}${rewrite.accessLog}${rest}`],
    [/^([ \t]*error_log )\/var\/log\/nginx\/\S+( \w+;)/gm, (_, lead, rest) => `${lead}${rewrite.errorLog}${rest}`],
  ];
  let text = site;
  for (const [pattern, replace] of rules) {
    if (!pattern.test(text)) throw new Error(`the site file no longer matches ${pattern}: update siteForTest`);
    pattern.lastIndex = 0;
    text = text.replace(pattern, replace as (substring: string, ...args: string[]) => string);
  }
  return text;
}

/** A self-signed certificate for `name` and 127.0.0.1, valid for a day; it is its own CA. */
export function selfSignedCertificate(dir: string, name: string): { certificate: string; key: string } {
  if (!OPENSSL_BIN) throw new Error('openssl not found');
  const certificate = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const result = spawnSync(
    OPENSSL_BIN,
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name},IP:127.0.0.1`],
      ...['-keyout', key, '-out', certificate],
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
  return { certificate, key };
}

export type RunningNginx = {
  httpPort: number;
  httpsPort: number;
  child: ChildProcess;
  /** nginx's folder: its configuration, temp files and logs. */
  dir: string;
  /** nginx's error log lines so far (also written to error.log in its folder). */
  output: string[];
  /** Stops nginx and removes its folder. */
  stop(): Promise<void>;
};

/**
 * Starts nginx in the foreground with `site` (given the ports it listens on) inside a minimal
 * nginx.conf, all its files in a temp folder of its own. Ready once the master logs its worker's
 * start (it listens before that). A port taken between choosing and binding it is tried again.
 */
export async function startNginx(
  site: (ports: { httpPort: number; httpsPort: number }, dir: string) => string,
): Promise<RunningNginx> {
  if (!NGINX_BIN) throw new Error('nginx not found');
  const dir = mkdtempSync(path.join(tmpdir(), 'edgecraft-nginx-'));
  // Run as root (CI), nginx's workers drop to an unprivileged user that must reach the temp folders.
  chmodSync(dir, 0o755);
  try {
    for (let attempt = 1; ; attempt++) {
      const ports = { httpPort: await freePort(), httpsPort: await freePort() };
      writeFileSync(path.join(dir, 'site.conf'), site(ports, dir));
      writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
      try {
        const running = await runNginx(dir, ports);
        const stop = running.stop;
        return { ...running, stop: () => stop().then(() => rmSync(dir, { recursive: true, force: true })) };
      } catch (error) {
        if (attempt < 3 && String(error).includes('Address already in use')) continue;
        throw error;
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Debian's nginx.conf reduced to what the site needs, with every path inside `dir`. */
function mainConfig(dir: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => {
    mkdirSync(path.join(dir, kind), { recursive: true });
    return `  ${kind}_temp_path ${path.join(dir, kind)};`;
  });
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} notice;`,
    'error_log stderr notice;',
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${path.join(dir, 'access.log')};`,
    '  default_type application/octet-stream;',
    ...temp,
    `  include ${path.join(dir, 'site.conf')};`,
    '}',
    '',
  ].join('\n');
}

async function runNginx(dir: string, ports: { httpPort: number; httpsPort: number }): Promise<RunningNginx> {
  const { child, output, stop } = await startProcess({
    name: 'nginx',
    command: NGINX_BIN!,
    args: ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'],
    ready: (line) => (line.includes('start worker process') ? true : undefined),
  });
  return { ...ports, dir, child, output, stop: () => stop().then(() => undefined) };
}
