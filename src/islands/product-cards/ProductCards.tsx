import type { ProductCard } from '~/site';
import { IslandRoot } from '~/islands/ui/IslandRoot';

type Props = { cards: readonly ProductCard[] };

/**
 * Platform cards: three cards of one size, each with its art, title and description in view on every
 * screen (a phone has no hover to reveal them); the whole card links to its product page.
 */
function Cards({ cards }: Props) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {cards.map((card) => (
        <li
          key={card.id}
          className="relative flex min-h-[17rem] flex-col overflow-hidden rounded-2xl border border-white/10 bg-ink-900 transition-colors hover:border-brand-400/60 md:min-h-[24rem]"
        >
          <img
            src={card.image}
            alt=""
            width="800"
            height="600"
            loading="lazy"
            // The art is drawn whole in width at the top of the card; the text sits on the gradient below it.
            className="absolute inset-0 h-full w-full object-contain object-top"
          />
          <div className="absolute inset-0 bg-gradient-to-t from-ink-900 via-ink-900/75 to-ink-900/10" />
          <a
            href={card.path}
            className="relative flex flex-1 flex-col justify-end p-6 text-white no-underline hover:text-white"
          >
            <span className="text-xl font-semibold">{card.title}</span>
            <span className="mt-2 max-w-md text-sm leading-relaxed text-slate-200">{card.text}</span>
            <span className="mt-3 text-sm font-semibold text-brand-300" aria-hidden="true">
              Explore →
            </span>
          </a>
        </li>
      ))}
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
