export type { OAuthOptions } from "./oauth-options";
export type { OAuthService } from "./oauth-service";
export type { AuthorizationStep, FormPost, InteractionForm } from "./authorization-service";
export type { TokenEndpoint } from "./token-service";
export { oauthErrorName } from "./oauth-errors";
export { SECRET_TAGS } from "./oauth-secrets";
export { OAUTH_PRUNE_GRACE_MS, type OAuthPruneCounts } from "./oauth-prune";
