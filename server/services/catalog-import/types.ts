/**
 * Shapes shared by the catalogue importers (issue #15 "Bring the real catalogue"): the YML parser
 * (yml.ts) and the CommerceML parser (commerceml.ts) turn their documents into {@link ImportProduct}
 * records; the writer (writer.ts) upserts them in batches and fills an {@link ImportReport}.
 */
import type { GoodsVatRate } from './tax';

/** A category (YML `<category>`, 1C `Группа`) as the feed names it. */
export interface ImportCategory {
  /** YML category id / 1C group Ид. */
  extId: string;
  name: string;
  parentExtId?: string;
}

/**
 * A sellable size of a product in one colour: a YML `<offer>`, a 1C `Предложение`. Fields left
 * undefined are not named by the feed: an existing size keeps its value (`СодержитТолькоИзменения`).
 */
export interface ImportVariant {
  /** YML offer id / 1C Предложение Ид ("товар#характеристика"): the size's ext_id. */
  extId: string;
  color?: string;
  /** The size; '' when the feed names a size property with no value (reported, never invented). */
  size?: string;
  /** Rubles. */
  price?: number;
  /** Rubles, the price before the discount. */
  oldPrice?: number;
  /** Pieces in stock. */
  stock?: number;
  /** Picture addresses of this colour (absolute URLs or local file paths). */
  pictures?: string[];
}

/** A product with its sizes; undefined fields are not named by the feed (kept when updating). */
export interface ImportProduct {
  /** YML group_id (or the offer id when there is no group) / 1C Товар Ид. */
  extId: string;
  name?: string;
  categoryExtId?: string;
  /** YML `vendor` / 1C `Изготовитель`: becomes the brand unless it is a placeholder or a legal name. */
  brand?: string;
  /** The retailer's article: 1C `Артикул`, YML `vendorCode` (issue #28). */
  article?: string;
  /** Plain text (sanitised from the feed's HTML). */
  description?: string;
  material?: string;
  composition?: string;
  country?: string;
  /** Pictures of the product as a whole (1C `Картинка`), shown for every colour without its own. */
  pictures?: string[];
  /**
   * Issue #29: VAT rate of the product in receipts (tax.ts): 1C `СтавкиНалогов` / «СтавкаНДС»,
   * YML `<vat>`; null: a value the shop does not know (reported), the shop default applies;
   * undefined: not named, the product keeps its rate.
   */
  vatRate?: GoodsVatRate | null;
  /**
   * Issue #29: goods under mandatory marking (Честный ЗНАК) by a property of the feed; undefined:
   * not named, kept. A shop category of IMPORT_MARKING_CATEGORIES marks the product whatever this says.
   */
  markingRequired?: boolean;
  variants: ImportVariant[];
  /**
   * The product's price over all its offers, when the parser knows it beforehand (a YML group may
   * be split across batches; each batch must write the same product row). Rubles.
   */
  groupPrice?: { price: number; oldPrice: number | null };
  /** Colour names of all the product's offers, for search (same reason). */
  groupColors?: string[];
}

/** One offer or product the import left out, with the reason in Russian. */
export interface SkippedItem {
  /** Feed id of the offer or product. */
  id: string;
  name?: string;
  reason: string;
  /** Offers of the file this skip accounts for (1 for an offer; a product's offers; 0). */
  offers: number;
}

/** What an import did (printed by the CLI, returned by the 1C exchange, kept in import_runs). */
export interface ImportReport {
  source: 'yml' | 'commerceml';
  input: string;
  /** `merged`: earlier products whose every size now belongs to another product (e.g. grouped by model), removed. */
  products: { created: number; updated: number; unchanged: number; merged: number };
  sizes: { created: number; updated: number; unchanged: number };
  categories: { created: number };
  skipped: SkippedItem[];
  /** Offers (sizes) read from the file: every one is written (created/updated/unchanged), skipped or deferred. */
  offers: number;
  /** Offers of new goods without a price yet, waiting for the prices file of the same 1C exchange. */
  deferred: number;
  /**
   * What the owner should know that is not a skipped item (issue #28): property values that are
   * references the classifier does not resolve (left out), a vendor standing on nearly every
   * offer, pictures not fetched again yet. Russian, one line each.
   */
  notes: string[];
  /**
   * Pictures: stored now, reused from earlier imports, failed (`url` as the feed names it, a file
   * of the upload relative to it), and how many of the failed were not fetched again because they
   * failed within IMPORT_PICTURE_RETRY_HOURS.
   */
  pictures: {
    stored: number;
    reused: number;
    notRetried: number;
    failed: { url: string; product: string; reason: string }[];
  };
  /** SHA-256 of the imported file (YML), to know an unchanged feed the next time. */
  fileHash?: string;
  /** Set when the file is the same as the last one imported from this input: nothing was read or written. */
  unchangedSince?: string;
  /** Rows the import inserted or updated (0 for a re-import of an unchanged feed). */
  rowsChanged: number;
  ms: number;
}

/** A new, empty report. */
export function emptyReport(source: ImportReport['source'], input: string): ImportReport {
  return {
    source,
    input,
    products: { created: 0, updated: 0, unchanged: 0, merged: 0 },
    sizes: { created: 0, updated: 0, unchanged: 0 },
    categories: { created: 0 },
    skipped: [],
    offers: 0,
    deferred: 0,
    notes: [],
    pictures: { stored: 0, reused: 0, notRetried: 0, failed: [] },
    rowsChanged: 0,
    ms: 0,
  };
}

/** Thrown for input that cannot be imported at all (malformed XML, unreadable file); Russian message. */
export class ImportError extends Error {
  constructor(
    message: string,
    /** 1-based line of the XML error, when known. */
    readonly line?: number,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}
