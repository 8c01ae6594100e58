import { describe, expect, it } from 'vitest';
import { formattingMarks, renderDescription, safeHref } from '~/lib/job-description';
import { descriptionText } from '~/lib/job-description-text';

const descriptionHtml = (text: string) => renderDescription(text).html;
const startsWithHeading = (text: string) => renderDescription(text).opensWithHeading;

describe('job descriptions: the Markdown subset', () => {
  it('renders plain text as before: paragraphs from blank lines, line breaks kept', () => {
    expect(descriptionHtml('Own the firmware.\nReview drivers.\n\nBuild rigs.\n')).toBe(
      '<p>Own the firmware.<br>Review drivers.</p><p>Build rigs.</p>',
    );
    expect(descriptionHtml('a\r\nb')).toBe('<p>a<br>b</p>');
  });

  it('renders headings from level 3, lists, bold, italic and links', () => {
    expect(descriptionHtml('# One\n## Two\n### Three\n#### Four')).toBe(
      '<h3>One</h3><h3>Two</h3><h3>Three</h3><h4>Four</h4>',
    );
    expect(descriptionHtml('- C and **Rust**\n- an *RTOS*\n\n3. third\n4. fourth')).toBe(
      '<ul><li>C and <strong>Rust</strong></li><li>an <em>RTOS</em></li></ul><ol start="3"><li>third</li><li>fourth</li></ol>',
    );
    expect(descriptionHtml('- one\n\n- two')).toBe('<ul><li><p>one</p></li><li><p>two</p></li></ul>');
    expect(descriptionHtml('See [our team](https://example.com/team?a=1&b=2) or [privacy](/privacy).')).toBe(
      '<p>See <a href="https://example.com/team?a=1&amp;b=2" rel="nofollow noopener">our team</a> or <a href="/privacy" rel="nofollow noopener">privacy</a>.</p>',
    );
    expect(descriptionHtml('[mail us](mailto:jobs@example.com)')).toContain('href="mailto:jobs@example.com"');
  });

  it('escapes raw HTML, in blocks and inline', () => {
    expect(descriptionHtml('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(descriptionHtml('Hi <img src=x onerror="alert(1)"> **there**')).toBe(
      '<p>Hi &lt;img src=x onerror=&quot;alert(1)&quot;&gt; <strong>there</strong></p>',
    );
    expect(descriptionHtml('<div>\n\n**x**\n\n</div>')).toBe(
      '<p>&lt;div&gt;</p><p><strong>x</strong></p><p>&lt;/div&gt;</p>',
    );
    expect(descriptionHtml('&lt;b&gt; &#60;i&#62;')).toBe('<p>&lt;b&gt; &lt;i&gt;</p>');
  });

  it('keeps dangerous links inert: their text stays, no href', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'javascript&#58;alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example.com',
      '/\\evil.example.com',
    ]) {
      const html = descriptionHtml(`[click](${url}) <${url}>`);
      expect(html, url).not.toContain('<a');
      expect(html, url).not.toMatch(/href|<script/i);
    }
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref(' java\tscript:alert(1)')).toBeNull();
    for (const broken of ['/\t/evil.example/x', '/\n/evil.example/x', 'https://exa\rmple.com/']) {
      expect(safeHref(broken), JSON.stringify(broken)).toBeNull();
    }
    expect(descriptionHtml('[x](</\t/evil.example/x>)')).toBe('<p>x</p>');
  });

  it('shows no images: image syntax becomes its alt text', () => {
    expect(descriptionHtml('![our office](https://example.com/office.jpg) ![x](javascript:alert(1))')).toBe(
      '<p>our office x</p>',
    );
  });

  it('leaves code, quotes, rules, setext headings and definitions as typed', () => {
    expect(descriptionHtml('    indented\n\n```\nfenced\n```\n\n> quote\n\n---\n\nTitle\n===\n\n`x`')).toBe(
      '<p>indented</p><p>```<br>fenced<br>```</p><p>&gt; quote</p><p>---</p><p>Title<br>===</p><p>`x`</p>',
    );
    expect(descriptionHtml('[a]: https://example.com\n[a]')).toBe('<p>[a]: https://example.com<br>[a]</p>');
  });

  it('tells when nesting goes deeper than the page can show, and counts the marks the parser works on', () => {
    expect(renderDescription('- a\n  - b\n    - c').tooDeep).toBe(false);
    expect(renderDescription('- '.repeat(100)).tooDeep).toBe(true);
    expect(formattingMarks('**bold** _it_ [link](https://example.com/a_b) 2 * 3')).toBe(10);
  });

  it('gives the text without marks or headings for the clamp and meta description', () => {
    const text =
      '## About the role\n\nYou will **own** the *firmware*.\n\n### Requirements\n- C\n- [Rust](https://rust-lang.org)';
    expect(descriptionText(text)).toBe('You will own the firmware.\nC\nRust');
    expect(descriptionText('### Only a heading')).toBe('Only a heading');
    expect(descriptionText('a <b>\nc')).toBe('a <b>\nc');
    expect(startsWithHeading(text)).toBe(true);
    expect(startsWithHeading('Plain text\n## later')).toBe(false);
  });

  it('gives the plain text the parser would, for what the board and the job page show', () => {
    const cases = [
      'Own the firmware.\nReview drivers.\n\nBuild rigs.\n',
      '# One\n## Two\ntext #not a heading\n####### seven',
      '- C and **Rust**\n- an *RTOS*\n\n3. third\n4) fourth\n+ plus',
      'See [our team](https://example.com/team?a=1&b=2) or <https://example.com/x>, ![logo](/l.svg).',
      'snake_case_name and _emphasis_ and __strong__ and 2 * 3 * 4',
      '\\*not emphasis\\* &lt;b&gt; &#60;i&#62; &amp;amp; &unknown;',
      '<script>alert(1)</script>\n\n    indented\n> quote\n---',
    ];
    expect(cases.map(descriptionText)).toEqual([
      'Own the firmware.\nReview drivers.\nBuild rigs.',
      'text #not a heading\n####### seven',
      'C and Rust\nan RTOS\nthird\nfourth\nplus',
      'See our team or https://example.com/x, logo.',
      'snake_case_name and emphasis and strong and 2 * 3 * 4',
      '*not emphasis* <b> <i> &amp; &unknown;',
      '<script>alert(1)</script>\nindented\n> quote\n---',
    ]);
  });
});
