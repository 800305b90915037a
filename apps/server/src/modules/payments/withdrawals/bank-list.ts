/**
 * The starting withdrawal bank list of a new merchant, per its currency. Operators edit each
 * merchant's list in the console afterwards (table `withdrawal_banks`); the server refuses any
 * name that is not an enabled bank of the list. A currency without a list here starts with
 * none, and a merchant without any bank keeps the free-text bank name (any merchant still works).
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

/** The starting list for a currency; empty when the currency has none. */
export function defaultWithdrawalBanksOf(currency: string): readonly string[] {
  return WITHDRAWAL_BANKS_BY_CURRENCY[currency.trim().toUpperCase()] ?? [];
}
