/** Process figures from /proc (Linux): resident memory and CPU time of a process by pid. */
import { readFileSync } from 'node:fs';

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Current resident set of a process in MB (VmRSS). */
export function rssMb(pid: number): number {
  return statusField(pid, 'VmRSS');
}

/** Peak resident set of a process since it started, in MB (VmHWM, the kernel's high-water mark). */
export function peakRssMb(pid: number): number {
  return statusField(pid, 'VmHWM');
}

/** CPU time (user + system) used so far by a process, in ms, from /proc/<pid>/stat (100 clock ticks/s). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
