/**
 * The schema of the embedded shop API: one file per area, all re-exported here. drizzle-kit reads
 * this folder (drizzle.config.ts) and generates the committed migrations.
 */
export * from './catalog';
export * from './cart';
export * from './content';
export * from './accounts';
export * from './orders';
export * from './landing';
export * from './checkout';
export * from './changes';
export * from './imports';
export * from './shop';
export * from './console';
export * from './reviews';
export * from './notices';
