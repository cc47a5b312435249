import type { IncomingMessage, ServerResponse } from "node:http";
import type { HelpDesk } from "@helpdesk/core";
import fastJson from "fast-json-stringify";
import { createAuthenticator } from "./authenticator";
import { HttpError, toErrorResponse } from "./http-error";
import { errorBodySchema } from "./json-schemas";
import { DEFAULT_BODY_LIMIT, readJsonBody, unwrapList, unwrapResource } from "./request-body";
import { ResourceUrls, requestBase } from "./resource-urls";
import { createRouter, stripJsonSuffix } from "./router";
import { apiTokenRoutes } from "./routes/api-token-routes";
import { groupRoutes } from "./routes/group-routes";
import { organizationRoutes } from "./routes/organization-routes";
import type { Reply } from "./routes/route";
import { ticketRoutes } from "./routes/ticket-routes";
import { userRoutes } from "./routes/user-routes";
import { automationRoutes, triggerRoutes } from "./routes/rule-routes";
import { webhookRoutes } from "./routes/webhook-routes";
import { requestRoutes } from "./routes/request-routes";
import { ticketFieldRoutes, userFieldRoutes } from "./routes/custom-field-routes";
import { topicRoutes } from "./routes/topic-routes";
import { questionRoutes } from "./routes/question-routes";
import { chatRoutes } from "./routes/chat-routes";
import { viewRoutes } from "./routes/view-routes";
import { attachmentRoutes } from "./routes/attachment-routes";
import { DEFAULT_ATTACHMENT_LIMIT, streamBody } from "./raw-body";
import { sendFile } from "./send-file";
import { botBankRoutes } from "./routes/bot-bank-routes";
import { importRoutes } from "./routes/import-routes";
import { oauthClientRoutes } from "./routes/oauth-client-routes";
import { createOAuthHandler } from "./oauth/oauth-handler";
import { createTenantResolver } from "./tenant-resolver";
import { categoryRoutes } from "./routes/category-routes";
import { forumRoutes } from "./routes/forum-routes";
import { postRoutes } from "./routes/post-routes";
import { postCommentRoutes } from "./routes/post-comment-routes";
import { postVoteRoutes } from "./routes/post-vote-routes";

export interface RequestListenerOptions {
  /** Largest accepted request body in bytes; default 1 MiB. */
  bodyLimit?: number;
  /** Largest accepted attachment upload in bytes; default 20 MiB. */
  attachmentLimit?: number;
  /** Mark the OAuth sign-in cookie Secure on every request (the public address is https); default: only behind `X-Forwarded-Proto: https`. */
  secureCookies?: boolean;
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The /apiv2 API as a node:http request listener. Everything is built here,
 * once: the route table, every serializer, the tenant and credential caches.
 * The caller owns the server and the help desk.
 */
export function createRequestListener(desk: HelpDesk, options: RequestListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const attachmentLimit = options.attachmentLimit ?? DEFAULT_ATTACHMENT_LIMIT;
  const router = createRouter([
    ...ticketRoutes,
    ...userRoutes,
    ...groupRoutes,
    ...organizationRoutes,
    ...apiTokenRoutes,
    ...triggerRoutes,
    ...automationRoutes,
    ...webhookRoutes,
    ...requestRoutes,
    ...ticketFieldRoutes,
    ...userFieldRoutes,
    ...topicRoutes,
    ...questionRoutes,
    ...chatRoutes,
    ...viewRoutes,
    ...attachmentRoutes,
    ...categoryRoutes,
    ...forumRoutes,
    ...postRoutes,
    ...postCommentRoutes,
    ...botBankRoutes,
    ...importRoutes,
    ...oauthClientRoutes,
    ...postVoteRoutes,
  ]);
  const oauth = createOAuthHandler(desk, { bodyLimit, secureCookies: options.secureCookies ?? false });
  const tenants = createTenantResolver(desk.tenants);
  const authenticator = createAuthenticator(desk.auth);
  const serializeError = fastJson(errorBodySchema) as (body: unknown) => string;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? "/";
    const queryStart = url.indexOf("?");
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    if (oauth.handles(path)) return oauth.handle(req, res, await tenants.resolve(req.headers.host), path, queryStart === -1 ? "" : url.slice(queryStart + 1));
    const match = router.match(req.method ?? "GET", stripJsonSuffix(path));
    if (match.kind === "not_found") throw new HttpError("ROUTE_NOT_FOUND");
    if (match.kind === "method_not_allowed") throw new HttpError("METHOD_NOT_ALLOWED", { headers: { allow: match.allowed.join(", ") } });

    const tenant = await tenants.resolve(req.headers.host);
    const user = await authenticator.authenticate(tenant.id, req.headers.authorization);
    const { definition, serializers } = match.route;
    const { bodyKey, bodyType } = definition;
    const payload = bodyKey === undefined ? undefined : await readJsonBody(req, bodyLimit);
    const body = bodyKey === undefined || bodyType === "array" ? {} : unwrapResource(payload, bodyKey);
    const items = typeof bodyKey === "string" && bodyType === "array" ? unwrapList(payload, bodyKey) : [];
    const query = Object.fromEntries(new URLSearchParams(queryStart === -1 ? "" : url.slice(queryStart + 1)));

    const reply: Reply = await definition.handle({
      desk: desk.as(tenant.id, user),
      id: match.id,
      parentId: match.parentId,
      query,
      body,
      items,
      urls: new ResourceUrls(requestBase(req)),
      path,
      bodyStream: definition.streamsBody ? { data: streamBody(req, attachmentLimit), contentType: req.headers["content-type"] } : null,
    });
    if (reply.file !== undefined) return sendFile(res, reply.file);

    const serializer = serializers.get(reply.status);
    if (serializer === undefined) throw new Error(`Route ${definition.method} ${definition.path} declares no ${reply.status} response`);
    if (reply.location !== undefined) res.setHeader("location", reply.location);
    if (serializer === null || reply.body === undefined) {
      res.writeHead(reply.status, { "content-length": "0" }).end();
      return;
    }
    const json = serializer[user.role === "end_user" ? "end_user" : "staff"](reply.body);
    res.writeHead(reply.status, { "content-type": JSON_TYPE, "content-length": Buffer.byteLength(json) }).end(json);
  }

  function sendError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    const { status, headers, body, unexpected } = toErrorResponse(error);
    if (unexpected) console.error(`[helpdesk] ${req.method} ${req.url} failed:`, error);
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const json = serializeError(body);
    res.removeHeader("location");
    res.writeHead(status, { ...headers, "content-type": JSON_TYPE, "content-length": Buffer.byteLength(json) }).end(json);
  }

  return (req, res) => {
    handle(req, res).catch((error: unknown) => sendError(req, res, error));
  };
}
