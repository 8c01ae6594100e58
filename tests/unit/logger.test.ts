import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '~/server/logger';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the request log', () => {
  it('writes nothing while a request is handled, then every line of the turn in one write', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const logger = createLogger('info');
    logger.info('request', { method: 'GET', path: '/api/job', status: 200 });
    logger.info('request', { method: 'GET', path: '/api/health', status: 200 });
    logger.debug('below the level');
    expect(write).not.toHaveBeenCalled();

    await new Promise((resolve) => setImmediate(resolve));
    expect(write).toHaveBeenCalledTimes(1);
    const lines = String(write.mock.calls[0]?.[0]).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      { time: expect.any(String), level: 'info', msg: 'request', method: 'GET', path: '/api/job', status: 200 },
      { time: expect.any(String), level: 'info', msg: 'request', method: 'GET', path: '/api/health', status: 200 },
    ]);
  });

  it('keeps one JSON object per line with or without fields', () => {
    const lines: string[] = [];
    const logger = createLogger('debug', (line) => lines.push(line));
    logger.warn('plain');
    logger.error('with "quotes"', { n: 1 });
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { time: expect.any(String), level: 'warn', msg: 'plain' },
      { time: expect.any(String), level: 'error', msg: 'with "quotes"', n: 1 },
    ]);
  });
});
