/** Types of ./settings.mjs (see its docstring). */
export class SettingsError extends Error {
  constructor(problems: Array<{ name: string; value: string; expected: string }>);
  readonly problems: Array<{ name: string; value: string; expected: string }>;
}

export interface ServeSettings {
  port: number;
  hostname: string | undefined;
  workers: number;
  pageCacheDiskBytes: number;
  microCache: { maxAgeMs: number; maxBytes: number; revalidatedStaleMs: number };
  backgroundRefreshes: number;
  gate: { limit: number; queue: number; timeoutMs: number };
  requestDeadlineMs: number;
  trustedProxies: string;
  distDir: string;
  revalidateSecret: string;
}

export interface StartSettings {
  port: number;
  apiPort: number;
  apiUrl: string;
  externalApi: boolean;
  startEmbeddedApi: boolean;
  database: string;
  siteUrl: string;
  ymId: string;
  revalidateSecret: string | undefined;
  revalidateUrls: string | undefined;
  distDir: string;
}

export function readServeSettings(source?: Record<string, string | undefined>): ServeSettings;
export function readStartSettings(source?: Record<string, string | undefined>): StartSettings;
export function settingsOrExit<T>(read: () => T): T;
