/**
 * The banks a member may bind for withdrawals, per the merchant's currency: the site offers them
 * as a list and the server refuses any other name, so operators pay out to banks they can reach.
 * A currency without a list keeps the free-text bank name (any merchant still works).
 */
export const WITHDRAWAL_BANKS_BY_CURRENCY: Readonly<Record<string, readonly string[]>> = {
  VND: [
    'Vietcombank',
    'VietinBank',
    'BIDV',
    'Agribank',
    'Techcombank',
    'MB Bank',
    'ACB',
    'VPBank',
    'Sacombank',
    'TPBank',
    'HDBank',
    'VIB',
    'SHB',
    'Eximbank',
    'OCB',
    'MSB',
    'SeABank',
    'LienVietPostBank',
    'Nam A Bank',
    'Bac A Bank',
  ],
  THB: [
    'Bangkok Bank',
    'Kasikornbank',
    'Krungthai Bank',
    'Siam Commercial Bank',
    'Krungsri (Bank of Ayudhya)',
    'TMBThanachart',
    'Government Savings Bank',
    'UOB Thailand',
    'CIMB Thai',
    'Kiatnakin Phatra Bank',
  ],
  IDR: ['BCA', 'Bank Mandiri', 'BNI', 'BRI', 'CIMB Niaga', 'Bank Danamon', 'Permata Bank', 'BTN'],
  BRL: ['Banco do Brasil', 'Itaú', 'Bradesco', 'Caixa', 'Santander Brasil', 'Nubank', 'Inter'],
};

/** The merchant's list for its currency; empty when the currency has none. */
export function withdrawalBanksOf(currency: string): readonly string[] {
  return WITHDRAWAL_BANKS_BY_CURRENCY[currency.toUpperCase()] ?? [];
}

/** True when the name is on the list (or the currency has no list). */
export function isListedBank(currency: string, bankName: string): boolean {
  const banks = withdrawalBanksOf(currency);
  return banks.length === 0 || banks.includes(bankName.trim());
}
