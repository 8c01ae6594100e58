import { sourcesMessages } from '~/lib/sources';

type Props = {
  /** The page shown, from 1. */
  page: number;
  /** The page after it, or null on the last. */
  nextPage: number | null;
  onPage: (page: number) => void;
};

/** The buttons that page through the sources; nothing when they fit on one page. */
export function SourcePages({ page, nextPage, onPage }: Props) {
  if (page === 1 && nextPage === null) return null;
  return (
    <nav aria-label={sourcesMessages.pages} className="flex items-center justify-end gap-3">
      <span className="text-sm text-slate-400" aria-live="polite">
        {sourcesMessages.page} {page}
      </span>
      <button type="button" className="btn btn-secondary" disabled={page === 1} onClick={() => onPage(page - 1)}>
        {sourcesMessages.previousPage}
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={nextPage === null}
        onClick={() => nextPage !== null && onPage(nextPage)}
      >
        {sourcesMessages.nextPage}
      </button>
    </nav>
  );
}
