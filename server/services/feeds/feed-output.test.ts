/**
 * Issue #28 "feeds out are fast and honest": xml.ts skips its regex replacements for strings with
 * nothing to clean or escape; on random strings of the characters 1C exports carry it must give
 * what the plain regex definition (./reference/xml.test-utils.ts) gives. (The whole feeds were
 * compared byte for byte with the generator before the speed-up when it was made, d4f90fe; the
 * feeds' content is asserted by feeds.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import * as referenceXml from './reference/xml.test-utils';
import * as xml from './xml';

describe('the fast escaping paths equal the plain definition (issue #28)', () => {
  it('escapes random strings as before', () => {
    const alphabet = [
      ' ',
      ' ',
      '\t',
      '\n',
      '\r',
      '\u00a0',
      '\u2003',
      '\ufeff',
      '\u0001',
      '\u007f',
      '\u0085',
      '\ud800',
      '\udc00',
      '\ufffe',
      '😀',
      '&',
      '<',
      '>',
      '"',
      "'",
      'a',
      'Я',
      '1',
      '-',
      '/',
    ];
    let seed = 28;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 20_000; n++) {
      let value = '';
      const length = Math.floor(random() * 12);
      for (let i = 0; i < length; i++) value += alphabet[Math.floor(random() * alphabet.length)];
      expect(xml.cleanText(value)).toBe(referenceXml.cleanText(value));
      expect(xml.xmlEscape(value)).toBe(referenceXml.xmlEscape(value));
      expect(xml.cutText(value, 5)).toBe(referenceXml.cutText(value, 5));
      expect(xml.attributes({ a: value, b: null, c: 1 })).toBe(referenceXml.attributes({ a: value, b: null, c: 1 }));
    }
  });
});
