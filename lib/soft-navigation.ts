/**
 * Which link clicks the shop turns into client-side navigations (issue #34 item 4, "Navigation
 * feels like one app"; docs/navigation.md). The shop's links stay plain `<a href>` (they work
 * without JavaScript and for crawlers); once the page has hydrated, a click on one of them that
 * the browser would follow to another page of the shop is handed to the App Router instead, so
 * the header (the shopper's name, the basket counter) stays as it is and the spec's loading bar
 * (§4 Data reloads) can show while the next page loads.
 */

/** The parts of a click that decide (a `MouseEvent` fits). */
export type LinkClick = {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
};

/**
 * Paths served by something other than a shop page (route handlers, files, the media proxy and
 * Next's assets): the router would only fall back to a full load for them.
 */
const NOT_A_PAGE = /^\/(?:api|media|_next|auth)(?:\/|$)|\.[a-z0-9]{1,5}$/i;

/** The anchor a click landed in, or null. */
export function anchorOf(target: EventTarget | null): HTMLAnchorElement | null {
  const anchor = (target as Element | null)?.closest?.('a[href]');
  return anchor instanceof HTMLAnchorElement ? anchor : null;
}

/**
 * The shop page an anchor leads to, as `pathname + search + hash`, or null when following it is
 * not a navigation between the shop's pages: another origin, a new tab or a download, a link that
 * opts out with `data-full-load`, a path that is not a page ({@link NOT_A_PAGE}), or the current
 * page itself (same path and query: a hash link scrolls, a link to the page itself reloads it).
 * @param current the page's URL (`window.location.href`).
 */
export function pageHref(anchor: HTMLAnchorElement, current: string): string | null {
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  if (anchor.hasAttribute('data-full-load')) return null;
  const here = new URL(current);
  const url = new URL(anchor.href, here);
  if (url.origin !== here.origin || NOT_A_PAGE.test(url.pathname)) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * The shop page a click should open by client-side navigation, or null when the click is the
 * browser's (or already handled: a `next/link`, the «Вход» link opening its popup): a
 * non-primary button or a modifier key (new tab or window), or {@link pageHref} says no.
 */
export function softNavigationTarget(click: LinkClick, current: string): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  const anchor = anchorOf(click.target);
  return anchor ? pageHref(anchor, current) : null;
}

/** The main photo's `sizes` on a product page (features/product/components/product-gallery.tsx). */
export const PRODUCT_PHOTO_SIZES = '(max-width: 1024px) 100vw, 50vw';

/**
 * When `anchor` is a product card (`data-product-card`, components/product-card), starts loading
 * the photo its product page shows first (the page's LCP), at the size the page will ask for,
 * while the page itself is still on its way: the card's photo is the page's main photo, and its
 * `srcset` names the same source in every width. A new document would have found the photo in
 * its HTML's preload at once; a client-side navigation finds it only once the page has rendered.
 */
export function preloadProductPhoto(anchor: HTMLAnchorElement): void {
  if (!anchor.hasAttribute('data-product-card')) return;
  const srcset = anchor.querySelector('img[srcset]')?.getAttribute('srcset');
  if (!srcset) return;
  const photo = new Image();
  photo.fetchPriority = 'high';
  photo.sizes = PRODUCT_PHOTO_SIZES;
  photo.srcset = srcset;
}

/** The URL the last client-side Back/Forward (`popstate`) went to, until a page consumes it. */
let traversedTo: string | null = null;
/** The document's own URL and whether a page has asked about its load yet. */
let documentHref: string | null = null;
let documentAsked = false;
if (typeof window !== 'undefined') {
  documentHref = window.location.href;
  // Loaded with every shop page (the loading bar), so it hears a Back before the page mounts.
  window.addEventListener('popstate', () => {
    traversedTo = window.location.href;
  });
}

/**
 * Whether the page now shown was reached with the browser's Back or Forward button: by a
 * client-side traversal to this URL (answered once), or, for the first page to ask in a
 * document still at its own URL, by the document's load (`back_forward` navigation timing).
 * A listing uses it to restore its appended cards and scroll (features/catalog ShowMore).
 */
export function arrivedByHistory(): boolean {
  const first = !documentAsked;
  documentAsked = true;
  if (traversedTo !== null && traversedTo === window.location.href) {
    traversedTo = null;
    return true;
  }
  if (!first || window.location.href !== documentHref) return false;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward';
}
