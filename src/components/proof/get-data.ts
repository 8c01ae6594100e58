import { getCollection, type CollectionEntry } from 'astro:content';

type Hardware = CollectionEntry<'hardware'>['data'];
type Benchmark = CollectionEntry<'benchmarks'>['data'];

type Row<T> = T & { id: string };
const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/** Supported-hardware rows in table order, optionally only those listed on one product page. */
export async function hardwareRows(product?: Hardware['products'][number]): Promise<Row<Hardware>[]> {
  const rows = (await getCollection('hardware')).map((entry) => ({ ...entry.data, id: entry.id }));
  return rows.filter((row) => !product || row.products.includes(product)).sort(byOrder);
}

/** Benchmark rows in table order for one page. */
export async function benchmarkRows(page: Benchmark['pages'][number]): Promise<Row<Benchmark>[]> {
  const rows = (await getCollection('benchmarks')).map((entry) => ({ ...entry.data, id: entry.id }));
  return rows.filter((row) => row.pages.includes(page)).sort(byOrder);
}

/** One dated change and the parts it applies to (rows whose history has the same change that day). */
export type HardwareChange = { date: Date; change: string; parts: string[] };

/** Every row's history as one changelog: newest day first, a change shared by several rows listed once. */
export async function hardwareChanges(): Promise<HardwareChange[]> {
  const changes = new Map<string, HardwareChange>();
  for (const row of await hardwareRows()) {
    for (const { date, change } of row.history) {
      const key = `${date.toISOString()} ${change}`;
      const entry = changes.get(key) ?? { date, change, parts: [] };
      entry.parts.push(row.part);
      changes.set(key, entry);
    }
  }
  // Newest day first; within a day, the order the rows first name the changes.
  return [...changes.values()].sort((a, b) => b.date.getTime() - a.date.getTime());
}
