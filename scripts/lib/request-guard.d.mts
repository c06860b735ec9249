/** Types of ./request-guard.mjs (see its docstring). */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type GuardAnswer = { status: number; headers: Record<string, string>; body: string };
export function russianPage(title: string, text: string): string;
export function isWellEncoded(text: string): boolean;
export function guardRequest(method: string | undefined, rawUrl: string | undefined): GuardAnswer | null;
export function overloadedAnswer(retryAfterS?: number): GuardAnswer;
export function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: GuardAnswer): void;
