/** Types of ./process-tree.mjs (see its docstring). */
export function processTree(pid: number): number[];
export function isRunning(pid: number): boolean;
export function stopTrees(roots: number[], options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<number>;
