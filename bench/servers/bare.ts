/** Baseline (a): a bare node:http server answering every request with the same JSON bytes from memory. */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [bodyFile, port] = process.argv.slice(2) as [string, string];
const body = readFileSync(bodyFile);
createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  res.end(body);
}).listen(Number(port), "127.0.0.1", () => console.log("listening"));
