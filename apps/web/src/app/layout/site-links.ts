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

/** App QR codes (left bar): only the platforms whose resource has a QR image. */
export function appQrResources(status: SystemStatus | undefined) {
  return [
    { platform: 'Android', resource: resourceOf(status, resourceTypes.android) },
    { platform: 'iOS', resource: resourceOf(status, resourceTypes.ios) },
  ].filter((entry) => Boolean(entry.resource));
}
