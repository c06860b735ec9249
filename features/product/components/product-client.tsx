'use client';

/**
 * The product page's client islands in one module, so that they load as one async chunk
 * (./product-islands.tsx; issue #30): every product page renders all of them, and one chunk
 * compresses better than several and costs a listing (same route) one loader instead of several.
 */
export { ProductGallery } from './product-gallery';
export { PurchasePanel } from './purchase-panel';
export { RecentlyViewed } from './recently-viewed';
export { ReviewFormLauncher } from './review-form-launcher';
export { ProductSelectionProvider } from './product-selection';
export { SizeChart } from './size-chart';
