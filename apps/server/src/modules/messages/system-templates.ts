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

/** Event type -> template. One line per event type. */
export const SYSTEM_MESSAGE_TEMPLATES: { [T in EventType]?: SystemTemplate<T> } = {
  'withdrawal.paid': withdrawalPaid,
  'withdrawal.rejected': withdrawalRejected,
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
    titles[language] = fill(texts.title, params, false);
    // The body is served as HTML: the values (an operator's reason) go in escaped.
    contents[language] = `<p>${fill(escapeHtml(texts.body), params, true)}</p>`;
  }
  return { memberId, sourceKey: `${event.type}:${sourceId}`, titles, contents };
}
