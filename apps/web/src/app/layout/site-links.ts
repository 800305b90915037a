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
