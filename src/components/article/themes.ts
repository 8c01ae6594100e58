import type { CollectionEntry } from 'astro:content';

export type ArticleTheme = CollectionEntry<'articles'>['data']['theme'];

/** Tailwind classes per blog-card theme (full class strings so Tailwind keeps them). */
export const themeClasses: Readonly<Record<ArticleTheme, { label: string; badge: string; bar: string; ring: string }>> =
  {
    cyan: {
      label: 'Cyan',
      badge: 'bg-brand-400/10 text-brand-200 ring-brand-400/30',
      bar: 'from-brand-400 to-brand-600',
      ring: 'hover:border-brand-400/60',
    },
    violet: {
      label: 'Violet',
      badge: 'bg-accent-400/10 text-accent-300 ring-accent-400/30',
      bar: 'from-accent-400 to-accent-600',
      ring: 'hover:border-accent-400/60',
    },
    emerald: {
      label: 'Emerald',
      badge: 'bg-emerald-400/10 text-emerald-200 ring-emerald-400/30',
      bar: 'from-emerald-300 to-emerald-600',
      ring: 'hover:border-emerald-400/60',
    },
    amber: {
      label: 'Amber',
      badge: 'bg-amber-400/10 text-amber-200 ring-amber-400/30',
      bar: 'from-amber-300 to-amber-600',
      ring: 'hover:border-amber-400/60',
    },
    rose: {
      label: 'Rose',
      badge: 'bg-rose-400/10 text-rose-200 ring-rose-400/30',
      bar: 'from-rose-300 to-rose-600',
      ring: 'hover:border-rose-400/60',
    },
  };
