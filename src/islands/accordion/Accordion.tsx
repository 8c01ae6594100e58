import { useState } from 'react';
import './accordion.css';
import { useDomId } from '~/islands/ui/useDomId';
import { useHydrated } from '~/islands/ui/useHydrated';
import type { AccordionItem } from './types';

type Props = {
  /** The items, in display order. */
  items: readonly AccordionItem[];
  /** Index of the item open at first, or null for all closed. */
  defaultOpen?: number | null;
};

/**
 * Disclosure accordion (WAI-ARIA APG pattern): one item open at a time; activating the open item closes it.
 * Every panel is rendered on the server, so the text is in the static HTML; closed panels are only hidden
 * when scripting is on (see accordion.css), so the page stays readable without JavaScript.
 */
export default function Accordion({ items, defaultOpen = 0 }: Props) {
  const [open, setOpen] = useState<number | null>(defaultOpen);
  // Disabled in the server's HTML: a click before the script runs would be lost without a trace.
  const hydrated = useHydrated();
  const baseId = useDomId('accordion');

  return (
    <div className="accordion divide-y divide-white/10 overflow-hidden rounded-2xl border border-white/10 bg-ink-800/80">
      {items.map((item, index) => {
        const isOpen = open === index;
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.title} className="accordion-item" data-state={isOpen ? 'open' : 'closed'}>
            <h3 className="m-0 text-base sm:text-lg">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                disabled={!hydrated}
                onClick={() => setOpen(isOpen ? null : index)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-white transition-colors hover:bg-white/5 sm:px-6"
              >
                <span>{item.title}</span>
                <svg
                  aria-hidden="true"
                  width="20"
                  height="20"
                  viewBox="0 0 20 20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  className="accordion-chevron shrink-0 text-brand-300"
                >
                  <path d="m5 7.5 5 5 5-5" />
                </svg>
              </button>
            </h3>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              className="accordion-panel"
              data-state={isOpen ? 'open' : 'closed'}
            >
              <div className="accordion-clip">
                <div className="accordion-body">
                  {item.body.split(/\n\s*\n/).map((paragraph) => (
                    <p key={paragraph.slice(0, 40)}>{paragraph.trim()}</p>
                  ))}
                  {item.points && item.points.length > 0 && (
                    <ul>
                      {item.points.map((point) => (
                        <li key={point}>{point}</li>
                      ))}
                    </ul>
                  )}
                </div>
              </div>
            </section>
          </div>
        );
      })}
    </div>
  );
}
