/** Types of ./admission-gate.mjs (see its docstring). */
export class GateRefusal extends Error {
  constructor(reason: 'full' | 'timeout');
  readonly reason: 'full' | 'timeout';
}

export class AdmissionGate {
  constructor(options: { limit: number; queue: number; timeoutMs: number });
  readonly limit: number;
  readonly queueLimit: number;
  readonly timeoutMs: number;
  readonly active: number;
  readonly load: number;
  readonly stats: { immediate: number; queued: number; full: number; timeout: number };
  acquire(signal?: AbortSignal): Promise<() => void>;
}

export function gateOptionsFromEnv(
  prefix: string,
  defaults: { limit: number; queue: number; timeoutMs: number },
  env?: Record<string, string | undefined>,
): { limit: number; queue: number; timeoutMs: number };
