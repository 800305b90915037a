import {
  domainRouteCall,
  registerSettingsCall,
  resourceQrCall,
  systemStatusCall,
  whiteLabelCall,
} from '@app/contract';
import type { RegisterCall } from '../../http/call-route.js';
import { merchantOf } from './request-merchant.js';
import type { SystemService } from './service.js';

export function registerSystemRoutes(registerCall: RegisterCall, system: SystemService): void {
  registerCall(systemStatusCall, async ({ request }) =>
    system.status(merchantOf(request), { ip: request.ip, headers: request.headers }),
  );
  registerCall(whiteLabelCall, async ({ request }) => merchantOf(request).whiteLabel);
  registerCall(registerSettingsCall, async ({ request }) => merchantOf(request).registerSettings);
  registerCall(domainRouteCall, async ({ request }) =>
    system.domainRoutes(merchantOf(request), { protocol: request.protocol, host: request.host }),
  );
  registerCall(resourceQrCall, async ({ request, query }) =>
    system.resourceQr(merchantOf(request), query.resourceType),
  );
}
