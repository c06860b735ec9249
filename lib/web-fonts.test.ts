// @vitest-environment jsdom
import { FONTS_ATTRIBUTE, FONTS_CACHED_KEY, webFontsScript } from './web-fonts';

/** Issue #30 (lib/web-fonts.ts): Inter from the second page load on, the stand-in before. */
const FACES = [
  { font: "1em 'interLatin'", text: 'A' },
  { font: "1em 'interCyrillic'", text: 'Ж' },
];

function runHeadScript() {
  new Function(webFontsScript(FACES))();
}

function fakeFonts(load: (font: string, text: string) => Promise<unknown[]>) {
  const calls: [string, string][] = [];
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: {
      load: (font: string, text: string) => {
        calls.push([font, text]);
        return load(font, text);
      },
    },
  });
  return calls;
}

async function afterLoad() {
  window.dispatchEvent(new Event('load'));
  await vi.advanceTimersByTimeAsync(1000);
}

const listeners: EventListenerOrEventListenerObject[] = [];

beforeEach(() => {
  // Each run of the script adds its own `load` listener; a test must not fire an earlier test's.
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    if (type === 'load' && listener) listeners.push(listener);
    add(type, listener, options);
  });
  vi.useFakeTimers();
  localStorage.clear();
  document.documentElement.removeAttribute(FONTS_ATTRIBUTE);
});

afterEach(() => {
  for (const listener of listeners.splice(0)) window.removeEventListener('load', listener);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('webFontsScript', () => {
  it('puts Inter in the stack before the first paint once the files were loaded on an earlier page', async () => {
    localStorage.setItem(FONTS_CACHED_KEY, '1');
    const calls = fakeFonts(async () => [{}]);
    runHeadScript();
    expect(document.documentElement.hasAttribute(FONTS_ATTRIBUTE)).toBe(true);
    await afterLoad();
    expect(calls).toEqual([]);
  });

  it('keeps a first visit on the stand-in and fetches both faces a second after the page loaded', async () => {
    const calls = fakeFonts(async () => [{}]);
    runHeadScript();
    expect(document.documentElement.hasAttribute(FONTS_ATTRIBUTE)).toBe(false);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([
      ["1em 'interLatin'", 'A'],
      ["1em 'interCyrillic'", 'Ж'],
    ]);
    expect(localStorage.getItem(FONTS_CACHED_KEY)).toBe('1');
    // This page keeps the stand-in: swapping fonts under the reader would move the text.
    expect(document.documentElement.hasAttribute(FONTS_ATTRIBUTE)).toBe(false);
  });

  it('does not remember the fonts when a face is unknown or its file fails', async () => {
    fakeFonts(async (font) => (font.includes('Cyrillic') ? [] : [{}]));
    runHeadScript();
    await afterLoad();
    expect(localStorage.getItem(FONTS_CACHED_KEY)).toBeNull();

    fakeFonts(async (font) => {
      if (font.includes('Latin')) throw new DOMException('network', 'NetworkError');
      return [{}];
    });
    runHeadScript();
    await afterLoad();
    expect(localStorage.getItem(FONTS_CACHED_KEY)).toBeNull();
  });

  it('leaves the page on the stand-in when storage is unavailable', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const calls = fakeFonts(async () => [{}]);
    expect(runHeadScript).not.toThrow();
    await afterLoad();
    expect(document.documentElement.hasAttribute(FONTS_ATTRIBUTE)).toBe(false);
    expect(calls).toEqual([]);
  });
});
