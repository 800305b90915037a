import type { AnnouncementType } from '@app/contract';
import type { Db } from '../../db/database.js';
import { demoHelpTranslations } from './demo-help-translations.js';
import { createContentService } from './service.js';

type Lang = 'EN' | 'VI';

/** A banner drawn as SVG (no network, no files): a gradient, a headline and a line under it. */
function svgBanner(from: string, to: string, headline: string, subline: string): string {
  const xml = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="360" fill="url(#g)"/><circle cx="1040" cy="80" r="220" fill="#fff" fill-opacity=".08"/><circle cx="1120" cy="320" r="140" fill="#fff" fill-opacity=".06"/><text x="72" y="170" font-family="Arial,Helvetica,sans-serif" font-size="64" font-weight="700" fill="#fff">${xml(headline)}</text><text x="72" y="232" font-family="Arial,Helvetica,sans-serif" font-size="30" fill="#fff" fill-opacity=".9">${xml(subline)}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const banners: Record<
  Lang,
  { title: string; sub: string; from: string; to: string; link: string | null }[]
> = {
  EN: [
    {
      title: 'Welcome bonus 100%',
      sub: 'Double your first deposit up to 5,000,000 ₫',
      from: '#6d28d9',
      to: '#db2777',
      link: '/promotions',
    },
    {
      title: 'Provably fair games',
      sub: 'Dice, Mines and Plinko: check every round yourself',
      from: '#0f766e',
      to: '#2563eb',
      link: '/inhouse',
    },
    {
      title: 'Weekly cashback 1.5%',
      sub: 'Every Monday, straight to your wallet',
      from: '#b45309',
      to: '#dc2626',
      link: '/help#deposit',
    },
  ],
  VI: [
    {
      title: 'Thưởng chào mừng 100%',
      sub: 'Nhân đôi lần nạp đầu tiên, tối đa 5.000.000 ₫',
      from: '#6d28d9',
      to: '#db2777',
      link: '/promotions',
    },
    {
      title: 'Trò chơi công bằng',
      sub: 'Xúc xắc, Dò mìn và Plinko: tự kiểm chứng từng ván',
      from: '#0f766e',
      to: '#2563eb',
      link: '/inhouse',
    },
    {
      title: 'Hoàn trả hằng tuần 1,5%',
      sub: 'Mỗi thứ Hai, chuyển thẳng vào ví của bạn',
      from: '#b45309',
      to: '#dc2626',
      link: '/help#deposit',
    },
  ],
};

/** One banner for each other group of SPEC §2 (register, help, the lobbies, promotions...). */
const groupBanners: Record<
  Lang,
  { group: string; title: string; sub: string; from: string; to: string; link: string | null }[]
> = {
  EN: [
    {
      group: 'w_reg',
      title: 'Join in a minute',
      sub: 'Register now and claim your 100% welcome bonus',
      from: '#7c3aed',
      to: '#0ea5e9',
      link: null,
    },
    {
      group: 'w_reg',
      title: 'Invite friends, earn more',
      sub: 'Share your code and get a bonus for every friend',
      from: '#be185d',
      to: '#f59e0b',
      link: null,
    },
    {
      group: 'w_help',
      title: 'How can we help?',
      sub: 'Answers to common questions, and live chat 24/7',
      from: '#1d4ed8',
      to: '#0f766e',
      link: null,
    },
    {
      group: 'w_rng',
      title: 'Slots jackpot week',
      sub: 'Hundreds of slots with jackpots growing every spin',
      from: '#9333ea',
      to: '#e11d48',
      link: null,
    },
    {
      group: 'w_live',
      title: 'Live dealers, real tables',
      sub: 'Baccarat, roulette and sic bo around the clock',
      from: '#0f766e',
      to: '#1e40af',
      link: null,
    },
    {
      group: 'w_fish',
      title: 'Fishing frenzy',
      sub: 'Catch the golden dragon for 500x your shot',
      from: '#0369a1',
      to: '#14b8a6',
      link: null,
    },
    {
      group: 'w_pvp',
      title: 'Card tables, real rivals',
      sub: 'Play against other members in real time',
      from: '#b91c1c',
      to: '#7c2d12',
      link: null,
    },
    {
      group: 'w_sports',
      title: 'Every match, every market',
      sub: 'Football, basketball and tennis with live odds',
      from: '#15803d',
      to: '#1d4ed8',
      link: null,
    },
    {
      group: 'w_esports',
      title: 'Esports season is on',
      sub: 'LoL, Dota 2 and CS2 with in-play betting',
      from: '#4338ca',
      to: '#db2777',
      link: null,
    },
    {
      group: 'w_elott',
      title: 'Draws every minute',
      sub: 'Fast lotteries with results you can verify',
      from: '#a16207',
      to: '#be123c',
      link: null,
    },
    {
      group: 'w_down',
      title: 'Play on the go',
      sub: 'Add the site to your home screen in four steps',
      from: '#334155',
      to: '#0f766e',
      link: null,
    },
    {
      group: 'w_promotions',
      title: 'Promotions for everyone',
      sub: 'Welcome bonus, cashback and weekly rewards',
      from: '#c2410c',
      to: '#9333ea',
      link: null,
    },
    {
      group: 'w_pointMall',
      title: 'Points into rewards',
      sub: 'Every bet earns points; points never expire',
      from: '#0e7490',
      to: '#6d28d9',
      link: null,
    },
    {
      group: 'w_inhouse',
      title: 'Our own games',
      sub: 'Provably fair games made in house',
      from: '#475569',
      to: '#b45309',
      link: null,
    },
  ],
  VI: [
    {
      group: 'w_reg',
      title: 'Tham gia trong một phút',
      sub: 'Đăng ký ngay, nhận thưởng chào mừng 100%',
      from: '#7c3aed',
      to: '#0ea5e9',
      link: null,
    },
    {
      group: 'w_reg',
      title: 'Mời bạn bè, nhận thêm',
      sub: 'Chia sẻ mã và nhận thưởng cho mỗi người bạn',
      from: '#be185d',
      to: '#f59e0b',
      link: null,
    },
    {
      group: 'w_help',
      title: 'Chúng tôi có thể giúp gì?',
      sub: 'Giải đáp thắc mắc thường gặp, hỗ trợ trực tuyến 24/7',
      from: '#1d4ed8',
      to: '#0f766e',
      link: null,
    },
    {
      group: 'w_rng',
      title: 'Tuần lễ nổ hũ',
      sub: 'Hàng trăm game slot, hũ tăng sau mỗi vòng quay',
      from: '#9333ea',
      to: '#e11d48',
      link: null,
    },
    {
      group: 'w_live',
      title: 'Người chia bài thật',
      sub: 'Baccarat, roulette và tài xỉu suốt ngày đêm',
      from: '#0f766e',
      to: '#1e40af',
      link: null,
    },
    {
      group: 'w_fish',
      title: 'Bắn cá cuồng nhiệt',
      sub: 'Bắt rồng vàng, thưởng gấp 500 lần',
      from: '#0369a1',
      to: '#14b8a6',
      link: null,
    },
    {
      group: 'w_pvp',
      title: 'Bàn bài, đối thủ thật',
      sub: 'Đấu với hội viên khác theo thời gian thực',
      from: '#b91c1c',
      to: '#7c2d12',
      link: null,
    },
    {
      group: 'w_sports',
      title: 'Mọi trận đấu, mọi kèo',
      sub: 'Bóng đá, bóng rổ và quần vợt với tỷ lệ trực tiếp',
      from: '#15803d',
      to: '#1d4ed8',
      link: null,
    },
    {
      group: 'w_esports',
      title: 'Mùa thể thao điện tử',
      sub: 'LoL, Dota 2 và CS2, cược trực tiếp',
      from: '#4338ca',
      to: '#db2777',
      link: null,
    },
    {
      group: 'w_elott',
      title: 'Quay số mỗi phút',
      sub: 'Xổ số nhanh, kết quả kiểm chứng được',
      from: '#a16207',
      to: '#be123c',
      link: null,
    },
    {
      group: 'w_down',
      title: 'Chơi mọi lúc mọi nơi',
      sub: 'Thêm trang vào màn hình chính trong bốn bước',
      from: '#334155',
      to: '#0f766e',
      link: null,
    },
    {
      group: 'w_promotions',
      title: 'Khuyến mãi cho mọi người',
      sub: 'Thưởng chào mừng, hoàn trả và quà hằng tuần',
      from: '#c2410c',
      to: '#9333ea',
      link: null,
    },
    {
      group: 'w_pointMall',
      title: 'Đổi điểm lấy quà',
      sub: 'Mỗi lần cược đều có điểm; điểm không hết hạn',
      from: '#0e7490',
      to: '#6d28d9',
      link: null,
    },
    {
      group: 'w_inhouse',
      title: 'Trò chơi của chúng tôi',
      sub: 'Trò chơi công bằng có thể kiểm chứng',
      from: '#475569',
      to: '#b45309',
      link: null,
    },
  ],
};

const announcementTitles: Record<Lang, string[]> = {
  EN: [
    'Welcome to Demo Casino',
    'System maintenance on Sunday 02:00–04:00',
    'New live casino tables are open',
    'Weekly cashback is now 1.5%',
    'Deposits by bank transfer are faster',
    'Responsible gaming tools are available',
    'Updated terms for promotions',
    'Sports betting: new leagues added',
    'Holiday opening hours of customer service',
    'Keep your account safe: never share your password',
    'Fishing games tournament this weekend',
    'Thank you for playing with us',
  ],
  VI: [
    'Chào mừng đến với Demo Casino',
    'Bảo trì hệ thống Chủ nhật 02:00–04:00',
    'Đã mở thêm bàn sòng bài trực tiếp mới',
    'Hoàn trả hằng tuần nay là 1,5%',
    'Nạp tiền qua chuyển khoản ngân hàng nhanh hơn',
    'Công cụ chơi có trách nhiệm đã sẵn sàng',
    'Cập nhật điều khoản khuyến mãi',
    'Cá cược thể thao: thêm giải đấu mới',
    'Giờ làm việc ngày lễ của chăm sóc khách hàng',
    'Giữ an toàn tài khoản: không bao giờ chia sẻ mật khẩu',
    'Giải đấu game bắn cá cuối tuần này',
    'Cảm ơn bạn đã đồng hành cùng chúng tôi',
  ],
};

const announcementBodies: Record<Lang, (title: string) => string> = {
  EN: (title) =>
    `<p><strong>${title}.</strong></p><p>Dear member, thank you for choosing Demo Casino. Please read the details below and contact customer service with any question.</p><ul><li>Applies to every member of the site.</li><li>Times are shown in your local time.</li></ul>`,
  VI: (title) =>
    `<p><strong>${title}.</strong></p><p>Kính gửi quý hội viên, cảm ơn bạn đã chọn Demo Casino. Vui lòng đọc chi tiết bên dưới và liên hệ chăm sóc khách hàng nếu có thắc mắc.</p><ul><li>Áp dụng cho mọi hội viên của trang.</li><li>Thời gian hiển thị theo giờ địa phương của bạn.</li></ul>`,
};

const announcementKinds: AnnouncementType[] = [
  'PU',
  'PL',
  'PL',
  'PR',
  'PL',
  'PL',
  'PR',
  'PL',
  'PL',
  'PL',
  'PR',
  'PL',
];

const helpArticles: Record<Lang, { tag: string; title: string; html: string }[]> = {
  EN: [
    {
      tag: 'account',
      title: 'Creating an account',
      html: '<p>Press <strong>Register</strong>, choose a username of 6–16 letters and digits and a password of 6–20 characters. You are logged in right away.</p>',
    },
    {
      tag: 'deposit',
      title: 'How to deposit',
      html: '<p>Log in, press <strong>Deposit</strong> in the header, pick a payment method and an amount within its limits, then pay on the payment page. Your balance updates when the payment is confirmed.</p>',
    },
    {
      tag: 'withdrawal',
      title: 'How to withdraw',
      html: '<p>Add a bank account in your name, set a payment password, then request a withdrawal. Requests are reviewed and paid in the order they arrive.</p>',
    },
    {
      tag: 'security',
      title: 'Account security',
      html: '<p>Use a password you use nowhere else and change it regularly. We will never ask for your password by phone or chat.</p>',
    },
    {
      tag: 'responsible-gaming',
      title: 'Responsible gaming',
      html: '<p>Play for fun and set yourself limits. If gaming stops being fun, contact customer service to pause your account.</p><p>Players must be 18 or older.</p>',
    },
    {
      tag: 'contact',
      title: 'Contact us',
      html: '<p>Customer service answers 24 hours a day by live chat. Email: <a href="mailto:support@demo.example">support@demo.example</a>.</p>',
    },
    {
      tag: 'terms',
      title: 'Terms and conditions',
      html: '<p>By opening an account you confirm that you are at least 18 years old and that online gaming is legal where you live.</p><ul><li>One account per person; an account may not be shared or sold.</li><li>Deposits and withdrawals use payment accounts in your own name.</li><li>Each bonus carries the wagering shown on its promotion; abusing promotions voids them.</li><li>We may ask for proof of identity before paying a withdrawal.</li><li>This is a demo site: no real money changes hands.</li></ul>',
    },
  ],
  VI: [
    {
      tag: 'account',
      title: 'Tạo tài khoản',
      html: '<p>Nhấn <strong>Đăng ký</strong>, chọn tên đăng nhập 6–16 chữ cái và chữ số và mật khẩu 6–20 ký tự. Bạn được đăng nhập ngay.</p>',
    },
    {
      tag: 'deposit',
      title: 'Cách nạp tiền',
      html: '<p>Đăng nhập, nhấn <strong>Nạp tiền</strong> trên thanh đầu trang, chọn phương thức thanh toán và số tiền trong hạn mức, rồi thanh toán trên trang thanh toán. Số dư được cập nhật khi thanh toán được xác nhận.</p>',
    },
    {
      tag: 'withdrawal',
      title: 'Cách rút tiền',
      html: '<p>Thêm tài khoản ngân hàng đứng tên bạn, đặt mật khẩu thanh toán, rồi gửi yêu cầu rút tiền. Yêu cầu được duyệt và chi trả theo thứ tự.</p>',
    },
    {
      tag: 'security',
      title: 'Bảo mật tài khoản',
      html: '<p>Dùng mật khẩu riêng cho trang này và đổi thường xuyên. Chúng tôi không bao giờ hỏi mật khẩu qua điện thoại hay trò chuyện.</p>',
    },
    {
      tag: 'responsible-gaming',
      title: 'Chơi có trách nhiệm',
      html: '<p>Chơi để giải trí và tự đặt giới hạn. Nếu không còn vui, hãy liên hệ chăm sóc khách hàng để tạm khóa tài khoản.</p><p>Người chơi phải từ 18 tuổi trở lên.</p>',
    },
    {
      tag: 'contact',
      title: 'Liên hệ',
      html: '<p>Chăm sóc khách hàng trực tuyến 24 giờ mỗi ngày. Email: <a href="mailto:support@demo.example">support@demo.example</a>.</p>',
    },
    {
      tag: 'terms',
      title: 'Điều khoản và điều kiện',
      html: '<p>Khi mở tài khoản, bạn xác nhận mình từ 18 tuổi trở lên và trò chơi trực tuyến là hợp pháp nơi bạn sống.</p><ul><li>Mỗi người một tài khoản; không được chia sẻ hay bán tài khoản.</li><li>Nạp và rút tiền bằng tài khoản thanh toán đứng tên bạn.</li><li>Mỗi khoản thưởng có yêu cầu cược ghi trên khuyến mãi; lạm dụng khuyến mãi sẽ bị hủy thưởng.</li><li>Chúng tôi có thể yêu cầu giấy tờ tùy thân trước khi chi trả một lệnh rút tiền.</li><li>Đây là trang demo: không có tiền thật được giao dịch.</li></ul>',
    },
  ],
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** One language's site content, in the order it is shown. */
export interface SiteContentLanguageSeed {
  /** `sort` orders the banners of one group. */
  banners: readonly {
    groupName: string;
    title: string;
    imageUrl: string;
    link: string | null;
    sort: number;
  }[];
  /** Published `publishedDaysAgo` whole days before the seed runs; never a popup. */
  announcements: readonly {
    type: AnnouncementType;
    title: string;
    contentHtml: string;
    publishedDaysAgo: number;
  }[];
  helpArticles: readonly { tag: string; title: string; contentHtml: string }[];
}

/** Site content by language code (`EN`, `VI`...). */
export type SiteContentSeed = Readonly<Record<string, SiteContentLanguageSeed>>;

/**
 * Writes `seed` as a merchant's site content through the service (so it is sanitized like an
 * operator's). A language that already has announcements is left alone, so a second run adds
 * nothing.
 */
export async function seedContent(
  db: Db,
  merchantCode: string,
  seed: SiteContentSeed,
): Promise<void> {
  const content = createContentService(db);
  const now = Date.now();
  for (const [language, data] of Object.entries(seed)) {
    if (await content.hasAnyContent(merchantCode, language)) continue;
    for (const banner of data.banners) {
      await content.addBanner({
        merchantCode,
        language,
        ...banner,
        linkageType: banner.link ? 'url' : null,
      });
    }
    for (const announcement of data.announcements) {
      await content.addAnnouncement({
        merchantCode,
        language,
        type: announcement.type,
        title: announcement.title,
        contentHtml: announcement.contentHtml,
        // No seeded popup: it would open over every first page after login; an operator flags one.
        popup: false,
        publishedAt: new Date(now - announcement.publishedDaysAgo * DAY_MS),
      });
    }
    for (const [index, article] of data.helpArticles.entries()) {
      await content.addHelpArticle({ merchantCode, language, ...article, sort: index });
    }
  }
}

function demoLanguage(language: Lang): SiteContentLanguageSeed {
  return {
    banners: [
      ...banners[language].map((banner, index) => ({
        groupName: 'home',
        title: banner.title,
        imageUrl: svgBanner(banner.from, banner.to, banner.title, banner.sub),
        link: banner.link,
        sort: index,
      })),
      ...groupBanners[language].map((banner, index) => ({
        groupName: banner.group,
        title: banner.title,
        imageUrl: svgBanner(banner.from, banner.to, banner.title, banner.sub),
        link: banner.link,
        sort: index,
      })),
    ],
    announcements: announcementTitles[language].map((title, index) => ({
      type: announcementKinds[index] ?? 'PL',
      title,
      contentHtml: announcementBodies[language](title),
      publishedDaysAgo: index + 1,
    })),
    helpArticles: helpArticles[language].map((article) => ({
      tag: article.tag,
      title: article.title,
      contentHtml: article.html,
    })),
  };
}

/** Real-looking content for the demo merchant in English and Vietnamese. */
export async function seedDemoContent(db: Db, merchantCode: string): Promise<void> {
  await seedContent(db, merchantCode, {
    EN: demoLanguage('EN'),
    VI: demoLanguage('VI'),
    // The other languages the demo offers get the help centre translated; banners and
    // announcements fall back to English.
    ...Object.fromEntries(
      Object.entries(demoHelpTranslations).map(([language, articles]) => [
        language,
        {
          banners: [],
          announcements: [],
          helpArticles: articles.map(({ html, ...article }) => ({ ...article, contentHtml: html })),
        },
      ]),
    ),
  });
}
