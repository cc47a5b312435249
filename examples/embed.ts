/**
 * Embedding the help desk core in a host application, without HTTP.
 * Run: pnpm tsx examples/embed.ts [database-file]
 */
import Database from "better-sqlite3";
import { createHelpDesk, HelpdeskError } from "@helpdesk/core";
import { sqliteStorage } from "@helpdesk/storage-sqlite";

export async function main(file = ":memory:"): Promise<{ ticketId: number; status: string }> {
  const db = new Database(file);
  try {
    const desk = createHelpDesk({ storage: sqliteStorage(db) });

    // A tenant is one help desk; its first admin comes with it.
    const { tenant, admin } = await desk.tenants.create({
      host: "support.example.com",
      name: "Example Support",
      admin: { email: "owner@example.com", password: "correct horse battery" },
    });

    // Every operation goes through an actor, whose role is checked.
    const asAdmin = desk.as(tenant.id, admin);
    const agent = await asAdmin.users.create({ name: "Ada", email: "ada@example.com", role: "agent" });
    const asAgent = desk.as(tenant.id, agent);

    // The requester is found or created from an e-mail address.
    const ticket = await asAgent.tickets.create({
      title: "Printer on fire",
      comment: { content: "Smoke is coming out of the paper tray." },
      requester: { email: "customer@example.org", name: "Casey" },
      priority: "urgent",
    });
    const solved = await asAgent.tickets.update(ticket.id, { assignee_id: agent.id, status: "solved", comment: { content: "Unplugged it." } });

    // Rules are errors with stable codes, not HTTP statuses.
    try {
      await asAgent.tickets.update(ticket.id, { status: "new" });
    } catch (error) {
      if (!(error instanceof HelpdeskError)) throw error;
      console.log(`refused: ${error.code} (${error.message})`);
    }
    console.log(`ticket #${solved.id} is ${solved.status}, requested by user ${solved.requester_id}`);
    return { ticketId: solved.id, status: solved.status };
  } finally {
    db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main(process.argv[2]);
}
