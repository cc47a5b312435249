import { z } from "zod";
import { idSchema, timestampSchema } from "./common";

/** The one scope there is: the user's basic data. */
export const OAUTH_SCOPES = ["user:read"] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** A third-party site registered with a tenant. Its secret is never part of it: only a hash is stored. */
export const oauthClientSchema = z.object({
  id: idSchema,
  client_id: z.string(),
  name: z.string(),
  redirect_uris: z.array(z.string()),
  require_pkce: z.boolean(),
  created_at: timestampSchema,
});
export type OAuthClient = z.infer<typeof oauthClientSchema>;

/**
 * An absolute http(s) address with no fragment (RFC 6749 §3.1.2), kept
 * exactly as written: authorize requests must repeat it byte for byte.
 */
const redirectUriSchema = z
  .string()
  .max(2000)
  .refine((value) => {
    if (value.includes("#") || /[\s\u0000-\u001f]/.test(value)) return false;
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "";
    } catch {
      return false;
    }
  }, "must be an absolute http or https address without a fragment or user name");

export const oauthClientCreateInputSchema = z.object({
  name: z.string().trim().min(1, "must not be empty").max(255),
  redirect_uris: z.array(redirectUriSchema).min(1, "must name at least one address").max(20),
  require_pkce: z.boolean().optional(),
});
export type OAuthClientCreateInput = z.input<typeof oauthClientCreateInputSchema>;

/** What the authorize endpoint receives, as query parameters (each at most once). */
export interface AuthorizeRequest {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

/** A pending authorization request awaiting the user's sign-in and consent. */
export interface OAuthInteraction {
  client: OAuthClient;
  redirect_uri: string;
  scope: string;
  state: string | null;
  /** The user the consent page was shown to, once signed in. */
  user_id: number | null;
  expires_at: number;
}

/** What a token request carries, after the HTTP layer decoded the client's Basic credentials. */
export interface TokenRequest {
  /** Null when no credentials were sent. */
  credentials: { clientId: string; clientSecret: string } | null;
  /** The form fields, each at most once. */
  form: Record<string, string>;
}

/** A successful token response (RFC 6749 §5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}
