import type { ReactNode } from 'react';

/** Web addresses in a line: http(s) only; anything else stays text. */
const LINK_PATTERN = /https?:\/\/[^\s<>"']+/gi;

/** Whether `address` is on a host the merchant allows (the host itself or a subdomain of it). */
export function isAllowedLink(address: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/**
 * A chat line as text: React escapes it, so markup shows as typed and never renders. Links are
 * clickable only when their host is on the merchant's allow-list; others stay plain text.
 */
export function ChatText({ text, linkHosts }: { text: string; linkHosts: readonly string[] }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const address = match[0];
    const start = match.index ?? 0;
    if (!isAllowedLink(address, linkHosts)) continue;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a
        key={start}
        href={address}
        target="_blank"
        rel="noopener noreferrer nofollow"
        style={{ color: 'var(--mantine-color-anchor)' }}
      >
        {address}
      </a>,
    );
    last = start + address.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
