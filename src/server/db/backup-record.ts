import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** In DATA_DIR: when `admin -- backup` last wrote a backup that passed its checks, and where. */
export const BACKUP_RECORD_FILE = 'last-backup.json';

export type BackupRecord = { at: Date; file: string };

/** Replaces the record in `dataDir` (written aside, then renamed: a reader never sees half of it). */
export function recordBackup(dataDir: string, record: BackupRecord): void {
  const target = path.join(dataDir, BACKUP_RECORD_FILE);
  const temp = `${target}.tmp-${process.pid}`;
  writeFileSync(temp, `${JSON.stringify({ at: record.at.toISOString(), file: record.file })}\n`, { mode: 0o600 });
  renameSync(temp, target);
}

/** The record at `file`; null when there is none or it cannot be read as one. */
export function readBackupRecord(file: string): BackupRecord | null {
  try {
    const { at, file: backup } = JSON.parse(readFileSync(file, 'utf8')) as { at?: unknown; file?: unknown };
    const time = typeof at === 'string' ? new Date(at) : null;
    return time && !Number.isNaN(time.getTime()) && typeof backup === 'string' ? { at: time, file: backup } : null;
  } catch {
    return null;
  }
}
