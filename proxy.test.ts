import { describe, expect, it } from 'vitest';
import { stripTrailingSlashes } from './proxy';

describe('stripTrailingSlashes (spec §2 navigation)', () => {
  it('keeps the root and slash-less paths', () => {
    expect(stripTrailingSlashes('/')).toBeNull();
    expect(stripTrailingSlashes('/kupalniki')).toBeNull();
  });
  it('strips one or more trailing slashes', () => {
    expect(stripTrailingSlashes('/kupalniki/')).toBe('/kupalniki');
    expect(stripTrailingSlashes('/kupalniki/razdelnye///')).toBe('/kupalniki/razdelnye');
    expect(stripTrailingSlashes('//')).toBe('/');
  });
});
