import type { UserRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toUser, userColumns, type UserRow } from "./row-mappers";
import { addTimeRange, containsPattern, ilike, orderBy, queryRows, selectPage } from "./sql-helpers";

const SORT = { id: "u.id", created_at: "u.created_at", updated_at: "u.updated_at" };

// Memberships have no foreign key to users (as in the SQLite schema), so they go in the same statement.
const DELETE_USER = `
WITH deleted AS (DELETE FROM users WHERE tenant_id = ? AND id = ? RETURNING tenant_id, id),
memberships AS (
  DELETE FROM group_memberships m USING deleted WHERE m.tenant_id = deleted.tenant_id AND m.user_id = deleted.id
)
SELECT count(*) AS deleted FROM deleted`;

/** Users; e-mail is stored lower-case, and e-mail and phone are unique per tenant. */
export function createUserRepository(db: Knex): UserRepository {
  const byKey = (tenantId: number, key: { id: number } | { email: string }) => {
    const query = db("users").where("tenant_id", tenantId);
    return "id" in key ? query.where("id", key.id) : query.where("email", key.email.toLowerCase());
  };
  const findRow = async (tenantId: number, key: { id: number } | { email: string }): Promise<UserRow | undefined> =>
    byKey(tenantId, key).first();

  return {
    async create(tenantId, data) {
      const rows: UserRow[] = await db("users")
        .insert({ ...userColumns(data), tenant_id: tenantId })
        .returning("*");
      return toUser(rows[0]!);
    },
    async get(tenantId, id) {
      const row = await findRow(tenantId, { id });
      return row === undefined ? null : toUser(row);
    },
    async getMany(tenantId, ids) {
      if (ids.length === 0) return [];
      const rows = await queryRows<UserRow>(db, "SELECT * FROM users WHERE tenant_id = ? AND id = ANY(?::bigint[]) ORDER BY id", [tenantId, ids]);
      return rows.map(toUser);
    },
    async findByEmail(tenantId, email) {
      const row = await findRow(tenantId, { email });
      return row === undefined ? null : toUser(row);
    },
    async findByPhone(tenantId, phone) {
      const row: UserRow | undefined = await db("users").where({ tenant_id: tenantId, phone }).first();
      return row === undefined ? null : toUser(row);
    },
    async getCredentials(tenantId, key) {
      const row = await findRow(tenantId, key);
      return row === undefined ? null : { user: toUser(row), passwordHash: row.password_hash, version: row.version };
    },
    async getCredentialStamp(tenantId, id) {
      const row: Pick<UserRow, "password_hash" | "version"> | undefined = await byKey(tenantId, { id }).first("password_hash", "version");
      return row === undefined ? null : { passwordHash: row.password_hash, version: row.version };
    },
    async update(tenantId, id, patch) {
      // Only the patched columns are written, so concurrent updates of different fields both survive.
      const rows: UserRow[] = await byKey(tenantId, { id })
        .update({ ...userColumns(patch), version: db.raw("version + 1") })
        .returning("*");
      return rows[0] === undefined ? null : toUser(rows[0]);
    },
    async delete(tenantId, id) {
      const [row] = await queryRows<{ deleted: string }>(db, DELETE_USER, [tenantId, id]);
      return Number(row?.deleted) > 0;
    },
    async list(tenantId, filter, sort, window) {
      const filtered = addTimeRange(db("users as u").where("u.tenant_id", tenantId), filter, "u");
      if (filter.roles !== undefined) filtered.whereRaw("u.role = ANY(?::text[])", [filter.roles]);
      if (filter.organizationId !== undefined) filtered.where("u.organization_id", filter.organizationId);
      if (filter.text !== undefined) {
        const like = containsPattern(filter.text);
        filtered.whereRaw(`(${ilike("u.name")} OR ${ilike("u.email")} OR ${ilike("u.phone")})`, [like, like, like]);
      }
      return selectPage(db, { filtered, select: "u.*", order: orderBy(sort, SORT), window, map: toUser });
    },
  };
}
