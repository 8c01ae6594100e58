/**
 * Processes as the benches see them (Linux): resident memory, CPU time and run-queue wait from
 * /proc, pinning a server and the load generator to separate CPUs, and the generator's CPU priority.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

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

/**
 * Time the process's main thread (its event loop) has spent runnable but waiting for a CPU, in ms,
 * from /proc/<pid>/task/<pid>/schedstat: on a busy machine the loop's delay is partly this wait.
 */
export function mainThreadRunQueueMs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
}

/**
 * Restricts every thread of a process to the CPUs in `cpus` (taskset's list, "1" or "0-3").
 * False where taskset is missing or refuses (not Linux, a container without affinity rights).
 */
function pinCpus(pid: number, cpus: string): boolean {
  return (
    spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpus, String(pid)], { stdio: 'ignore' }).status === 0
  );
}

/**
 * Runs `work` with the server `pid` on the last CPU and this process (the load generator) on the
 * others, then lets both use every CPU again. Without it the two share two cores as the kernel
 * pleases, and the server's share varies with how much CPU the generator needs for its answers
 * (more for a 10 KB page than for a 15-byte floor). Unpinned where pinning is not possible.
 */
export async function pinnedApart<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; pinned: boolean }> {
  const cpus = availableParallelism();
  const all = `0-${cpus - 1}`;
  const server = cpus >= 2 && pinCpus(pid, String(cpus - 1));
  const self = server && pinCpus(process.pid, cpus === 2 ? '0' : `0-${cpus - 2}`);
  try {
    return { result: await work(), pinned: self };
  } finally {
    // Whatever was pinned is let go, also when only the server could be.
    if (server) pinCpus(pid, all);
    if (self) pinCpus(process.pid, all);
  }
}

/**
 * Puts every thread of this process (the load generator) in Linux's SCHED_IDLE class: it runs
 * only on a CPU the server's threads leave free, as clients on other machines would. Threads
 * started later inherit it; children started earlier (the server) keep their own class. False
 * where chrt is missing or refuses.
 */
export function yieldCpusToServer(): boolean {
  return (
    spawnSync('chrt', ['--all-tasks', '--idle', '--pid', '0', String(process.pid)], { stdio: 'ignore' }).status === 0
  );
}
