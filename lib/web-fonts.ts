/**
 * Web fonts from the second page load on (issue #30, docs/lighthouse.md "Web fonts from the second
 * visit"). A first visit lays its text out in the metric-matched stand-in 'Inter Fallback' only
 * (app/globals.css); Inter joins the font stack when `<html data-fonts>` is set, which the head
 * script below does before the first paint once the files are known to be in the browser's cache.
 *
 * Why: with `font-display: optional` and no preload, a phone's first page rarely got Inter within
 * the 100 ms block period anyway; but the two pending web faces made Chromium on Linux (where
 * Lighthouse and PageSpeed Insights run) resolve a temporary font and a sandboxed font lookup for
 * every size and weight, and lay the page out again when the files arrived: the first layout of a
 * listing took ~100 ms of the main thread instead of ~35 ms.
 */

/** localStorage key: "1" once both Inter files were loaded on an earlier page of this browser. */
export const FONTS_CACHED_KEY = 'fontsCached';

/** `<html>` attribute that puts the web fonts first in `--font-sans` (app/globals.css). */
export const FONTS_ATTRIBUTE = 'data-fonts';

/**
 * The head script: sets `<html data-fonts>` at once when {@link FONTS_CACHED_KEY} says the files
 * are cached; otherwise, 1 s after the `load` event, it fetches each face through the CSS Font
 * Loading API (`document.fonts.load`, which downloads a face no text uses yet) and stores the key
 * when every face loaded, for the next page load. Storage or font errors leave the stand-in in use.
 * @param faces CSS font shorthands naming one face each, with a sample of its characters, e.g.
 *   `[{ font: "1em 'interLatin'", text: 'A' }]` (family names as next/font reports them)
 * @returns the script's source, for a `<script>` in `<head>` (the CSP allows inline scripts)
 */
export function webFontsScript(faces: { font: string; text: string }[]): string {
  const key = JSON.stringify(FONTS_CACHED_KEY);
  const attribute = JSON.stringify(FONTS_ATTRIBUTE);
  const loads = faces.map((face) => `f.load(${JSON.stringify(face.font)},${JSON.stringify(face.text)})`).join(',');
  return (
    `try{if(localStorage.getItem(${key})==="1")document.documentElement.setAttribute(${attribute},"");` +
    `else addEventListener("load",function(){setTimeout(function(){var f=document.fonts;` +
    `if(f)Promise.all([${loads}]).then(function(r){try{if(r.every(function(l){return l.length>0}))` +
    `localStorage.setItem(${key},"1")}catch(e){}},function(){})},1e3)})}catch(e){}`
  );
}
