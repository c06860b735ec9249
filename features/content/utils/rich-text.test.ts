/**
 * Spec §7 Content "safe rich text": `<script>`, event handlers and `javascript:` links fed through
 * article content come out inert; ordinary markdown keeps its structure.
 */
import { describe, expect, it } from 'vitest';
import { renderRichText } from './rich-text';

describe('renderRichText', () => {
  it('renders markdown headings, lists, tables and links', () => {
    const html = renderRichText(
      '## Доставка\n\n- курьер\n- СДЭК\n\n| Способ | Срок |\n| --- | --- |\n| Курьер | 1 день |\n\n[Оферта](/publick-offer)',
    );
    expect(html).toContain('<h2>Доставка</h2>');
    expect(html).toContain('<li>курьер</li>');
    expect(html).toContain('<th scope="col">Способ</th>');
    expect(html).toContain('<a href="/publick-offer">Оферта</a>');
  });

  it('removes <script> with its code, event handlers, iframes and styles from markdown and HTML', () => {
    for (const format of ['markdown', 'html'] as const) {
      const html = renderRichText(
        'Текст <script>alert("xss")</script><img src="https://x.ru/a.png" onerror="alert(1)"><iframe src="https://evil.ru"></iframe><p style="color:red" onclick="alert(2)">абзац</p>',
        format,
      );
      expect(html).not.toMatch(/<script|alert|onerror|onclick|<iframe|style=/i);
      expect(html).toContain('абзац');
      expect(html).toContain('<img src="https://x.ru/a.png"');
    }
  });

  it('makes javascript:, data: and vbscript: links inert', () => {
    const html = renderRichText(
      '[нажми](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">тоже</a> <a href="data:text/html;base64,PHNjcmlwdD4=">данные</a> <a href=" vbscript:msgbox(1)">vb</a> <img src="javascript:alert(3)">',
    );
    expect(html).not.toMatch(/javascript:|data:|vbscript:/i);
    expect(html).toContain('нажми');
    expect(html).toContain('тоже');
  });

  it('opens external links in a new tab without opener and demotes h1', () => {
    const html = renderRichText('# Заголовок\n\n[Telegram](https://t.me/lumiere_beach)');
    expect(html).toContain('<h2>Заголовок</h2>');
    expect(html).toContain(
      '<a href="https://t.me/lumiere_beach" target="_blank" rel="noopener noreferrer">Telegram</a>',
    );
  });
});
