import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

export type Auth =
  | { email: string; password: string }
  | { email: string; token: string }
  /** A raw Authorization header, for malformed-credential tests. */
  | { header: string }
  | null;

export interface RequestOptions {
  host?: string;
  auth?: Auth;
  /** Sent as JSON with Content-Type application/json (unless headers override it). */
  body?: unknown;
  /** Sent as is; no Content-Type is added. */
  rawBody?: string | Buffer;
  /** Sent one by one with chunked transfer encoding (no Content-Length). */
  chunks?: Array<string | Buffer>;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body's bytes as received. */
  raw: Buffer;
  text: string;
  /** The parsed JSON body, or undefined when the body is empty; `any` because tests read arbitrary shapes. */
  body: any;
}

export function authorizationHeader(auth: Auth | undefined): string | undefined {
  if (auth === undefined || auth === null) return undefined;
  if ("header" in auth) return auth.header;
  const user = "token" in auth ? `${auth.email}/token` : auth.email;
  const secret = "token" in auth ? auth.token : auth.password;
  return `Basic ${Buffer.from(`${user}:${secret}`).toString("base64")}`;
}

/**
 * One HTTP request with node:http, which (unlike fetch) lets a test set the
 * Host header that picks the tenant. Resolves once the whole response is read;
 * a socket error after the response arrived (a server closing early) is ignored.
 */
export function sendRequest(port: number, method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { host: options.host ?? "a.test" };
  const authorization = authorizationHeader(options.auth);
  if (authorization !== undefined) headers.authorization = authorization;
  let payload: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  if (payload !== undefined) headers["content-length"] = String(Buffer.byteLength(payload));
  Object.assign(headers, options.headers);

  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString("utf8");
        let body: unknown;
        if (text.length > 0 && String(res.headers["content-type"] ?? "").startsWith("application/json")) body = JSON.parse(text);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text, body });
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (payload !== undefined) req.write(payload);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}
