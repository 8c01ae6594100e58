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
