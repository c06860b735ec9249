/** Types of ./subset-fonts.mjs (see its docstring). */
export const WEIGHTS: { min: number; max: number };
export const FEATURES: string[];
export interface SubsetFont {
  /** Output path, relative to the repository. */
  file: string;
  /** Module path of the source font (resolved from the repository). */
  source: string;
  /** Variation axes pinned to one value besides `wght` (e.g. `{ opsz: 14 }`). */
  pinnedAxes: Record<string, number>;
  /** Characters kept. */
  text: string;
}
export const FONTS: SubsetFont[];
export function subset(font: SubsetFont): Promise<Buffer>;
