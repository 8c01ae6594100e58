import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import { ogImages } from '../../src/integrations/og-images';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'og-images-test-'));
  folders.push(folder);
  return folder;
}

function writePage(root: string, name: string, title: string): void {
  const head = [
    `<meta property="og:title" content="${title} | EdgeCraft AI">`,
    '<meta property="og:site_name" content="EdgeCraft AI">',
    `<meta property="og:image" content="https://www.example.com/og/${name}.png">`,
    `<meta property="og:url" content="https://www.example.com/${name}">`,
  ].join('');
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, name, 'index.html'), `<html><head>${head}</head></html>`);
}

/** Runs the build hook on `root` and returns what it logged. */
async function build(root: string, cacheDir: string): Promise<string> {
  const lines: string[] = [];
  const logger = { info: (line: string) => lines.push(line) } as unknown as AstroIntegrationLogger;
  const hook = ogImages({ cacheDir }).hooks['astro:build:done'] as (options: {
    dir: URL;
    logger: AstroIntegrationLogger;
  }) => Promise<void>;
  await hook({ dir: pathToFileURL(`${root}/`), logger });
  return lines.join('\n');
}

describe('Open Graph previews across builds', () => {
  it('draw only the cards whose text changed, and keep the same PNG for the others', async () => {
    const cacheDir = tempFolder();
    const first = tempFolder();
    writePage(first, 'iip', 'Intelligent Product Development');
    writePage(first, 'drone', 'Drones');
    expect(await build(first, cacheDir)).toContain('2 Open Graph previews, 2 drawn');
    const drawnPng = readFileSync(join(first, 'og', 'iip.png'));
    expect(drawnPng.subarray(1, 4).toString()).toBe('PNG');

    const second = tempFolder();
    writePage(second, 'iip', 'Intelligent Product Development');
    writePage(second, 'drone', 'Drones and UAVs');
    expect(await build(second, cacheDir)).toContain('2 Open Graph previews, 1 drawn, 1 unchanged');
    expect(readFileSync(join(second, 'og', 'iip.png')).equals(drawnPng)).toBe(true);
    // The old drone card is no longer shown by any page: the cache keeps this build's two only.
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });
});
