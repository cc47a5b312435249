/** Baseline (b): the same SQLite read served by a plain Fastify route (no auth, no tenancy, default JSON). */
import Database from "better-sqlite3";
import Fastify from "fastify";

const [file, port, tenantId] = process.argv.slice(2) as [string, string, string];
const db = new Database(file, { readonly: true });
const byId = db.prepare("SELECT * FROM tickets WHERE tenant_id = ? AND id = ?");
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>("/apiv2/tickets/:id", async (request, reply) => {
  const row = byId.get(Number(tenantId), Number(request.params.id.replace(/\.json$/, "")));
  if (!row) return reply.code(404).send({ error: "RecordNotFound" });
  return { ticket: row };
});
await app.listen({ port: Number(port), host: "127.0.0.1" });
console.log("listening");
