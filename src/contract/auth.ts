import { z } from 'zod';

// GET /api/auth-providers. The rest of /api/auth/* is better-auth's own API (see
// docs/decisions/0028-one-api-contract.md): the web app calls it through better-auth's client.

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'github', 'twitter'] as const;

export const authProvidersSchema = z.object({
  social: z.array(z.enum(SOCIAL_PROVIDERS)),
  oidc: z.object({ id: z.string(), name: z.string() }).nullable(),
});

export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export type AuthProviders = z.infer<typeof authProvidersSchema>;
