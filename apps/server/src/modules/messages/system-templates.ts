import { formatAmount, minorToAmount } from '@app/contract';
import type { TextsByLanguage } from '../../db/types.js';
import type { EventPayload, EventType, StoredEvent } from '../events/index.js';

/**
 * System messages: which event writes which message (issue 21). Each entry names the event type,
 * whose message it is, the key that makes it once per event, and its texts per language with
 * `{name}` placeholders. Adding one (`bonus.granted`, `agent-contract.offered`) is one entry.
 */
type TemplateLanguage = 'EN' | 'VI' | 'CN' | 'ID' | 'PT' | 'PT-BR' | 'TH';
type Texts = Record<TemplateLanguage, { title: string; body: string }>;

interface SystemTemplate<T extends EventType> {
  /** The member the message goes to and the source id that keeps it unique. */
  target(payload: EventPayload<T>): { memberId: string; sourceId: string };
  /** Values of the placeholders, already formatted for reading. */
  params(payload: EventPayload<T>): Record<string, string>;
  texts: Texts;
}

function money(currency: string, amountMinor: string): string {
  return `${formatAmount(minorToAmount(BigInt(amountMinor)))} ${currency}`;
}

const withdrawalPaid: SystemTemplate<'withdrawal.paid'> = {
  target: (payload) => ({ memberId: payload.memberId, sourceId: payload.withdrawalId }),
  params: (payload) => ({ amount: money(payload.currency, payload.amountMinor) }),
  texts: {
    EN: {
      title: 'Withdrawal paid',
      body: 'Your withdrawal of {amount} has been approved and paid.',
    },
    VI: {
      title: 'Rút tiền thành công',
      body: 'Yêu cầu rút {amount} của bạn đã được duyệt và thanh toán.',
    },
    CN: { title: '提款已支付', body: '您的 {amount} 提款已获批准并支付。' },
    ID: {
      title: 'Penarikan dibayar',
      body: 'Penarikan Anda sebesar {amount} telah disetujui dan dibayarkan.',
    },
    PT: {
      title: 'Levantamento pago',
      body: 'O seu levantamento de {amount} foi aprovado e pago.',
    },
    'PT-BR': {
      title: 'Saque pago',
      body: 'Seu saque de {amount} foi aprovado e pago.',
    },
    TH: { title: 'จ่ายเงินถอนแล้ว', body: 'รายการถอนเงิน {amount} ของคุณได้รับการอนุมัติและจ่ายแล้ว' },
  },
};

const withdrawalRejected: SystemTemplate<'withdrawal.rejected'> = {
  target: (payload) => ({ memberId: payload.memberId, sourceId: payload.withdrawalId }),
  params: (payload) => ({
    amount: money(payload.currency, payload.amountMinor),
    reason: payload.reason ?? '-',
  }),
  texts: {
    EN: {
      title: 'Withdrawal rejected',
      body: 'Your withdrawal of {amount} was rejected and the amount is back in your wallet. Reason: {reason}',
    },
    VI: {
      title: 'Yêu cầu rút tiền bị từ chối',
      body: 'Yêu cầu rút {amount} của bạn đã bị từ chối và số tiền đã được hoàn lại vào ví. Lý do: {reason}',
    },
    CN: {
      title: '提款被拒绝',
      body: '您的 {amount} 提款已被拒绝，款项已退回您的钱包。原因：{reason}',
    },
    ID: {
      title: 'Penarikan ditolak',
      body: 'Penarikan Anda sebesar {amount} ditolak dan dananya telah kembali ke dompet Anda. Alasan: {reason}',
    },
    PT: {
      title: 'Levantamento recusado',
      body: 'O seu levantamento de {amount} foi recusado e o valor voltou à sua carteira. Motivo: {reason}',
    },
    'PT-BR': {
      title: 'Saque recusado',
      body: 'Seu saque de {amount} foi recusado e o valor voltou para sua carteira. Motivo: {reason}',
    },
    TH: {
      title: 'คำขอถอนเงินถูกปฏิเสธ',
      body: 'คำขอถอนเงิน {amount} ของคุณถูกปฏิเสธ และยอดเงินได้คืนเข้ากระเป๋าของคุณแล้ว เหตุผล: {reason}',
    },
  },
};

const bonusGranted: SystemTemplate<'bonus.granted'> = {
  target: (payload) => ({ memberId: payload.memberId, sourceId: payload.bonusId }),
  params: (payload) => ({
    amount: money(payload.currency, payload.amountMinor),
    turnover: money(payload.currency, payload.requirementMinor),
  }),
  texts: {
    EN: {
      title: 'Bonus received',
      body: 'A bonus of {amount} is in your bonus wallet. Wager {turnover} to turn it into cash; the reward centre shows your progress.',
    },
    VI: {
      title: 'Bạn đã nhận tiền thưởng',
      body: 'Tiền thưởng {amount} đã vào ví thưởng của bạn. Đặt cược đủ {turnover} để chuyển thành tiền mặt; xem tiến độ trong trung tâm phần thưởng.',
    },
    CN: {
      title: '已获得奖金',
      body: '{amount} 奖金已存入您的奖金钱包。完成 {turnover} 的投注流水即可转为现金，进度见奖励中心。',
    },
    ID: {
      title: 'Bonus diterima',
      body: 'Bonus sebesar {amount} ada di dompet bonus Anda. Pasang taruhan senilai {turnover} untuk mengubahnya menjadi uang tunai; pusat hadiah menampilkan kemajuan Anda.',
    },
    PT: {
      title: 'Bónus recebido',
      body: 'Um bónus de {amount} está na sua carteira de bónus. Aposte {turnover} para o converter em dinheiro; o centro de recompensas mostra o progresso.',
    },
    'PT-BR': {
      title: 'Bônus recebido',
      body: 'Um bônus de {amount} está na sua carteira de bônus. Aposte {turnover} para convertê-lo em dinheiro; a central de recompensas mostra o progresso.',
    },
    TH: {
      title: 'ได้รับโบนัสแล้ว',
      body: 'โบนัส {amount} เข้ากระเป๋าโบนัสของคุณแล้ว วางเดิมพันให้ครบ {turnover} เพื่อเปลี่ยนเป็นเงินสด ดูความคืบหน้าได้ที่ศูนย์รางวัล',
    },
  },
};

/** A contract kind as the message names it, per language. */
const contractKindNames: Record<TemplateLanguage, Record<string, string>> = {
  EN: {
    dividend: 'dividend',
    daily: 'daily salary',
    hourly: 'hourly salary',
    realtime: 'real-time salary',
    commission: 'commission',
  },
  VI: {
    dividend: 'chia cổ tức',
    daily: 'lương ngày',
    hourly: 'lương giờ',
    realtime: 'lương thời gian thực',
    commission: 'hoa hồng',
  },
  CN: {
    dividend: '分红',
    daily: '日工资',
    hourly: '时薪',
    realtime: '实时工资',
    commission: '佣金',
  },
  ID: {
    dividend: 'dividen',
    daily: 'gaji harian',
    hourly: 'gaji per jam',
    realtime: 'gaji real-time',
    commission: 'komisi',
  },
  PT: {
    dividend: 'dividendo',
    daily: 'salário diário',
    hourly: 'salário por hora',
    realtime: 'salário em tempo real',
    commission: 'comissão',
  },
  'PT-BR': {
    dividend: 'dividendo',
    daily: 'salário diário',
    hourly: 'salário por hora',
    realtime: 'salário em tempo real',
    commission: 'comissão',
  },
  TH: {
    dividend: 'เงินปันผล',
    daily: 'เงินเดือนรายวัน',
    hourly: 'เงินเดือนรายชั่วโมง',
    realtime: 'เงินเดือนแบบเรียลไทม์',
    commission: 'ค่าคอมมิชชัน',
  },
};

const contractOffered: SystemTemplate<'agent-contract.offered'> = {
  target: (payload) => ({ memberId: payload.memberId, sourceId: payload.contractId }),
  params: (payload) => ({ kind: payload.kind }),
  texts: {
    EN: {
      title: 'New contract offered',
      body: 'Your upline offers you a {kind} contract. Open the agent centre to accept or reject it.',
    },
    VI: {
      title: 'Có hợp đồng mới',
      body: 'Tuyến trên đề nghị bạn một hợp đồng {kind}. Mở trung tâm đại lý để chấp nhận hoặc từ chối.',
    },
    CN: {
      title: '新的合约邀请',
      body: '您的上级向您提供一份{kind}合约。请打开代理中心接受或拒绝。',
    },
    ID: {
      title: 'Kontrak baru ditawarkan',
      body: 'Upline Anda menawarkan kontrak {kind}. Buka pusat agen untuk menerima atau menolaknya.',
    },
    PT: {
      title: 'Novo contrato proposto',
      body: 'O seu superior propõe-lhe um contrato de {kind}. Abra o centro de agente para aceitar ou recusar.',
    },
    'PT-BR': {
      title: 'Novo contrato oferecido',
      body: 'Seu superior oferece um contrato de {kind}. Abra a central do agente para aceitar ou recusar.',
    },
    TH: {
      title: 'มีข้อเสนอสัญญาใหม่',
      body: 'อัปไลน์ของคุณเสนอสัญญา{kind}ให้คุณ เปิดศูนย์เอเจนต์เพื่อยอมรับหรือปฏิเสธ',
    },
  },
};

/** Event type -> template. One line per event type. */
export const SYSTEM_MESSAGE_TEMPLATES: { [T in EventType]?: SystemTemplate<T> } = {
  'withdrawal.paid': withdrawalPaid,
  'withdrawal.rejected': withdrawalRejected,
  'bonus.granted': bonusGranted,
  'agent-contract.offered': contractOffered,
};

export const SYSTEM_MESSAGE_EVENT_TYPES = Object.keys(SYSTEM_MESSAGE_TEMPLATES) as EventType[];

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function fill(template: string, params: Record<string, string>, asHtml: boolean): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return asHtml ? escapeHtml(value) : value;
  });
}

export interface SystemMessage {
  memberId: string;
  sourceKey: string;
  titles: TextsByLanguage;
  contents: TextsByLanguage;
}

/** The message an event writes, in every language, or null when no template names its type. */
export function systemMessageOf(event: StoredEvent): SystemMessage | null {
  const template = SYSTEM_MESSAGE_TEMPLATES[event.type] as SystemTemplate<EventType> | undefined;
  if (!template) return null;
  const payload = event.payload as EventPayload<EventType>;
  const { memberId, sourceId } = template.target(payload);
  const params = template.params(payload);
  const titles: TextsByLanguage = {};
  const contents: TextsByLanguage = {};
  for (const [language, texts] of Object.entries(template.texts)) {
    const kind = params.kind;
    // A contract kind is a word of the message's own language, not a value to show as it is.
    const localParams =
      kind === undefined
        ? params
        : { ...params, kind: contractKindNames[language as TemplateLanguage][kind] ?? kind };
    titles[language] = fill(texts.title, localParams, false);
    // The body is served as HTML: the values (an operator's reason) go in escaped.
    contents[language] = `<p>${fill(escapeHtml(texts.body), localParams, true)}</p>`;
  }
  return { memberId, sourceKey: `${event.type}:${sourceId}`, titles, contents };
}
