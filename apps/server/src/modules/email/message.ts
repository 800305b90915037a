/** One e-mail as every provider takes it. */
export interface EmailMessage {
  merchantCode: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}
