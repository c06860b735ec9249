/** The shared identifier check: every 8-4-4-4-12 hex guid, as 1C and the database write them. */
import { describe, expect, it } from 'vitest';
import { isGuid } from './common';

describe('isGuid', () => {
  it('takes guids of any version and case, 1C’s included', () => {
    expect(isGuid('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    // 1C's ИдЗначения need not carry an RFC version or variant digit.
    expect(isGuid('00000000-0000-0000-0000-000000000001')).toBe(true);
    expect(isGuid('ABCDEF01-2345-6789-ABCD-EF0123456789')).toBe(true);
  });

  it('refuses order numbers, near misses and guids with anything around them', () => {
    for (const value of [
      'LM-000123',
      '0f8fad5b-d9cb-469f-a165-70867728950',
      '0f8fad5bd9cb469fa16570867728950e',
      ' 0f8fad5b-d9cb-469f-a165-70867728950e',
      '0f8fad5b-d9cb-469f-a165-70867728950e#1',
      '',
    ])
      expect(isGuid(value)).toBe(false);
  });
});
