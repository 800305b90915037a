export {
  registerWebVitalsAdminRoutes,
  registerWebVitalsRoutes,
  WEB_VITALS_PER_IP_LIMIT,
} from './routes.js';
export { createWebVitalsService, type WebVitalsService } from './service.js';
