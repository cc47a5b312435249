import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { HelpDesk } from "@helpdesk/core";
import { createRequestListener } from "./request-listener";

export interface StartServerOptions {
  desk: HelpDesk;
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  bodyLimit?: number;
  /** Largest accepted attachment upload in bytes; default 20 MiB. */
  attachmentLimit?: number;
  /** See RequestListenerOptions. */
  secureCookies?: boolean;
}

export interface RunningServer {
  /** `http://host:port`, with the port actually bound. */
  url: string;
  port: number;
  /** Stops accepting, drops idle keep-alive connections and resolves once the server is closed. */
  close(): Promise<void>;
}

/** Serves the API on a new node:http server; the help desk stays the caller's. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const listener = createRequestListener(options.desk, {
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.attachmentLimit === undefined ? {} : { attachmentLimit: options.attachmentLimit }),
    ...(options.secureCookies === undefined ? {} : { secureCookies: options.secureCookies }),
  });
  const server = createServer(listener);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
