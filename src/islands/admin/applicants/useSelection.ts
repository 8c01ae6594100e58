import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';

/**
 * Applicants ticked for a bulk action, among `shown` (in their order): a click toggles one, a
 * shift-click ticks or clears everything from the last one clicked, and 'select all' takes every
 * one the filter matches. Ids no longer shown leave the selection.
 */
export function useSelection(shown: readonly number[]) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | null>(null);
  const selected = useMemo(() => new Set([...picked].filter((id) => shown.includes(id))), [picked, shown]);

  const toggle = useCallback(
    (id: number, event: Pick<MouseEvent, 'shiftKey'>) => {
      // Read before the update: React may run the updater after `anchor` has moved to `id`.
      const from = anchor.current === null ? -1 : shown.indexOf(anchor.current);
      const to = shown.indexOf(id);
      setPicked((current) => {
        const next = new Set(current);
        const on = !current.has(id);
        if (event.shiftKey && from !== -1 && to !== -1) {
          for (const other of shown.slice(Math.min(from, to), Math.max(from, to) + 1)) {
            if (on) next.add(other);
            else next.delete(other);
          }
        } else if (on) next.add(id);
        else next.delete(id);
        return next;
      });
      anchor.current = id;
    },
    [shown],
  );

  return {
    selected,
    toggle,
    selectAll: () => setPicked(new Set(shown)),
    clear: () => {
      setPicked(new Set());
      anchor.current = null;
    },
    /** Keeps only `ids` (those a bulk action could not act on), so they can be retried. */
    keep: (ids: readonly number[]) => setPicked(new Set(ids)),
  };
}
