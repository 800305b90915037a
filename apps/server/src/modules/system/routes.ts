import { registerSettingsCall, systemStatusCall, whiteLabelCall } from '@app/contract';
import type { RegisterCall } from '../../http/call-route.js';
import { merchantOf } from './request-merchant.js';
import type { SystemService } from './service.js';

export function registerSystemRoutes(registerCall: RegisterCall, system: SystemService): void {
  registerCall(systemStatusCall, async ({ request }) =>
    system.status(merchantOf(request), request.ip),
  );
  registerCall(whiteLabelCall, async ({ request }) => merchantOf(request).whiteLabel);
  registerCall(registerSettingsCall, async ({ request }) => merchantOf(request).registerSettings);
}
