import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = new URL('../../scripts/use-node.sh', import.meta.url).pathname;
let dir = '';
let cache = '';
let cachedNode = '';

function executable(path: string, body: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

/** Sources use-node.sh in a shell whose own `node` is Node 20 and whose `npm install` runs `npm`. */
function sourceUseNode(npm: string) {
  executable(join(dir, 'bin/npm'), npm);
  return spawnSync('bash', ['--norc', '--noprofile', '-c', `source ${script} && echo "on PATH: $(command -v node)"`], {
    env: { PATH: `${join(dir, 'bin')}:/usr/bin:/bin`, EDGECRAFT_NODE_CACHE: cache },
    encoding: 'utf8',
  });
}

const failure = () =>
  `use-node: no working Node 24 at ${cachedNode}; delete ${cache} and source this again, or install Node 24`;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'use-node-'));
  cache = join(dir, 'cache');
  cachedNode = join(cache, 'node_modules/node/bin/node');
  executable(join(dir, 'bin/node'), 'echo 20');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/use-node.sh', () => {
  it('fails with one clear line when the install leaves no node binary', () => {
    const { status, stderr, stdout } = sourceUseNode('exit 1');
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      `use-node: installing Node 24 from the npm registry into ${cache}`,
      failure(),
    ]);
  });

  it('fails with the same line when the binary in the cache does not run', () => {
    executable(cachedNode, 'exit 1');
    const { status, stderr, stdout } = sourceUseNode('exit 0');
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe(failure());
  });

  it('puts the installed Node first on PATH when it runs', () => {
    executable(join(dir, 'node24'), 'echo 24');
    const { status, stdout } = sourceUseNode(
      `mkdir -p "${join(cachedNode, '..')}" && cp "${join(dir, 'node24')}" "${cachedNode}"`,
    );
    expect(status).toBe(0);
    expect(stdout.trim()).toBe(`on PATH: ${cachedNode}`);
  });
});
