import { type Kysely, sql } from 'kysely';

/**
 * The banks a member may bind for withdrawals, per merchant, edited by operators (issue 22).
 * Until now the list was per currency in code; each existing merchant starts with that list for
 * its currency (frozen here, so that later edits of the code's default list do not change what
 * this migration did). A merchant with no row at all keeps the free-text bank name.
 */
const BANKS_BY_CURRENCY: Readonly<Record<string, readonly string[]>> = {
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

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE withdrawal_banks (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants (code),
      name text NOT NULL CHECK (length(name) BETWEEN 2 AND 60 AND name = btrim(name)),
      enabled boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  // One name once per merchant, whatever its letter case ("bidv" is BIDV).
  await sql`
    CREATE UNIQUE INDEX withdrawal_banks_name_idx ON withdrawal_banks (merchant_code, lower(name))
  `.execute(db);
  for (const [currency, banks] of Object.entries(BANKS_BY_CURRENCY)) {
    for (const [index, name] of banks.entries()) {
      await sql`
        INSERT INTO withdrawal_banks (merchant_code, name, sort_order)
        SELECT code, ${name}, ${index} FROM merchants WHERE upper(btrim(currency)) = ${currency}
      `.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE withdrawal_banks`.execute(db);
}
