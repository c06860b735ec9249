'use client';

/**
 * The product page's client islands in one module, imported statically by the server components
 * (./product-view.tsx, ./review-list.tsx), so that they load as one chunk with the product route
 * (issue #30, first-visit JS). Product pages have a cached route of their own
 * (app/(shop)/cached/[key]/product/[section]/[...path], proxy.ts), so a listing no longer shares
 * their chunk and they need no next/dynamic split, whose runtime (~2.2 kB) every catalogue page
 * carried. The islands' click-only dialogs load on `lazyIsland` (lib/lazy-island.tsx).
 */
export { ProductGallery } from './product-gallery';
export { PurchasePanel } from './purchase-panel';
export { RecentlyViewed } from './recently-viewed';
export { ReviewFormLauncher } from './review-form-launcher';
export { ProductSelectionProvider } from './product-selection';
export { SizeChart } from './size-chart';
