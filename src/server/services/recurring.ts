import { Cron } from 'croner';
import type { Logger } from '../logger';

export type Recurring = {
  /** Runs the task now, after any run in progress; resolves when it is done. */
  run(): Promise<void>;
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
};

/**
 * Runs `task` on the cron `pattern` (UTC) and whenever `run()` is called, one run at a time. A run that
 * throws is logged under `failure`, with its stack, and the next run goes ahead as planned.
 */
export function recurring(pattern: string, task: () => Promise<void>, logger: Logger, failure: string): Recurring {
  let running: Promise<void> = Promise.resolve();
  const attempt = async () => {
    try {
      await task();
    } catch (error) {
      logger.error({ err: error }, failure);
    }
  };
  const run = () => {
    running = running.then(attempt);
    return running;
  };
  const job = new Cron(pattern, { timezone: 'UTC', protect: true }, run);
  return {
    run,
    async stop() {
      job.stop();
      await running;
    },
  };
}
