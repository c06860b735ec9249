/**
 * Size grids by product type (spec §3 offer features): which features an offer has and what
 * they are called. Swimwear separates have `top` and `bottom` grids instead of `size`.
 */
import type { ProductType } from '../db/schema';

const range = (from: number, to: number, step: number, suffix = ''): string[] => {
  const out: string[] = [];
  for (let v = from; v <= to; v += step) out.push(`${v}${suffix}`);
  return out;
};

export const RU_WOMEN = range(40, 54, 2);
export const RU_MEN = range(46, 56, 2);
export const LETTER = ['XS', 'S', 'M', 'L', 'XL'];
export const BRA = ['70A', '70B', '75A', '75B', '75C', '80B', '80C', '85C'];
export const SHOES_WOMEN = range(35, 41, 1);
export const SHOES_MEN = range(39, 46, 1);
export const SHOES_KIDS = range(24, 35, 1);
export const KIDS_HEIGHT = range(92, 152, 6, ' см');
export const ONE_SIZE = ['ONE SIZE'];

/** A type's grid: `separates` = top + bottom (swimwear sold as separates), else one `size` list. */
export type SizeGrid = { kind: 'separates'; top: string[]; bottom: string[] } | { kind: 'size'; sizes: string[] };

/** The full grid of a product type; a product uses a contiguous part of it (sizes.ts `pickSizes`). */
export function gridFor(type: ProductType): SizeGrid {
  switch (type) {
    case 'swimsuit-separate':
      return { kind: 'separates', top: LETTER, bottom: LETTER };
    case 'bra':
      return { kind: 'size', sizes: BRA };
    case 'panties':
      return { kind: 'size', sizes: LETTER };
    case 'shoes':
    case 'sandals':
    case 'boots':
      return { kind: 'size', sizes: SHOES_WOMEN };
    case 'men-shoes':
      return { kind: 'size', sizes: SHOES_MEN };
    case 'kids-shoes':
      return { kind: 'size', sizes: SHOES_KIDS };
    case 'kids-swimwear':
    case 'kids-clothing':
      return { kind: 'size', sizes: KIDS_HEIGHT };
    case 'bag':
    case 'hat':
    case 'sunglasses':
    case 'jewelry':
    case 'belt':
    case 'scarf':
    case 'men-accessory':
      return { kind: 'size', sizes: ONE_SIZE };
    case 'men-swim-shorts':
    case 'men-tshirt':
    case 'men-shirt':
    case 'men-trousers':
    case 'men-outerwear':
      return { kind: 'size', sizes: RU_MEN };
    default:
      return { kind: 'size', sizes: RU_WOMEN };
  }
}
