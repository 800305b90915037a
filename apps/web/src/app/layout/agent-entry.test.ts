import type { SystemStatus } from '@app/contract/client';
import { describe, expect, it } from 'vitest';
import { agentEntryOf } from './site-links';

const statusWith = (resources: Array<{ resourceType: string; url: string }>) =>
  ({
    resources: resources.map((resource) => ({ ...resource, qrCodeUrl: null, labelNameEn: null })),
  }) as unknown as SystemStatus;

describe('the agent entry of the avatar menu (SPEC §6)', () => {
  const affiliate = { resourceType: 'AFFILIATE', url: 'https://example.com/affiliate' };

  it('opens the agent centre for an agent', () => {
    expect(agentEntryOf(statusWith([affiliate]), true)).toEqual({ kind: 'centre' });
  });

  it("opens the merchant's affiliate link resource for anyone else", () => {
    expect(agentEntryOf(statusWith([affiliate]), false)).toEqual({
      kind: 'affiliate',
      url: 'https://example.com/affiliate',
    });
  });

  it('shows no entry to a non-agent when there is no usable affiliate resource', () => {
    expect(agentEntryOf(statusWith([]), false)).toBeUndefined();
    expect(
      agentEntryOf(statusWith([{ ...affiliate, url: 'javascript:alert(1)' }]), false),
    ).toBeUndefined();
  });
});
