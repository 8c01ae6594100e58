import { OG_HEIGHT, OG_WIDTH } from '../lib/og-path';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits text into at most `maxLines` lines of about `perLine` characters; an overflowing last line ends in "…". */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (`${line} ${word}`.length <= perLine) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]?.replace(/[\s,.:;–-]+$/, '')}…`;
  return kept;
}

/** Title sizes tried in turn until the title fits in three lines; the last one truncates. */
const TITLE_SIZES = [72, 64, 56, 50];
/** Average glyph width of DejaVu Sans Bold as a share of the font size, for wrapping. */
const GLYPH = 0.6;
const TEXT_WIDTH = OG_WIDTH - 160;

export type OgCard = { siteName: string; title: string; description: string; url: string };

/** The SVG of a page's preview: brand background, site name, the title large, the description and the address. */
export function ogCardSvg({ siteName, title, description, url }: OgCard): string {
  let size = TITLE_SIZES[0] ?? 64;
  let lines: string[] = [];
  for (const candidate of TITLE_SIZES) {
    size = candidate;
    lines = wrapText(title, Math.floor(TEXT_WIDTH / (candidate * GLYPH)), 3);
    if (!lines.at(-1)?.endsWith('…')) break;
  }
  const lineHeight = Math.round(size * 1.15);
  const titleTop = 230;
  const descriptionTop = titleTop + (lines.length - 1) * lineHeight + 70;
  const descriptionLines = wrapText(description, 62, 2);
  const font = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b1020"/><stop offset="1" stop-color="#1b2447"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.9" cy="0.1" r="0.7">
      <stop offset="0" stop-color="#22d3ee" stop-opacity="0.35"/><stop offset="1" stop-color="#22d3ee" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#glow)"/>
  <g stroke="#67e8f9" stroke-opacity="0.18" stroke-width="2" fill="none">
    <path d="M940 0v70h120v70h140M1200 480h-90v70h-120v80M1060 630v-40"/>
  </g>
  <g fill="#67e8f9" fill-opacity="0.35"><circle cx="1060" cy="140" r="6"/><circle cx="1110" cy="480" r="6"/><circle cx="990" cy="550" r="6"/></g>
  <rect x="80" y="80" width="56" height="8" rx="4" fill="#22d3ee"/>
  <text x="80" y="140" ${font} font-size="30" font-weight="700" fill="#a5f3fc" letter-spacing="2">${escapeXml(siteName.toUpperCase())}</text>
  <text ${font} font-size="${size}" font-weight="700" fill="#ffffff">
    ${lines.map((line, i) => `<tspan x="80" y="${titleTop + i * lineHeight}">${escapeXml(line)}</tspan>`).join('')}
  </text>
  <text ${font} font-size="28" fill="#cbd5e1">
    ${descriptionLines.map((line, i) => `<tspan x="80" y="${descriptionTop + i * 38}">${escapeXml(line)}</tspan>`).join('')}
  </text>
  <text x="80" y="${OG_HEIGHT - 60}" ${font} font-size="24" fill="#67e8f9">${escapeXml(url)}</text>
</svg>`;
}
