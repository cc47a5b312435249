import * as oauth from "oauth4webapi";
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client, OAuth2RequestError } from "arctic";
import { AuthorizationCode } from "simple-oauth2";
import { describe, expect, it } from "vitest";
import type { TestServer, TestUser } from "../support/server";
import { Browser, serveWatchingLogs } from "../support/oauth";

// The whole flow through independent OAuth client libraries from npm. Their
// HTTP stacks resolve host names themselves, so this file serves a tenant at
// host 127.0.0.1: the server's real address, with no Host-header tricks.
const REDIRECT_URI = "https://site.test/callback";
let server: TestServer;
let base: string;
let user: Pick<TestUser, "user" | "password">;
let client: { client_id: string; client_secret: string };
const issued: string[] = [];

serveWatchingLogs(
  async (started) => {
    server = started;
    const { tenant, admin } = await server.desk.tenants.create({ host: "127.0.0.1", name: "Loopback Desk", admin: { email: "admin@loopback.test", password: "admin-password" } });
    const desk = server.desk.as(tenant.id, admin);
    const created = await desk.users.create({ name: "Libby Library", email: "libby@loopback.test", password: "libby-password", role: "end_user" });
    user = { user: created, password: "libby-password" };
    client = await desk.oauthClients.create({ name: "Library Site", redirect_uris: [REDIRECT_URI] });
    base = `http://127.0.0.1:${server.port}`;
  },
  () => [...issued, client.client_secret],
);

/** The user's part, driven by plain HTTP with a cookie jar: open the authorization URL, sign in, allow. Resolves to the callback URL. */
async function userApproves(authorizationUrl: URL): Promise<URL> {
  const browser = new Browser(server, `127.0.0.1:${server.port}`);
  const page = await browser.get(`${authorizationUrl.pathname}${authorizationUrl.search}`);
  expect(page.status, page.text).toBe(200);
  const answer = await browser.decide(await browser.login(page, user), "allow");
  expect(answer.status).toBe(303);
  const callback = new URL(answer.headers.location as string);
  issued.push(callback.searchParams.get("code")!);
  return callback;
}

async function fetchUserinfo(accessToken: string) {
  const res = await fetch(`${base}/oauth/resource/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("oauth4webapi (strict; percent-encoded Basic credentials)", () => {
  const insecure = { [oauth.allowInsecureRequests]: true };
  const as = (): oauth.AuthorizationServer => ({ issuer: base, authorization_endpoint: `${base}/authorize/start`, token_endpoint: `${base}/oauth/token` });
  const refreshServer = (): oauth.AuthorizationServer => ({ ...as(), token_endpoint: `${base}/oauth/token/refresh` });

  it("oauth4webapi - PKCE code flow, userinfo, refresh and the error shapes", async () => {
    const oauthClient: oauth.Client = { client_id: client.client_id };
    const auth = oauth.ClientSecretBasic(client.client_secret);
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as().authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: client.client_id, redirect_uri: REDIRECT_URI, response_type: "code", scope: "user:read", state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256",
    }).toString();
    const params = oauth.validateAuthResponse(as(), oauthClient, await userApproves(url), state);
    const response = await oauth.authorizationCodeGrantRequest(as(), oauthClient, auth, params, REDIRECT_URI, verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as(), oauthClient, response);
    issued.push(tokens.access_token, tokens.refresh_token!);
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(7200);

    const info = await oauth.protectedResourceRequest(tokens.access_token, "GET", new URL(`${base}/oauth/resource/userinfo`), undefined, undefined, insecure);
    expect(await info.json()).toMatchObject({ id: user.user.id, name: "Libby Library", email: "libby@loopback.test" });

    const refreshed = await oauth.processRefreshTokenResponse(
      refreshServer(), oauthClient, await oauth.refreshTokenGrantRequest(refreshServer(), oauthClient, auth, tokens.refresh_token!, insecure),
    );
    issued.push(refreshed.access_token, refreshed.refresh_token!);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await fetchUserinfo(refreshed.access_token)).body.name).toBe("Libby Library");

    // Item 34: a replayed code surfaces as a ResponseBodyError with the RFC code.
    const replay = oauth.processAuthorizationCodeResponse(as(), oauthClient, await oauth.authorizationCodeGrantRequest(as(), oauthClient, auth, params, REDIRECT_URI, verifier, insecure));
    await expect(replay).rejects.toBeInstanceOf(oauth.ResponseBodyError);
    await expect(replay).rejects.toMatchObject({ error: "invalid_grant" });

    // Item 39: the Bearer challenge parses; the replay revoked the tokens of the code.
    const denied = oauth.protectedResourceRequest(refreshed.access_token, "GET", new URL(`${base}/oauth/resource/userinfo`), undefined, undefined, insecure);
    await expect(denied).rejects.toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    await denied.catch((error: oauth.WWWAuthenticateChallengeError) => {
      expect(error.cause[0]).toMatchObject({ scheme: "bearer", parameters: { error: "invalid_token", realm: "helpdesk" } });
    });
  });
});

describe("simple-oauth2 (comma scope separator, its own refresh path)", () => {
  it("simple-oauth2 - code flow, userinfo and refresh at /oauth/token/refresh", async () => {
    const sc = new AuthorizationCode({
      client: { id: client.client_id, secret: client.client_secret },
      auth: { tokenHost: base, tokenPath: "/oauth/token", refreshPath: "/oauth/token/refresh", authorizePath: "/authorize/start" },
      options: { scopeSeparator: ",", authorizationMethod: "header" },
    });
    const state = "simple-state";
    const authorizationUrl = new URL(sc.authorizeURL({ redirect_uri: REDIRECT_URI, scope: ["user:read", "user:read"], state }));
    expect(authorizationUrl.searchParams.get("scope")).toBe("user:read,user:read");
    const callback = await userApproves(authorizationUrl);
    expect(callback.searchParams.get("state")).toBe(state);
    const token = await sc.getToken({ code: callback.searchParams.get("code")!, redirect_uri: REDIRECT_URI });
    const first = token.token as { access_token: string; refresh_token: string; expires_in: number; token_type: string };
    issued.push(first.access_token, first.refresh_token);
    expect(first.token_type).toBe("bearer");
    expect((await fetchUserinfo(first.access_token)).body.email).toBe("libby@loopback.test");

    const refreshed = await token.refresh();
    const second = refreshed.token as { access_token: string; refresh_token: string };
    issued.push(second.access_token, second.refresh_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await fetchUserinfo(second.access_token)).status).toBe(200);
    // Reusing the retired refresh token revokes the family (item 36), seen through the library.
    await expect(token.refresh()).rejects.toMatchObject({ output: { statusCode: 400 }, data: { payload: { error: "invalid_grant" } } });
    expect((await fetchUserinfo(second.access_token)).status).toBe(401);
  });
});

describe("arctic (raw Basic credentials)", () => {
  it("arctic - PKCE code flow, userinfo and refresh", async () => {
    const arctic = new OAuth2Client(client.client_id, client.client_secret, REDIRECT_URI);
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = arctic.createAuthorizationURLWithPKCE(`${base}/authorize/start`, state, CodeChallengeMethod.S256, verifier, ["user:read"]);
    const callback = await userApproves(url);
    expect(callback.searchParams.get("state")).toBe(state);
    const tokens = await arctic.validateAuthorizationCode(`${base}/oauth/token`, callback.searchParams.get("code")!, verifier);
    issued.push(tokens.accessToken(), tokens.refreshToken());
    expect(tokens.accessTokenExpiresInSeconds()).toBe(7200);
    expect(tokens.scopes()).toEqual(["user:read"]);
    expect((await fetchUserinfo(tokens.accessToken())).body.id).toBe(user.user.id);

    const refreshed = await arctic.refreshAccessToken(`${base}/oauth/token/refresh`, tokens.refreshToken(), []);
    issued.push(refreshed.accessToken(), refreshed.refreshToken());
    expect((await fetchUserinfo(refreshed.accessToken())).status).toBe(200);
    const wrongVerifier = arctic.validateAuthorizationCode(`${base}/oauth/token`, callback.searchParams.get("code")!, verifier);
    await expect(wrongVerifier).rejects.toBeInstanceOf(OAuth2RequestError);
    await expect(wrongVerifier).rejects.toMatchObject({ code: "invalid_grant" });
  });
});
