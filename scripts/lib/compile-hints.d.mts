/** Types of ./compile-hints.mjs (see its docstring). */
export const COMPILE_HINT: string;
export function addCompileHints(dir: string): { files: number; hinted: number };
