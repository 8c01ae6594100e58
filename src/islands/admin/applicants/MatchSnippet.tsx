import { SEARCH_FIELD_LABELS, type ApplicantMatch } from '~/lib/schemas/applicant-api';

/** The search's passage, named by its field, its hits marked: plain text cut at the server's offsets, never HTML. */
export function MatchSnippet({ match }: { match: ApplicantMatch }) {
  const parts: { text: string; hit: boolean }[] = [];
  let at = 0;
  for (const [start, end] of match.hits) {
    if (start < at || end > match.text.length) continue;
    if (start > at) parts.push({ text: match.text.slice(at, start), hit: false });
    parts.push({ text: match.text.slice(start, end), hit: true });
    at = end;
  }
  if (at < match.text.length) parts.push({ text: match.text.slice(at), hit: false });
  return (
    <p className="break-words rounded-lg border border-white/10 bg-ink-900 px-3 py-2 text-sm text-slate-300" data-match>
      <span className="font-medium text-slate-400">{SEARCH_FIELD_LABELS[match.field]}: </span>
      {parts.map((part, i) =>
        part.hit ? (
          <mark key={i} className="rounded-sm bg-amber-950/60 px-0.5 font-semibold text-amber-50">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
