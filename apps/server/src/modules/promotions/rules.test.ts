import { promotionCategories, promotionInputSchema } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { demoPromotionSeeds } from './demo-promotions.js';
import { drawRaffle } from './raffle-draw.js';
import { hasAnyLabel, meetsQualifier } from './rewards.js';
import {
  promotionProblem,
  requirementMinorOf,
  rewardMinorOf,
  type StoredWagering,
} from './rules.js';
import { promotionActionOf, promotionStatusOf, type StatusInput } from './status.js';

const wagering: StoredWagering = {
  multiple: 10,
  base: 'bonus',
  categoryWeightsPercent: {},
  maxBetMinor: null,
  expiryDays: 7,
};

describe('promotion rewards', () => {
  it('gives a percent of the deposit up to the cap, nothing below the minimum', () => {
    const reward = {
      kind: 'bonus_percent',
      percentBp: 5_000,
      capMinor: '100000',
      minDepositMinor: '1000',
    } as const;
    expect(rewardMinorOf(reward, 999n)).toBe(0n);
    expect(rewardMinorOf(reward, 1_001n)).toBe(500n);
    expect(rewardMinorOf(reward, 10_000_000n)).toBe(100_000n);
  });

  it('asks the multiple of the bonus, or of bonus and deposit, with two decimals', () => {
    expect(requirementMinorOf(wagering, 5_000n, 10_000n)).toBe(50_000n);
    expect(
      requirementMinorOf(
        { ...wagering, base: 'bonus_plus_deposit', multiple: 1.5 },
        5_000n,
        10_000n,
      ),
    ).toBe(22_500n);
  });
});

describe('promotion statuses (SPEC §4)', () => {
  const base: StatusInput = {
    takeMode: 'join',
    isRaffle: false,
    state: 'active',
    startsAtMs: 1_000,
    endsAtMs: 2_000,
    raffleDrawn: false,
    participation: undefined,
    nowMs: 1_500,
  };
  it('names every state as the spec spells it', () => {
    expect(promotionStatusOf({ ...base, nowMs: 500 })).toBe('coming soon');
    expect(promotionStatusOf(base)).toBe('Join');
    expect(promotionStatusOf({ ...base, takeMode: 'claim' })).toBe('Claim');
    expect(promotionStatusOf({ ...base, participation: { status: 'joined', tickets: 0 } })).toBe(
      'Joined',
    );
    expect(promotionStatusOf({ ...base, participation: { status: 'applying', tickets: 0 } })).toBe(
      'Applying',
    );
    expect(promotionStatusOf({ ...base, participation: { status: 'rejected', tickets: 0 } })).toBe(
      'Rejected',
    );
    expect(
      promotionStatusOf({ ...base, nowMs: 3_000, participation: { status: 'issued', tickets: 0 } }),
    ).toBe('Issued');
    expect(promotionStatusOf({ ...base, participation: { status: 'claimed', tickets: 0 } })).toBe(
      'Claimed',
    );
    expect(promotionStatusOf({ ...base, state: 'paused' })).toBe('Close');
    expect(promotionStatusOf({ ...base, nowMs: 2_000 })).toBe('Close');
    const raffle = { ...base, isRaffle: true, nowMs: 2_500 };
    expect(promotionStatusOf({ ...raffle, participation: { status: 'joined', tickets: 2 } })).toBe(
      'Process',
    );
    expect(
      promotionStatusOf({
        ...raffle,
        raffleDrawn: true,
        participation: { status: 'claimable', tickets: 2 },
      }),
    ).toBe('Claim');
  });

  it('closes a running promotion to a member outside its qualifier, unless they already took part', () => {
    expect(promotionStatusOf({ ...base, eligible: false })).toBe('Close');
    expect(promotionStatusOf({ ...base, eligible: true })).toBe('Join');
    expect(
      promotionStatusOf({
        ...base,
        eligible: false,
        participation: { status: 'issued', tickets: 0 },
      }),
    ).toBe('Issued');
  });

  it('offers the matching button', () => {
    expect(promotionActionOf('Join', 'apply', false)).toBe('apply');
    expect(promotionActionOf('Join', 'join', true)).toBe('join');
    expect(promotionActionOf('Claim', 'join', true)).toBe('claimRaffle');
    expect(promotionActionOf('Rejected', 'apply', false)).toBe('apply');
    expect(promotionActionOf('Issued', 'join', false)).toBeNull();
  });
});

describe('promotion targeting', () => {
  const member = (labels: string[], rankLevel: number) => ({
    labels: async () => labels,
    rankLevel: async () => rankLevel,
    upline: async () => null,
    depositCount: async () => 0,
  });
  const rule = (memberLabels: string[], vipRankMin: number | null) => ({
    newPlayersOnly: false,
    depositNth: null,
    agentIds: [],
    memberLabels,
    vipRankMin,
  });

  it('needs one of the labels (any case) and at least the VIP rank; empty rules hold for all', async () => {
    expect(hasAnyLabel(['High Roller'], ['high roller '])).toBe(true);
    expect(await meetsQualifier(rule([], null), member([], 0))).toBe(true);
    expect(await meetsQualifier(rule(['VIP'], null), member(['new'], 9))).toBe(false);
    expect(await meetsQualifier(rule(['VIP'], null), member(['vip'], 0))).toBe(true);
    expect(await meetsQualifier(rule([], 3), member([], 2))).toBe(false);
    expect(await meetsQualifier(rule([], 3), member([], 3))).toBe(true);
    expect(await meetsQualifier(rule(['VIP'], 3), member(['VIP'], 1))).toBe(false);
  });
});

describe('raffle draw', () => {
  const seed = 'a'.repeat(64);
  const holders = [
    { memberId: 3n, tickets: 5 },
    { memberId: 1n, tickets: 1 },
    { memberId: 2n, tickets: 0 },
  ];
  it('is a function of the seed and the tickets, one prize per member', () => {
    const winners = drawRaffle(seed, 7n, holders, [300n, 200n, 100n]);
    expect(drawRaffle(seed, 7n, [...holders].reverse(), [300n, 200n, 100n])).toEqual(winners);
    expect(winners).toHaveLength(2);
    expect(new Set(winners.map((winner) => winner.memberId)).size).toBe(2);
    expect(winners.map((winner) => winner.prizeMinor)).toEqual([300n, 200n]);
  });
  it('draws nobody without tickets', () => {
    expect(drawRaffle(seed, 7n, [], [1n])).toEqual([]);
  });
});

describe('demo promotions', () => {
  it('are valid promotions, a handful in every category', () => {
    const seeds = demoPromotionSeeds(Date.UTC(2026, 10, 26));
    for (const seed of seeds)
      expect(promotionProblem(promotionInputSchema.parse(seed)), seed.category).toBeNull();
    expect(new Set(seeds.map((seed) => seed.category))).toEqual(new Set(promotionCategories));
  });
});
