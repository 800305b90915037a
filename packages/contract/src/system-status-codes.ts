/** Site status (SPEC §4): maintenance has priority over region restriction. */
export const systemStatusCodes = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

/** Resource types of `status.resources` (SPEC §3 Resource): see site-resources.ts. */
export { type KnownResourceType, resourceTypes } from './site-resources.js';
