import { describe, expect, it } from 'vitest';
import { ogCardSvg, wrapText } from '../../src/integrations/og-card';
import { ogImagePath } from '../../src/lib/og-path';

describe('Open Graph previews', () => {
  it('live at /og/<page>.png, the home page at /og/home.png', () => {
    expect(ogImagePath('/')).toBe('/og/home.png');
    expect(ogImagePath('/iip')).toBe('/og/iip.png');
    expect(ogImagePath('/smart-vision/')).toBe('/og/smart-vision.png');
  });

  it('wrap a title on word boundaries and end a cut one with an ellipsis', () => {
    expect(wrapText('Edge AI for drones and UAVs', 12, 3)).toEqual(['Edge AI for', 'drones and', 'UAVs']);
    expect(wrapText('one two three four five six', 7, 2)).toEqual(['one two', 'three…']);
  });

  it('draw the title and escape markup in it', () => {
    const svg = ogCardSvg({ siteName: 'EdgeCraft AI', title: 'Security & <Surveillance>', description: '', url: 'x' });
    expect(svg).toContain('>Security &amp;</tspan>');
    expect(svg).toContain('>&lt;Surveillance&gt;</tspan>');
    expect(svg).not.toContain('<Surveillance>');
    expect(svg).toContain('width="1200" height="630"');
  });
});
