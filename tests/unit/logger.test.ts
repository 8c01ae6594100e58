import { describe, expect, it } from 'vitest';
import { createLogger } from '~/server/logger';

function captured(level: Parameters<typeof createLogger>[0]) {
  const lines: string[] = [];
  const logger = createLogger(level, (line) => lines.push(line));
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the logger', () => {
  it('keeps one JSON object per line with time, level, msg and the fields', () => {
    const { logger, lines, parsed } = captured('debug');
    logger.warn('plain');
    logger.error({ n: 1 }, 'with "quotes"');
    logger.fatal({ stack: 'Error: x\n    at y' }, 'line\nbreak');
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    expect(parsed()).toEqual([
      { time: expect.any(String), level: 'warn', msg: 'plain' },
      { time: expect.any(String), level: 'error', msg: 'with "quotes"', n: 1 },
      { time: expect.any(String), level: 'fatal', msg: 'line\nbreak', stack: 'Error: x\n    at y' },
    ]);
    const time = parsed()[0]?.['time'] as string;
    expect(new Date(time).toISOString()).toBe(time);
  });

  it('writes a line in the call that logs it when given a function (tests read it at once)', () => {
    const { logger, parsed } = captured('info');
    logger.info({ method: 'GET', path: '/api/job', status: 200 }, 'request');
    expect(parsed()).toEqual([
      { time: expect.any(String), level: 'info', msg: 'request', method: 'GET', path: '/api/job', status: 200 },
    ]);
  });

  it('drops lines below its level, and everything when silent', () => {
    const info = captured('info');
    info.logger.debug('below the level');
    info.logger.info('at the level');
    expect(info.parsed().map((l) => l['msg'])).toEqual(['at the level']);

    const silent = captured('silent');
    silent.logger.error('not even this');
    silent.logger.fatal('nor this');
    silent.logger.flush();
    expect(silent.lines).toEqual([]);
  });

  it('never writes a password, token, cookie or authorization header, however it is passed', () => {
    const { logger, lines } = captured('info');
    logger.warn(
      {
        password: 'pw-top-level',
        body: { password: 'pw-in-body', newPassword: 'pw-new', token: 'tk-in-body' },
        headers: { authorization: 'Bearer tk-header', cookie: 'session=ck-header' },
      },
      'careless',
    );
    expect(lines).toHaveLength(1);
    for (const secret of ['pw-top-level', 'pw-in-body', 'pw-new', 'tk-in-body', 'tk-header', 'ck-header'])
      expect(lines[0]).not.toContain(secret);
    expect(JSON.parse(lines[0]!)).toMatchObject({ password: '[redacted]', headers: { authorization: '[redacted]' } });
  });

  it("never writes the values a PostgreSQL error's detail names", () => {
    const { logger, lines } = captured('info');
    const refused = Object.assign(new Error('duplicate key value violates unique constraint'), {
      detail: 'Key (email)=(jane@example.com) already exists.',
    });
    logger.error({ err: refused }, 'refused');
    expect(lines[0]).toContain('duplicate key value');
    expect(lines[0]).not.toContain('jane@example.com');
  });
});
