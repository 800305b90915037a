import { resourceTypes, type SystemStatus } from '@app/contract/client';

export type SiteResource = SystemStatus['resources'][number];

/** The merchant's resource of a type with a usable http(s) or data-image address, if any. */
export function resourceOf(
  status: SystemStatus | undefined,
  type: string,
): SiteResource | undefined {
  const found = status?.resources.find((resource) => resource.resourceType === type);
  if (!found) return undefined;
  return /^(https?:\/\/|data:image\/)/i.test(found.url) ? found : undefined;
}

/** App QR codes (left bar): the platforms whose resource exists (its picture, or one drawn by the server). */
export function appQrResources(status: SystemStatus | undefined) {
  return [
    { platform: 'Android', resource: resourceOf(status, resourceTypes.android) },
    { platform: 'iOS', resource: resourceOf(status, resourceTypes.ios) },
  ].filter((entry) => Boolean(entry.resource));
}

/** The entries whose resource the merchant has, each with the resource's address. */
export function linkedResources<T extends { type: string }>(
  status: SystemStatus | undefined,
  entries: readonly T[],
): (T & { url: string })[] {
  return entries.flatMap((entry) => {
    const resource = resourceOf(status, entry.type);
    return resource ? [{ ...entry, url: resource.url }] : [];
  });
}

/**
 * What the avatar menu's agent entry does (SPEC §6): an agent opens the agent centre; anyone else
 * opens the merchant's affiliate link resource, and sees no entry when the merchant has none.
 */
export function agentEntryOf(
  status: SystemStatus | undefined,
  isAgent: boolean,
): { kind: 'centre' } | { kind: 'affiliate'; url: string } | undefined {
  if (isAgent) return { kind: 'centre' };
  const affiliate = resourceOf(status, resourceTypes.affiliate);
  return affiliate ? { kind: 'affiliate', url: affiliate.url } : undefined;
}
