import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Width and height of an SVG under public/, from its root element, so its <img> or <source> reserves the space. */
export function svgSize(publicPath: string): { width: number; height: number } {
  const file = join(process.cwd(), 'public', publicPath);
  const root = /<svg\b[^>]*>/.exec(readFileSync(file, 'utf8'))?.[0] ?? '';
  const attribute = (name: string) => Number(new RegExp(`\\s${name}="(\\d+(?:\\.\\d+)?)"`).exec(root)?.[1]);
  const [width, height] = [attribute('width'), attribute('height')];
  if (!width || !height) throw new Error(`${file}: the <svg> element needs numeric width and height attributes`);
  return { width, height };
}
