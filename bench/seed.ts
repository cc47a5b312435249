import { createHelpDesk, type Storage, type Tenant, type User } from "@helpdesk/core";

export const BENCH_HOST = "bench.test";
export const ADMIN = { email: "admin@bench.test", password: "bench-password-1" };

/**
 * Fills a storage with one tenant, an admin, 50 requesters and `count`
 * tickets (one in four solved unless `withSolved` is false), printing progress.
 */
export async function seed(storage: Storage, count: number, label: string, withSolved = true): Promise<{ tenant: Tenant; admin: User }> {
  const desk = createHelpDesk({ storage });
  const { tenant, admin } = await desk.tenants.create({ host: BENCH_HOST, name: "Bench", admin: ADMIN });
  const as = desk.as(tenant.id, admin);
  const requesters: User[] = [];
  for (let i = 0; i < 50; i++) requesters.push(await as.users.create({ name: `Customer ${i}`, email: `customer${i}@example.org` }));
  const start = Date.UTC(2024, 0, 1);
  // Modest transactions: on Postgres every create updates the tenant's counter row, and one long transaction would lengthen its version chain with each ticket.
  const batch = 1_000;
  for (let done = 0; done < count; done += batch) {
    await storage.transaction(async (tx) => {
      for (let i = done; i < Math.min(count, done + batch); i++) {
        const at = start + i * 60_000;
        const requester = requesters[i % requesters.length]!;
        const solved = withSolved && i % 4 === 3;
        await tx.tickets.create(
          tenant.id,
          {
            title: `Ticket ${i}: the printer does not print`,
            description: `Description of ticket ${i}`,
            type: "question",
            status: solved ? "solved" : (["new", "open", "pending"] as const)[i % 3]!,
            priority: "medium",
            recipient: null,
            requester_id: requester.id,
            assignee_id: solved ? admin.id : null,
            organization_id: null,
            group_id: null,
            problem_id: null,
            due_date: null,
            created_at: at,
            updated_at: at,
            assigneed_at: solved ? at : null,
            resolved_at: solved ? at : null,
            closed_at: null,
            pending_at: null,
            requester_updated_at: null,
            assignee_updated_at: null,
            source: "api",
            collaborator_ids: [],
            tags: ["bench", `t${i % 10}`],
            custom_fields: [],
            satisfaction_rating: null,
          },
          { author_id: requester.id, content: `Description of ticket ${i}`, public: true, created_at: at },
        );
      }
    });
    process.stderr.write(`\r${label}: seeding tickets ${Math.min(count, done + batch)}/${count}`);
  }
  process.stderr.write("\n");
  return { tenant, admin };
}
