/**
 * Pure parser of catalogue URLs (spec §2 "Catalogue sections" and "Product detail").
 *
 * Listing routes of a section S:
 *   /S, /S/tag/{slug?}, /S/{sub}, /S/{sub}/tag/{slug?}, /S/{sub}/{catSub}, /S/{sub}/{catSub}/tag/{slug?}
 *   and, for muzhskoe only, /S/{sub}/{catSub}/{subSub} with /tag/{slug?}.
 * Product routes (pk digits only):
 *   /S/{sub}/{pk}/{slug?}, /S/{sub}/{catSub}/{pk}/{slug?}
 * The spec lists product routes for six sections and says a muzhskoe product route "is not
 * shown"; men's goods are sold all the same, so muzhskoe products use the same two shapes (a pk is
 * digits only and no category slug is, so they never clash with muzhskoe's third listing level).
 * Products of muzhskoe's fourth level live under their third-level ancestor's URL.
 */
import { SECTIONS, type Section } from './constants';

/** A catalogue listing: `path` is the category path without a leading slash ("kupalniki/razdelnye"). */
export type CatalogListingRoute = {
  kind: 'listing';
  section: Section;
  /** Category path without leading slash, the section included: "kupalniki/razdelnye". */
  path: string;
  /** Category slugs below the section: [] for the section itself. */
  segments: string[];
  /** Landing tag slug (`/tag/{slug}`); absent for `/tag` alone and for no tag. */
  tag?: string;
};

/** A product page. */
export type CatalogProductRoute = {
  kind: 'product';
  section: Section;
  /** Category path without leading slash, the section included: "kupalniki/razdelnye/byustgaltery". */
  categoryPath: string;
  /** Product id, digits only. */
  pk: string;
  slug?: string;
};

export type CatalogRoute = CatalogListingRoute | CatalogProductRoute;

const SEGMENT = /^[\p{Ll}\p{Lu}\p{N}_-]+$/u;
const DIGITS = /^\d{1,9}$/;
const TAG = 'tag';

/** True when `value` is one of the seven catalogue sections (spec §2). */
export function isSection(value: string): value is Section {
  return (SECTIONS as readonly string[]).includes(value);
}

/** Deepest category level below the section: 2 everywhere, 3 for muzhskoe (spec §2). */
function maxCategoryDepth(section: Section): number {
  return section === 'muzhskoe' ? 3 : 2;
}

/**
 * Percent-decodes URL path segments for {@link parseCatalogPath}; a segment with a malformed
 * escape ("%E0%A4") is kept as written (it then fails the segment pattern: 404, never an error).
 */
export function decodeSegments(segments: readonly string[]): string[] {
  return segments.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
}

/**
 * Parses a catalogue URL.
 * @param section the first path segment.
 * @param segments the following path segments (URL-decoded, no empty ones); may be undefined.
 * @returns the listing or product route, or `null` for an unknown section or a malformed path
 *   (the caller answers 404).
 */
export function parseCatalogPath(section: string, segments: readonly string[] | undefined): CatalogRoute | null {
  if (!isSection(section)) return null;
  const parts = segments ?? [];
  if (parts.some((part) => !SEGMENT.test(part))) return null;

  const tagIndex = parts.indexOf(TAG);
  if (tagIndex !== -1) {
    const categories = parts.slice(0, tagIndex);
    const rest = parts.slice(tagIndex + 1);
    if (rest.length > 1) return null;
    const listing = listingRoute(section, categories);
    if (!listing) return null;
    const tag = rest[0];
    return tag === undefined ? listing : { ...listing, tag };
  }

  const pkIndex = parts.findIndex((part) => DIGITS.test(part));
  if (pkIndex === -1) return listingRoute(section, parts);

  // A product: one or two category slugs, the pk, an optional slug.
  if (pkIndex < 1 || pkIndex > 2) return null;
  const rest = parts.slice(pkIndex + 1);
  if (rest.length > 1) return null;
  const categories = parts.slice(0, pkIndex);
  const pk = parts[pkIndex] as string;
  const slug = rest[0];
  const route: CatalogProductRoute = {
    kind: 'product',
    section,
    categoryPath: [section, ...categories].join('/'),
    pk,
  };
  return slug === undefined ? route : { ...route, slug };
}

function listingRoute(section: Section, categories: readonly string[]): CatalogListingRoute | null {
  if (categories.length > maxCategoryDepth(section)) return null;
  if (categories.some((part) => DIGITS.test(part) || part === TAG)) return null;
  return { kind: 'listing', section, path: [section, ...categories].join('/'), segments: [...categories] };
}

/**
 * The URL path of a listing: `/kupalniki/razdelnye` or `/kupalniki/razdelnye/tag/leto`.
 * @param path category path without leading slash.
 */
export function listingHref(path: string, tag?: string): string {
  const base = `/${path.replace(/^\/+|\/+$/g, '')}`;
  return tag ? `${base}/${TAG}/${encodeURIComponent(tag)}` : base;
}
