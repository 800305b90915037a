/** Site status (SPEC §4): maintenance has priority over region restriction. */
export const systemStatusCodes = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

/**
 * Resource types of `status.resources` (SPEC §3 Resource) that the download guide knows: the
 * Android store (or APK) link and the iOS configuration-profile link. Others are shown as links.
 */
export const resourceTypes = { android: 'ANDROID', ios: 'IOS' } as const;
export type KnownResourceType = (typeof resourceTypes)[keyof typeof resourceTypes];
