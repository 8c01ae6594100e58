import { describe, expect, it } from 'vitest';
import { excerptParts } from '../../src/lib/search-excerpt';

describe('search excerpt', () => {
  it('splits plain text and the words Pagefind marked as matches', () => {
    expect(excerptParts('Vendor page for <mark>Jetson</mark> Orin Nano and <mark>Jetson</mark> AGX')).toEqual([
      { text: 'Vendor page for ', marked: false },
      { text: 'Jetson', marked: true },
      { text: ' Orin Nano and ', marked: false },
      { text: 'Jetson', marked: true },
      { text: ' AGX', marked: false },
    ]);
  });

  it('keeps a match at the very start or end', () => {
    expect(excerptParts('<mark>INT8</mark> weights')).toEqual([
      { text: 'INT8', marked: true },
      { text: ' weights', marked: false },
    ]);
    expect(excerptParts('runs <mark>FP16</mark>')).toEqual([
      { text: 'runs ', marked: false },
      { text: 'FP16', marked: true },
    ]);
  });

  it('reads escaped characters back as text, so markup in the content is shown, never parsed', () => {
    expect(excerptParts('R&amp;D on &lt;img src=x onerror=alert(1)&gt; &#8212; &#x2014; &quot;ok&quot;')).toEqual([
      { text: 'R&D on <img src=x onerror=alert(1)> — — "ok"', marked: false },
    ]);
  });

  it('leaves an unknown entity as written', () => {
    expect(excerptParts('&notanentity; &#0;')).toEqual([{ text: '&notanentity; &#0;', marked: false }]);
  });
});
