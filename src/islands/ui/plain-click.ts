import type { MouseEvent } from 'react';

/**
 * A plain left click, which a link may take over in place (a dialog, a filter); a middle or modified
 * click keeps the browser's own meaning: a new tab or window, a download.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
