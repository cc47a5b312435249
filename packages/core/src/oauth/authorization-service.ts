import type { Clock } from "../clock";
import { HelpdeskError } from "../errors";
import type { AuthorizeRequest, OAuthClient } from "../domain/oauth";
import type { User } from "../domain/user";
import type { AuthService } from "../help-desk-api";
import type { OAuthInteractionRecord, Storage } from "../storage";
import { trustedTarget, validateAuthorization } from "./authorize-request";
import type { FailureLimiter } from "./failure-limiter";
import type { ResolvedOAuthOptions } from "./oauth-options";
import { oauthErrorName, oauthError, withQuery } from "./oauth-errors";
import { csrfToken, hashSecret, newSecret, safeEqual } from "./oauth-secrets";

/** What the login and consent pages show, and the hidden fields their forms post back. */
export interface InteractionForm {
  interactionId: string;
  csrfToken: string;
  client: Pick<OAuthClient, "client_id" | "name">;
  scope: string;
  /** The host the user will be sent back to, named on the consent page. */
  redirectHost: string;
  /** The signed-in user, on the consent page. */
  user: User | null;
}

/** The answer to an authorization step: a redirect to the client, or a page for the session `sessionId`. */
export type AuthorizationStep =
  | { kind: "redirect"; location: string }
  | { kind: "login" | "consent"; sessionId: string; form: InteractionForm };

export interface FormPost {
  sessionId: string | null;
  interactionId: string;
  csrfToken: string;
}

const usable = (user: User | null): user is User => user !== null && user.status !== "suspended";

/** The interactive half of the authorization-code flow: sessions, the login and consent steps, codes. */
export function createAuthorizationService(storage: Storage, clock: Clock, auth: AuthService, options: ResolvedOAuthOptions, logins: FailureLimiter) {
  const sessions = storage.oauthSessions;

  /** The session's signed-in user (null when anonymous); null when there is no live session. */
  async function liveSession(tenantId: number, sessionId: string | null): Promise<{ userId: number | null } | null> {
    if (sessionId === null) return null;
    const session = await sessions.getSession(tenantId, hashSecret(sessionId));
    return session === null || session.expires_at <= clock() ? null : { userId: session.user_id };
  }

  async function newSession(tenantId: number, userId: number | null): Promise<string> {
    const id = newSecret("session");
    const now = clock();
    await sessions.createSession(tenantId, hashSecret(id), { user_id: userId, created_at: now, expires_at: now + options.sessionTtlMs });
    return id;
  }

  async function activeUser(tenantId: number, userId: number | null): Promise<User | null> {
    if (userId === null) return null;
    const user = await storage.users.get(tenantId, userId);
    return usable(user) ? user : null;
  }

  function form(interactionId: string, sessionId: string, client: OAuthClient, record: Pick<OAuthInteractionRecord, "scope" | "redirect_uri">, user: User | null): InteractionForm {
    return {
      interactionId,
      csrfToken: csrfToken(sessionId, interactionId),
      client: { client_id: client.client_id, name: client.name },
      scope: record.scope,
      redirectHost: new URL(record.redirect_uri).host,
      user,
    };
  }

  /**
   * The interaction `post.interactionId` of the posting session, with its
   * client; OAUTH_INTERACTION_INVALID unless the session is live, the
   * interaction belongs to it and has not expired, and the CSRF token (when
   * checked) is the one issued to this session for it.
   */
  async function openInteraction(tenantId: number, post: FormPost, checkCsrf: boolean) {
    const invalid = () => new HelpdeskError("OAUTH_INTERACTION_INVALID");
    const session = await liveSession(tenantId, post.sessionId);
    if (session === null || post.sessionId === null) throw invalid();
    const record = await sessions.getInteraction(tenantId, hashSecret(post.interactionId));
    if (record === null || record.expires_at <= clock() || !safeEqual(record.session_hash, hashSecret(post.sessionId))) throw invalid();
    if (checkCsrf && !safeEqual(post.csrfToken, csrfToken(post.sessionId, post.interactionId))) throw invalid();
    const client = await storage.oauthClients.get(tenantId, record.client_id);
    if (client === null) throw invalid();
    return { sessionId: post.sessionId, session, record, client };
  }

  /** The page for an open interaction: consent when its session is signed in, login otherwise. */
  async function pageFor(tenantId: number, opened: Awaited<ReturnType<typeof openInteraction>>, interactionId: string): Promise<AuthorizationStep> {
    const user = await activeUser(tenantId, opened.session.userId);
    if (user === null) return { kind: "login", sessionId: opened.sessionId, form: form(interactionId, opened.sessionId, opened.client, opened.record, null) };
    // The consent page binds the interaction to the user it was shown to.
    if (opened.record.user_id !== user.id) throw new HelpdeskError("OAUTH_INTERACTION_INVALID");
    return { kind: "consent", sessionId: opened.sessionId, form: form(interactionId, opened.sessionId, opened.client, opened.record, user) };
  }

  return {
    /**
     * GET /authorize/start. Rejects with OAUTH_AUTHORIZATION_INVALID while
     * the client or redirect URI is not trusted; later failures redirect to
     * the client with `error`, `error_description` and `state`. Otherwise
     * records the request as an interaction of the session (a new anonymous
     * session when there is none) and answers with the login or consent page.
     */
    async authorize(tenantId: number, request: AuthorizeRequest, repeated: readonly string[], sessionId: string | null): Promise<AuthorizationStep> {
      const target = await trustedTarget(storage, tenantId, request, repeated);
      const state = repeated.includes("state") ? undefined : request.state;
      let valid;
      try {
        valid = validateAuthorization(target, request, repeated);
      } catch (error) {
        if (!(error instanceof HelpdeskError)) throw error;
        const location = withQuery(target.redirectUri, { error: oauthErrorName(error), error_description: error.message, state });
        return { kind: "redirect", location };
      }
      const session = await liveSession(tenantId, sessionId);
      const user = await activeUser(tenantId, session?.userId ?? null);
      const liveId = session !== null && sessionId !== null ? sessionId : await newSession(tenantId, null);
      const interactionId = newSecret("interaction");
      const now = clock();
      const record: OAuthInteractionRecord = {
        session_hash: hashSecret(liveId),
        client_id: valid.client.id,
        redirect_uri: valid.redirectUri,
        scope: valid.scope,
        state: state ?? null,
        code_challenge: valid.codeChallenge,
        user_id: user?.id ?? null,
        created_at: now,
        expires_at: now + options.interactionTtlMs,
      };
      await sessions.createInteraction(tenantId, hashSecret(interactionId), record);
      return { kind: user === null ? "login" : "consent", sessionId: liveId, form: form(interactionId, liveId, valid.client, record, user) };
    },

    /** The page of an interaction of this session (after a login, or a reload). OAUTH_INTERACTION_INVALID when it is not this session's. */
    async resume(tenantId: number, sessionId: string | null, interactionId: string): Promise<AuthorizationStep> {
      const opened = await openInteraction(tenantId, { sessionId, interactionId, csrfToken: "" }, false);
      return pageFor(tenantId, opened, interactionId);
    },

    /**
     * Signs a user in for an interaction: checks the CSRF token, the e-mail
     * and password (AUTH_REQUIRED; OAUTH_TOO_MANY_ATTEMPTS after too many
     * failures for the e-mail), then replaces the session with a new one
     * (a new id, against fixation) and moves the interaction to it.
     * Resolves to the new session's id.
     */
    async login(tenantId: number, post: FormPost & { email: string; password: string }): Promise<string> {
      const opened = await openInteraction(tenantId, post, true);
      const key = `${tenantId}:${post.email.trim().toLowerCase()}`;
      logins.check(key);
      let userId: number;
      try {
        userId = (await auth.verifyPassword(tenantId, post.email, post.password)).user.id;
      } catch (error) {
        logins.fail(key);
        throw error;
      }
      logins.succeed(key);
      const sessionId = newSecret("session");
      const now = clock();
      await storage.transaction(async (tx) => {
        await tx.oauthSessions.deleteSession(tenantId, hashSecret(opened.sessionId));
        await tx.oauthSessions.createSession(tenantId, hashSecret(sessionId), { user_id: userId, created_at: now, expires_at: now + options.sessionTtlMs });
        await tx.oauthSessions.bindInteraction(tenantId, hashSecret(post.interactionId), { session_hash: hashSecret(sessionId), user_id: userId });
      });
      return sessionId;
    },

    /** Ends the session (after a CSRF check); its interactions can no longer be used. */
    async logout(tenantId: number, post: FormPost): Promise<void> {
      const opened = await openInteraction(tenantId, post, true);
      await sessions.deleteSession(tenantId, hashSecret(opened.sessionId));
    },

    /**
     * The user's decision on the consent form: single use (a second post is
     * OAUTH_INTERACTION_INVALID), only by the user the form was shown to.
     * Approval issues a code bound to client, redirect URI, user, scope and
     * PKCE challenge; either way the answer redirects to the client with the
     * request's `state`.
     */
    async decide(tenantId: number, post: FormPost & { allow: boolean }): Promise<{ location: string }> {
      const opened = await openInteraction(tenantId, post, true);
      const user = await activeUser(tenantId, opened.session.userId);
      if (user === null || opened.record.user_id !== user.id) throw new HelpdeskError("OAUTH_INTERACTION_INVALID");
      const record = await sessions.takeInteraction(tenantId, hashSecret(post.interactionId));
      if (record === null) throw new HelpdeskError("OAUTH_INTERACTION_INVALID");
      const state = record.state;
      if (!post.allow) {
        const denied = oauthError("OAUTH_ACCESS_DENIED");
        return { location: withQuery(record.redirect_uri, { error: oauthErrorName(denied), error_description: denied.message, state }) };
      }
      const code = newSecret("code");
      const now = clock();
      await storage.oauthGrants.createCode(tenantId, {
        code_hash: hashSecret(code),
        client_id: record.client_id,
        user_id: user.id,
        redirect_uri: record.redirect_uri,
        scope: record.scope,
        code_challenge: record.code_challenge,
        created_at: now,
        expires_at: now + options.codeTtlMs,
      });
      return { location: withQuery(record.redirect_uri, { code, state }) };
    },
  };
}

export type AuthorizationService = ReturnType<typeof createAuthorizationService>;
