import { describe, expect, it } from 'vitest';
import { Semaphore } from '~/server/services/semaphore';

describe('Semaphore', () => {
  it('never runs more than its limit at once and runs every task', async () => {
    const gate = new Semaphore(2);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gate.run(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 5));
          active--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
