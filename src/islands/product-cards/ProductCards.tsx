import { useState } from 'react';
import type { ProductCard } from '~/site';
import { MOBILE_BREAKPOINT_PX } from '~/lib/ui-constants';
import { IslandRoot } from '~/islands/ui/IslandRoot';
import { cn } from '~/islands/ui/cn';
import { useMediaQuery } from './useMediaQuery';

type Props = { cards: readonly ProductCard[] };

/**
 * Platform cards. From 768 px hovering (or focusing) expands a card to flex 3 against 1;
 * below it a click toggles the card's expansion and the link navigates. One card, or none, is expanded.
 */
function Cards({ cards }: Props) {
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);

  return (
    <ul className="flex flex-col gap-4 md:h-[24rem] md:flex-row" onMouseLeave={() => wide && setExpandedId(null)}>
      {cards.map((card) => {
        const expanded = expandedId === card.id;
        return (
          <li
            key={card.id}
            data-expanded={expanded}
            className={cn(
              'relative flex min-h-[11rem] flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-900 transition-[flex-grow,min-height] duration-500 ease-out motion-reduce:transition-none md:min-h-0 md:basis-0',
              expanded ? 'min-h-[17rem] grow-[3]' : 'grow',
            )}
            onMouseEnter={() => wide && setExpandedId(card.id)}
          >
            <img
              src={card.image}
              alt=""
              width="800"
              height="600"
              loading="lazy"
              // The art's subject spans its width: a wide card (phone) crops its empty bottom, a tall one shows it whole.
              className="absolute inset-0 h-full w-full object-cover object-top md:object-contain"
            />
            <div className="absolute inset-0 bg-gradient-to-t from-ink-900 via-ink-900/75 to-ink-900/10" />
            <a
              href={card.path}
              className="relative flex flex-1 flex-col justify-end p-6 text-white no-underline hover:text-white"
              onFocus={() => wide && setExpandedId(card.id)}
              onClick={() => {
                if (!wide) setExpandedId(expanded ? null : card.id);
              }}
            >
              <span className="text-xl font-semibold">{card.title}</span>
              <span
                id={`product-card-${card.id}-text`}
                className={cn('mt-2 max-w-md text-sm leading-relaxed text-slate-200', !expanded && 'hidden')}
              >
                {card.text}
              </span>
              <span
                className={cn('mt-3 text-sm font-semibold text-brand-300', !expanded && 'hidden')}
                aria-hidden="true"
              >
                Explore →
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export default function ProductCards(props: Props) {
  return (
    <IslandRoot>
      <Cards {...props} />
    </IslandRoot>
  );
}
