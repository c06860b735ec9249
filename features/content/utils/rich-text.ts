/**
 * Safe rich text of content pages: the renderer lives in lib/rich-text.ts so the operator
 * console's article preview (issue #32, `POST /api/admin/articles/preview`) renders with exactly
 * the storefront's renderer and sanitiser.
 */
export { renderRichText } from '@/lib/rich-text';
