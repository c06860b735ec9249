/** Types of ./request-deadline.mjs (see its docstring). */
import type { ServerResponse } from 'node:http';
export function armDeadline(res: ServerResponse, ms: number, answer: (res: ServerResponse) => void): void;
