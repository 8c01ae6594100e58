import { useState, type FocusEvent } from 'react';
import { clsx } from 'clsx';
import type { ProductCard } from '~/site';
import { MOBILE_BREAKPOINT_PX } from '~/lib/ui-constants';
import { IslandRoot } from '~/islands/ui/IslandRoot';

type Props = { cards: readonly ProductCard[] };

const wide = () => window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;

/**
 * Platform cards. From 768 px hovering or focusing a card expands it to flex 3 against 1 in a row
 * 24rem tall, and leaving collapses it: one card, or none, is expanded. Each card's art is drawn at
 * the expanded card's size whatever the card's width, so a resize only reveals more or less of it
 * (no rescaling, no band of background). Below 768 px every card shows its art, title and description
 * stacked. A click or tap anywhere on a card follows its link.
 */
function Cards({ cards }: Props) {
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const expand = (id: number) => wide() && setExpandedId(id);
  const collapseOnLeave = (event: FocusEvent<HTMLUListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setExpandedId(null);
  };

  return (
    <ul
      className="grid gap-4 md:flex md:h-[24rem] md:[container-type:inline-size]"
      onMouseLeave={() => setExpandedId(null)}
      onBlur={collapseOnLeave}
    >
      {cards.map((card) => {
        const expanded = expandedId === card.id;
        // From 768 px a card another one has pushed aside keeps its title only.
        const shrunk = expandedId !== null && !expanded;
        return (
          <li
            key={card.id}
            data-expanded={expanded}
            onMouseEnter={() => expand(card.id)}
            onFocus={() => expand(card.id)}
            className={clsx(
              'relative flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-900 transition-colors hover:border-brand-400/60',
              'md:min-w-0 md:basis-0 md:transition-[flex-grow,border-color] md:duration-500 md:ease-out md:motion-reduce:transition-none',
              expanded ? 'md:grow-[3]' : 'md:grow',
            )}
          >
            <img
              src={card.image}
              alt=""
              width="800"
              height="600"
              loading="lazy"
              // Phones: whole in width above the text. From 768 px: as wide as an expanded card (three
              // fifths of the row less its share of the two gaps), centred and cropped by the card.
              className="aspect-[4/3] w-full object-cover object-top md:absolute md:left-1/2 md:top-0 md:aspect-auto md:h-full md:w-[calc(60cqw-1.2rem)] md:max-w-none md:-translate-x-1/2"
            />
            <div className="absolute inset-0 hidden bg-gradient-to-t from-ink-900 via-ink-900/75 to-ink-900/10 md:block" />
            <a
              href={card.path}
              className="flex flex-1 flex-col justify-end p-6 text-white no-underline after:absolute after:inset-0 hover:text-white"
            >
              <span className="relative text-xl font-semibold">{card.title}</span>
              <span
                className={clsx(
                  'relative mt-2 max-w-md text-sm leading-relaxed text-slate-200',
                  'md:max-h-40 md:overflow-hidden md:transition-[max-height,opacity] md:duration-500 md:motion-reduce:transition-none',
                  shrunk && 'md:max-h-0 md:opacity-0',
                )}
              >
                {card.text}
              </span>
              <span className="relative mt-3 text-sm font-semibold text-brand-300" aria-hidden="true">
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
