import type { Db } from '../../db/database.js';
import { type PromotionSeed, seedPromotions } from './seed-promotions.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A small gradient banner as an inline SVG (no network, no files); the card writes the title. */
function banner(from: string, to: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="400" fill="url(#g)"/><circle cx="1010" cy="90" r="230" fill="#fff" fill-opacity=".1"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function texts(en: [string, string], vi: [string, string], terms: [string, string]) {
  return {
    EN: { title: en[0], content: `<p>${en[1]}</p>`, terms: `<ul><li>${terms[0]}</li></ul>` },
    VI: { title: vi[0], content: `<p>${vi[1]}</p>`, terms: `<ul><li>${terms[1]}</li></ul>` },
  };
}

/** Slots count in full toward wagering, in-house games like dice a tenth, live casino a fifth. */
const WEIGHTS = { RNG: 100, FISH: 100, INHOUSE: 10, LIVE: 20, PVP: 20, SPORTS: 50 };

/** The demo merchant's promotions: a handful in every category, times relative to the seeding. */
export function demoPromotionSeeds(nowMs: number): PromotionSeed[] {
  const running = { startsAtMs: nowMs - DAY_MS, endsAtMs: nowMs + 365 * DAY_MS };
  return [
    {
      category: 'new_player',
      takeMode: 'join',
      sortOrder: 1,
      groupName: 'w_promotions',
      bannerUrl: banner('#6d28d9', '#db2777'),
      ...running,
      texts: texts(
        [
          'Welcome bonus 100%',
          'Join, then make your first deposit: we double it with a bonus of up to 5,000,000 ₫.',
        ],
        [
          'Thưởng chào mừng 100%',
          'Tham gia rồi nạp lần đầu: chúng tôi nhân đôi bằng tiền thưởng tối đa 5.000.000 ₫.',
        ],
        [
          'Wagering 10x the bonus; slots count 100 %, dice 10 %; maximum bet 500,000 ₫ while wagering; 14 days.',
          'Cược 10 lần tiền thưởng; slot tính 100 %, xúc xắc 10 %; cược tối đa 500.000 ₫; 14 ngày.',
        ],
      ),
      qualifier: { newPlayersOnly: true, depositNth: 1 },
      reward: {
        kind: 'bonus_percent',
        percentBp: 10_000,
        capAmount: 5_000_000,
        minDepositAmount: 100_000,
      },
      wagering: {
        multiple: 10,
        base: 'bonus',
        categoryWeightsPercent: WEIGHTS,
        maxBetAmount: 500_000,
        expiryDays: 14,
      },
    },
    {
      category: 'new_player',
      takeMode: 'claim',
      sortOrder: 2,
      bannerUrl: banner('#0ea5e9', '#7c3aed'),
      ...running,
      texts: texts(
        ['Free 20,000 ₫ to start', 'New here? Claim a 20,000 ₫ bonus before your first deposit.'],
        [
          'Tặng 20.000 ₫ khởi đầu',
          'Thành viên mới? Nhận ngay 20.000 ₫ tiền thưởng trước lần nạp đầu.',
        ],
        ['Wagering 20x; 7 days.', 'Cược 20 lần; 7 ngày.'],
      ),
      qualifier: { newPlayersOnly: true },
      reward: { kind: 'bonus_fixed', amount: 20_000 },
      wagering: { multiple: 20, base: 'bonus', categoryWeightsPercent: WEIGHTS, expiryDays: 7 },
    },
    {
      category: 'deposit',
      takeMode: 'join',
      sortOrder: 3,
      bannerUrl: banner('#b45309', '#dc2626'),
      ...running,
      texts: texts(
        [
          'Second deposit 50%',
          'Join and get half of your second deposit as a bonus, up to 2,000,000 ₫.',
        ],
        ['Nạp lần hai 50%', 'Tham gia và nhận 50% lần nạp thứ hai, tối đa 2.000.000 ₫.'],
        [
          'Wagering 8x bonus plus deposit; 14 days.',
          'Cược 8 lần tiền thưởng cộng tiền nạp; 14 ngày.',
        ],
      ),
      qualifier: { depositNth: 2 },
      reward: {
        kind: 'bonus_percent',
        percentBp: 5_000,
        capAmount: 2_000_000,
        minDepositAmount: 100_000,
      },
      wagering: {
        multiple: 8,
        base: 'bonus_plus_deposit',
        categoryWeightsPercent: WEIGHTS,
        expiryDays: 14,
      },
    },
    {
      category: 'deposit',
      takeMode: 'join',
      sortOrder: 4,
      bannerUrl: banner('#0f766e', '#2563eb'),
      startsAtMs: nowMs + 3 * DAY_MS,
      endsAtMs: nowMs + 10 * DAY_MS,
      texts: texts(
        [
          'Weekend reload 20%',
          'Coming soon: 20% on every deposit of the weekend, up to 1,000,000 ₫.',
        ],
        ['Nạp cuối tuần 20%', 'Sắp diễn ra: 20% mỗi lần nạp cuối tuần, tối đa 1.000.000 ₫.'],
        ['Wagering 5x; 7 days.', 'Cược 5 lần; 7 ngày.'],
      ),
      qualifier: {},
      reward: {
        kind: 'bonus_percent',
        percentBp: 2_000,
        capAmount: 1_000_000,
        minDepositAmount: 100_000,
      },
      wagering: { multiple: 5, base: 'bonus', categoryWeightsPercent: WEIGHTS, expiryDays: 7 },
    },
    {
      category: 'daily',
      takeMode: 'claim',
      sortOrder: 5,
      bannerUrl: banner('#16a34a', '#0891b2'),
      ...running,
      texts: texts(
        ['Daily check-in', 'Claim 5,000 ₫ bonus every day.'],
        ['Điểm danh hằng ngày', 'Nhận 5.000 ₫ tiền thưởng mỗi ngày.'],
        ['Once per day (UTC); wagering 5x; 1 day.', 'Mỗi ngày một lần (UTC); cược 5 lần; 1 ngày.'],
      ),
      qualifier: {},
      reward: { kind: 'bonus_fixed', amount: 5_000 },
      wagering: { multiple: 5, base: 'bonus', categoryWeightsPercent: WEIGHTS, expiryDays: 1 },
    },
    {
      category: 'vip',
      takeMode: 'apply',
      sortOrder: 6,
      bannerUrl: banner('#a16207', '#facc15'),
      ...running,
      texts: texts(
        [
          'VIP birthday gift',
          'Send a photo of your ID page with your birthday and receive 200,000 ₫ in cash.',
        ],
        ['Quà sinh nhật VIP', 'Gửi ảnh giấy tờ có ngày sinh và nhận 200.000 ₫ tiền mặt.'],
        ['Reviewed by our team within 24 hours.', 'Được đội ngũ xét duyệt trong 24 giờ.'],
      ),
      qualifier: {},
      reward: { kind: 'cash_fixed', amount: 200_000 },
      wagering: {},
    },
    {
      category: 'other',
      takeMode: 'apply',
      sortOrder: 7,
      bannerUrl: banner('#be185d', '#f59e0b'),
      ...running,
      texts: texts(
        [
          'Share and win',
          'Share our site on social media, send us a screenshot and receive a 50,000 ₫ bonus.',
        ],
        [
          'Chia sẻ nhận thưởng',
          'Chia sẻ trang lên mạng xã hội, gửi ảnh chụp màn hình và nhận 50.000 ₫.',
        ],
        ['The post must be public; wagering 3x.', 'Bài đăng phải công khai; cược 3 lần.'],
      ),
      qualifier: {},
      reward: { kind: 'bonus_fixed', amount: 50_000 },
      wagering: { multiple: 3, base: 'bonus', categoryWeightsPercent: WEIGHTS, expiryDays: 7 },
    },
    {
      category: 'raffle',
      takeMode: 'join',
      sortOrder: 8,
      bannerUrl: banner('#1d4ed8', '#9333ea'),
      startsAtMs: nowMs - DAY_MS,
      endsAtMs: nowMs + 7 * DAY_MS,
      texts: texts(
        [
          'Weekly lucky draw',
          'Join and get one ticket for every 100,000 ₫ of valid bets. Three prizes, drawn provably fair.',
        ],
        [
          'Rút thăm may mắn hằng tuần',
          'Tham gia và nhận một vé cho mỗi 100.000 ₫ cược hợp lệ. Ba giải, quay thưởng minh bạch.',
        ],
        [
          'One prize per member; the seed is published after the draw.',
          'Mỗi thành viên một giải; mã hạt giống được công bố sau khi quay.',
        ],
      ),
      qualifier: {},
      reward: {
        kind: 'raffle',
        ticketEveryAmount: 100_000,
        prizes: [5_000_000, 2_000_000, 1_000_000],
        drawAtMs: nowMs + 7 * DAY_MS + 60 * 60 * 1000,
      },
      wagering: {},
    },
  ];
}

/** Seeds the demo merchant's promotions once (the operator may edit them afterwards). */
export function seedDemoPromotions(db: Db, merchantCode: string): Promise<void> {
  return seedPromotions(db, merchantCode, demoPromotionSeeds(Date.now()));
}
