export {
  createOutboxEmailProvider,
  createSmtpEmailProvider,
  type EmailMessage,
  type EmailProvider,
} from './provider.js';
export type { OutboxEmail } from './repository.js';
export { createEmailService, type EmailService } from './service.js';
export { type EmailLanguage, emailLanguageOf, escapeHtml } from './templates.js';
