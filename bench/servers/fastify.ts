/**
 * Baseline (b): the same SQLite read — the adapter's `tickets.get`, the query
 * and row mapping the help desk runs — served by a plain Fastify route with
 * no tenancy, no authentication and Fastify's default JSON serialization.
 */
import Database from "better-sqlite3";
import Fastify from "fastify";
import { sqliteStorage } from "@helpdesk/storage-sqlite";

const [file, port, tenantId] = process.argv.slice(2) as [string, string, string];
const storage = sqliteStorage(new Database(file));
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>("/apiv2/tickets/:id", async (request, reply) => {
  const ticket = await storage.tickets.get(Number(tenantId), Number(request.params.id.replace(/\.json$/, "")));
  if (!ticket) return reply.code(404).send({ error: "RecordNotFound" });
  return { ticket };
});
await app.listen({ port: Number(port), host: "127.0.0.1" });
console.log("listening");
