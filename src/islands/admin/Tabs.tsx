import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '~/islands/ui/cn';

export type TabSpec<Id extends string> = { id: Id; label: ReactNode; panel: ReactNode };

/** The tab named in the URL hash, else the first; follows later hash changes (back/forward, links). */
export function useHashTab<Id extends string>(ids: readonly Id[]): [Id, (id: Id) => void] {
  const fromHash = useCallback((): Id => {
    const hash = window.location.hash.slice(1) as Id;
    return ids.includes(hash) ? hash : (ids[0] as Id);
  }, [ids]);
  const [tab, setTab] = useState<Id>(fromHash);

  useEffect(() => {
    const onHash = () => setTab(fromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [fromHash]);

  const select = useCallback((id: Id) => {
    // replaceState: the chosen tab survives a reload without filling the history with tab clicks.
    window.history.replaceState(null, '', `#${id}`);
    setTab(id);
  }, []);

  return [tab, select];
}

type Props<Id extends string> = { label: string; tabs: TabSpec<Id>[]; selected: Id; onSelect: (id: Id) => void };

/** Whether a sideways-scrolling strip hides tabs before its left edge and after its right edge. */
function useOverflowEdges(strip: HTMLElement | null): { before: boolean; after: boolean } {
  const [edges, setEdges] = useState({ before: false, after: false });
  useEffect(() => {
    if (!strip) return;
    const measure = () => {
      const max = strip.scrollWidth - strip.clientWidth;
      const next = { before: strip.scrollLeft > 1, after: strip.scrollLeft < max - 1 };
      setEdges((current) => (current.before === next.before && current.after === next.after ? current : next));
    };
    measure();
    strip.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => {
      strip.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [strip]);
  return edges;
}

/** The fade over an edge of the strip behind which more tabs wait. */
function EdgeFade({ side, shown }: { side: 'left' | 'right'; shown: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-tab-fade={side}
      className={cn(
        'pointer-events-none absolute bottom-px top-0 w-12 from-ink-900 to-transparent transition-opacity duration-200',
        side === 'left' ? 'left-0 bg-gradient-to-r' : 'right-0 bg-gradient-to-l',
        shown ? 'opacity-100' : 'opacity-0',
      )}
    />
  );
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop (roving tabindex); Left/Right arrows move
 * and wrap, Home/End jump. Every panel stays mounted (filters survive a tab switch) but only the
 * selected one is shown.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect }: Props<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const [strip, setStrip] = useState<HTMLDivElement | null>(null);
  const edges = useOverflowEdges(strip);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // From the focused tab, not the selected state: a second key can arrive before React re-renders.
    const index = tabs.findIndex((t) => refs.current.get(t.id) === event.currentTarget);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const id = (tabs[next] as TabSpec<Id>).id;
    onSelect(id);
    refs.current.get(id)?.focus();
  };

  return (
    <div>
      {/*
        Five tabs do not fit a phone's width: the strip scrolls sideways instead of pushing the page
        wider, and a fade over an edge shows that more tabs follow there.
      */}
      <div className="relative">
        <div
          ref={setStrip}
          role="tablist"
          aria-label={label}
          className="flex gap-1 overflow-x-auto border-b border-white/10"
        >
          {tabs.map((tab) => {
            const active = tab.id === selected;
            return (
              <button
                key={tab.id}
                ref={(el) => {
                  if (el) refs.current.set(tab.id, el);
                  else refs.current.delete(tab.id);
                }}
                type="button"
                role="tab"
                id={`tab-${tab.id}`}
                aria-selected={active}
                aria-controls={`panel-${tab.id}`}
                tabIndex={active ? 0 : -1}
                onKeyDown={onKeyDown}
                onClick={() => onSelect(tab.id)}
                className={cn(
                  'shrink-0 whitespace-nowrap border-b-2 px-3 py-3 text-center text-[13px] font-semibold leading-snug transition-colors sm:px-4 sm:text-sm',
                  active
                    ? 'border-brand-300 text-white'
                    : 'border-transparent text-slate-300 hover:border-white/30 hover:text-white',
                )}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        <EdgeFade side="left" shown={edges.before} />
        <EdgeFade side="right" shown={edges.after} />
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="pt-6 focus:outline-none focus-visible:outline-2"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
