import { socialProviderNameSchema } from '@app/contract';
import { z } from 'zod';

/**
 * One OpenID Connect provider of a merchant (row of `social_providers`). The issuer's discovery
 * document names the endpoints and keys; the client is registered at the provider with our
 * callback URL (`<site>/wps/session/social/<provider>/callback`).
 */
export const socialProviderConfigSchema = z.object({
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1).max(512),
  clientSecret: z.string().min(1).max(512),
  /** How the client authenticates at the token endpoint. */
  tokenEndpointAuthMethod: z
    .enum(['client_secret_post', 'client_secret_basic'])
    .default('client_secret_post'),
  scope: z.string().max(256).default('openid email profile'),
  /**
   * Token endpoint when the discovery document names none (Facebook's OIDC discovery has no
   * token_endpoint: `https://graph.facebook.com/v19.0/oauth/access_token`).
   */
  tokenEndpoint: z.url({ protocol: /^https?$/ }).optional(),
});
export type SocialProviderConfig = z.infer<typeof socialProviderConfigSchema>;

export const socialProviderRowSchema = z.object({
  provider: socialProviderNameSchema,
  config: socialProviderConfigSchema,
});
export type SocialProvider = z.infer<typeof socialProviderRowSchema>;
