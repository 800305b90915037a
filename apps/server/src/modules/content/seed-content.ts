import type { AnnouncementType } from '@app/contract';
import type { Db } from '../../db/database.js';
import { createContentRepository } from './repository.js';
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
      link: '/register',
    },
    {
      title: 'Live casino, live now',
      sub: 'Baccarat, roulette and sic bo with real dealers',
      from: '#0f766e',
      to: '#2563eb',
      link: null,
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
      link: '/register',
    },
    {
      title: 'Sòng bài trực tiếp',
      sub: 'Baccarat, roulette và tài xỉu với người chia bài thật',
      from: '#0f766e',
      to: '#2563eb',
      link: null,
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
  ],
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Real-looking content for the demo merchant in English and Vietnamese, written through the
 * service (so it is sanitized like an operator's). Loaded once: a merchant that already has
 * announcements is left alone.
 */
export async function seedDemoContent(db: Db, merchantCode: string): Promise<void> {
  const content = createContentService(createContentRepository(db));
  if (await content.hasAnyContent(merchantCode, 'EN')) return;
  const now = Date.now();
  for (const language of ['EN', 'VI'] as const) {
    for (const [index, banner] of banners[language].entries()) {
      await content.addBanner({
        merchantCode,
        language,
        groupName: 'home',
        title: banner.title,
        imageUrl: svgBanner(banner.from, banner.to, banner.title, banner.sub),
        linkageType: banner.link ? 'url' : null,
        link: banner.link,
        sort: index,
      });
    }
    for (const [index, title] of announcementTitles[language].entries()) {
      const type = announcementKinds[index] ?? 'PL';
      await content.addAnnouncement({
        merchantCode,
        language,
        type,
        title,
        contentHtml: announcementBodies[language](title),
        // No demo popup: it would open over every first page after login; an operator flags one.
        popup: false,
        publishedAt: new Date(now - (index + 1) * DAY_MS),
      });
    }
    for (const [index, article] of helpArticles[language].entries()) {
      await content.addHelpArticle({
        merchantCode,
        language,
        tag: article.tag,
        title: article.title,
        contentHtml: article.html,
        sort: index,
      });
    }
  }
}
