/** The four headers every call carries (ARCHITECTURE §5). */
export const requestHeaders = {
  merchant: 'Merchant',
  authorization: 'Authorization',
  language: 'Language',
  device: 'Device',
} as const;

export const devices = ['WEB', 'H5', 'APP'] as const;
export type Device = (typeof devices)[number];
