import type { SandboxGameCode } from './games.js';
import type { SandboxErrorCode } from './service-interface.js';

/** The play page's own small dictionary (an outside provider brings its own texts). */
export interface SandboxTexts {
  title: string;
  sandboxBadge: string;
  games: Record<SandboxGameCode, string>;
  rules: Record<SandboxGameCode, string>;
  balance: string;
  stake: string;
  limits: string;
  room: string;
  half: string;
  double: string;
  min: string;
  max: string;
  heads: string;
  tails: string;
  spin: string;
  higher: string;
  lower: string;
  roll: string;
  you: string;
  house: string;
  card: string;
  previousCard: string;
  won: string;
  lost: string;
  push: string;
  pending: string;
  history: string;
  noRounds: string;
  playing: string;
  closeHint: string;
  errors: Record<SandboxErrorCode | 'TOO_MANY', string>;
}

export const sandboxTexts: Record<'EN' | 'VI', SandboxTexts> = {
  EN: {
    title: 'Sandbox Games',
    sandboxBadge: 'SANDBOX PROVIDER',
    games: {
      'coin-flip': 'Coin Flip',
      'lucky-wheel': 'Lucky Wheel',
      'hi-lo': 'Hi-Lo',
      'dice-duel': 'Dice Duel',
    },
    rules: {
      'coin-flip': 'Pick heads or tails. A right call pays 1.96x.',
      'lucky-wheel': 'Spin the wheel: the segment under the pointer is your multiplier. RTP 96%.',
      'hi-lo':
        'Will the next card be higher or lower? Ties lose. Pays by the odds, less a 3% edge.',
      'dice-duel': 'Your die against the house die. Higher wins 1.95x, a tie gives the stake back.',
    },
    balance: 'Balance',
    stake: 'Stake',
    limits: 'Limits',
    room: 'Room',
    half: '½',
    double: '×2',
    min: 'Min',
    max: 'Max',
    heads: 'Heads',
    tails: 'Tails',
    spin: 'Spin',
    higher: 'Higher',
    lower: 'Lower',
    roll: 'Roll',
    you: 'You',
    house: 'House',
    card: 'Card',
    previousCard: 'Previous',
    won: 'You won {amount}',
    lost: 'No win this time',
    push: 'Tie: stake returned',
    pending: 'Result recorded; the payout is being confirmed',
    history: 'Last rounds',
    noRounds: 'No rounds yet',
    playing: 'Playing…',
    closeHint: 'Open the game again from the site.',
    errors: {
      TOKEN_INVALID: 'This game link was already used or has expired.',
      SESSION_EXPIRED: 'Your game session has ended.',
      UNKNOWN_GAME: 'This game is not offered by the sandbox provider.',
      BAD_STAKE: 'The stake is outside the limits.',
      BAD_CHOICE: 'That choice is not possible.',
      BUSY: 'A round is still under way.',
      INSUFFICIENT_FUNDS: 'Insufficient balance for this stake.',
      REFUSED: 'The bet was refused by the site.',
      UNAVAILABLE: 'The site did not answer; no money was taken. Please try again.',
      TOO_MANY: 'Too many rounds at once; slow down a little.',
    },
  },
  VI: {
    title: 'Sandbox Games',
    sandboxBadge: 'NHÀ CUNG CẤP THỬ NGHIỆM',
    games: {
      'coin-flip': 'Tung Đồng Xu',
      'lucky-wheel': 'Vòng Quay May Mắn',
      'hi-lo': 'Cao - Thấp',
      'dice-duel': 'Đấu Xúc Xắc',
    },
    rules: {
      'coin-flip': 'Chọn mặt sấp hoặc ngửa. Đoán đúng được trả 1,96 lần.',
      'lucky-wheel': 'Quay bánh xe: ô dưới kim chỉ là hệ số thưởng của bạn. RTP 96%.',
      'hi-lo':
        'Lá bài tiếp theo cao hơn hay thấp hơn? Hòa là thua. Trả theo xác suất, trừ 3% lợi thế nhà cái.',
      'dice-duel':
        'Xúc xắc của bạn đấu với xúc xắc nhà cái. Cao hơn thắng 1,95 lần, hòa được hoàn tiền cược.',
    },
    balance: 'Số dư',
    stake: 'Tiền cược',
    limits: 'Giới hạn',
    room: 'Phòng',
    half: '½',
    double: '×2',
    min: 'Tối thiểu',
    max: 'Tối đa',
    heads: 'Ngửa',
    tails: 'Sấp',
    spin: 'Quay',
    higher: 'Cao hơn',
    lower: 'Thấp hơn',
    roll: 'Đổ xúc xắc',
    you: 'Bạn',
    house: 'Nhà cái',
    card: 'Lá bài',
    previousCard: 'Lá trước',
    won: 'Bạn thắng {amount}',
    lost: 'Lần này không trúng',
    push: 'Hòa: hoàn lại tiền cược',
    pending: 'Kết quả đã ghi nhận; tiền thưởng đang được xác nhận',
    history: 'Các ván gần đây',
    noRounds: 'Chưa có ván nào',
    playing: 'Đang chơi…',
    closeHint: 'Hãy mở lại trò chơi từ trang web.',
    errors: {
      TOKEN_INVALID: 'Liên kết trò chơi này đã được dùng hoặc đã hết hạn.',
      SESSION_EXPIRED: 'Phiên chơi của bạn đã kết thúc.',
      UNKNOWN_GAME: 'Nhà cung cấp thử nghiệm không có trò chơi này.',
      BAD_STAKE: 'Tiền cược nằm ngoài giới hạn.',
      BAD_CHOICE: 'Lựa chọn này không hợp lệ.',
      BUSY: 'Một ván khác vẫn đang diễn ra.',
      INSUFFICIENT_FUNDS: 'Số dư không đủ cho mức cược này.',
      REFUSED: 'Trang web đã từ chối lượt cược.',
      UNAVAILABLE: 'Trang web không phản hồi; chưa trừ tiền. Vui lòng thử lại.',
      TOO_MANY: 'Quá nhiều ván cùng lúc; vui lòng chậm lại.',
    },
  },
};
