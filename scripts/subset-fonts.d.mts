/** Types of ./subset-fonts.mjs (see its docstring). */
export const WEIGHTS: { min: number; max: number };
export const FEATURES: string[];
export interface SubsetFont {
  /** Output path, relative to the repository. */
  file: string;
  /** File name in @fontsource-variable/inter/files. */
  source: string;
  /** Characters kept. */
  text: string;
}
export const FONTS: SubsetFont[];
export function subset(font: SubsetFont): Promise<Buffer>;
