/**
 * Baseline (b): the same storage read — the adapter's `tickets.get`, the query
 * and row mapping the help desk runs — served by a plain Fastify route with
 * no tenancy, no authentication and Fastify's default JSON serialization.
 *
 *   fastify.ts PORT TENANT_ID (--db FILE | --database-url URL)
 */
import Fastify from "fastify";
import { openDesk } from "../../packages/http/src/cli/open-database";

const [port, tenantId, ...databaseArgs] = process.argv.slice(2) as [string, string, ...string[]];
const [flag, value] = databaseArgs;
const { storage } = await openDesk(flag === "--db" ? { db: value } : { "database-url": value }, "");
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>("/apiv2/tickets/:id", async (request, reply) => {
  const ticket = await storage.tickets.get(Number(tenantId), Number(request.params.id.replace(/\.json$/, "")));
  if (!ticket) return reply.code(404).send({ error: "RecordNotFound" });
  return { ticket };
});
await app.listen({ port: Number(port), host: "127.0.0.1" });
console.log("listening");
