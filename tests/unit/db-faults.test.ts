import { describe, expect, it } from 'vitest';
import { dbFault } from '~/server/db';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('dbFault', () => {
  it('reads a database that cannot be reached or refuses work for now as unavailable', () => {
    for (const error of [
      coded('ECONNREFUSED'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      coded('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
    ])
      expect(dbFault(error), error.message).toBe('unavailable');
  });

  it('reads SQLite’s SQLITE_FULL, ENOSPC and PostgreSQL’s disk_full as full, also behind a wrapping error', () => {
    expect(dbFault(coded('SQLITE_FULL', 'database or disk is full'))).toBe('full');
    expect(dbFault(coded('ENOSPC', 'ENOSPC: no space left on device, write'))).toBe('full');
    expect(dbFault(coded('53100', 'could not extend file'))).toBe('full');
    expect(dbFault(new Error('Database migration x failed', { cause: coded('SQLITE_FULL') }))).toBe('full');
  });

  it('leaves every other error alone', () => {
    expect(dbFault(coded('23505', 'duplicate key'))).toBeNull();
    expect(dbFault(coded('SQLITE_CONSTRAINT_UNIQUE'))).toBeNull();
    expect(dbFault(new Error('no such table: resumes'))).toBeNull();
    expect(dbFault('a string')).toBeNull();
  });
});
