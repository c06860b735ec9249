/** Issue #15 feeds: XML text rules (XML 1.0 §2.2 characters, §2.4 entities) and cutting. */
import { describe, expect, it } from 'vitest';
import { attributes, cutText, element, xmlEscape } from './xml';
import { parseXml } from './xml-tree.test-utils';

describe('xmlEscape', () => {
  it('escapes the five XML specials', () => {
    expect(xmlEscape(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
  });

  it('drops characters XML 1.0 forbids or discourages, keeps Cyrillic, emoji and ₽', () => {
    expect(xmlEscape('Купальник\u0000\u0001\u001f\u007f\u0085 \uD800«Ночь» 👙 ₽\uFFFE')).toBe('Купальник «Ночь» 👙 ₽');
  });

  it('collapses tabs, newlines and double spaces into one space', () => {
    expect(xmlEscape('\n\tПлатье   миди\r\n')).toBe('Платье миди');
  });

  it('gives text a strict parser reads back unchanged', () => {
    const nasty = 'Топ "Ночь" & <день> \u0002 ]]> &amp;';
    const doc = parseXml(`<a${attributes({ t: nasty })}>${xmlEscape(nasty)}</a>`);
    expect(doc.text).toBe('Топ "Ночь" & <день> ]]> &amp;');
    expect(doc.attrs.t).toBe(doc.text);
  });
});

describe('element', () => {
  it('leaves out empty values and null attributes', () => {
    expect(element('vendor', '  ')).toBe('');
    expect(element('vendor', null)).toBe('');
    expect(element('param', 'M', { name: 'Размер', unit: undefined })).toBe('<param name="Размер">M</param>');
  });
});

describe('cutText', () => {
  it('cuts at a word with an ellipsis, within the limit', () => {
    const cut = cutText('Лёгкое платье миди из льна с поясом', 20);
    expect(cut).toBe('Лёгкое платье миди…');
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(cutText('Коротко', 20)).toBe('Коротко');
  });
});
