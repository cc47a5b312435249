import type { SortKey, UserFilter, UserPatch, UserRepository, Window } from "@helpdesk/core";
import { mergePatch, toNewUser, toUser, userParams, type UserRow } from "./row-mappers";
import { addTimeRange, containsPattern, jsonList, orderBy, selectPage, Where } from "./sql-helpers";
import { atomicRead, atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

const WRITABLE = [
  "email", "name", "agent_display_name", "role", "phone", "phone_bind", "signature", "details", "notes",
  "organization_id", "language", "created_at", "updated_at", "last_login_at", "status", "photo", "moderator",
  "public_comments", "manage_people", "ticket_restriction", "custom_role_id", "messenger_appid",
  "messenger_openid", "tags", "user_fields", "password_hash",
] as const;

const SORT = { id: "u.id", created_at: "u.created_at", updated_at: "u.updated_at" };

/** Users; e-mail is stored lower-case, and e-mail and phone are unique per tenant. */
export function createUserRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<UserRepository> {
  const insert = prepare(
    `INSERT INTO users (tenant_id, ${WRITABLE.join(", ")}) VALUES (@tenant_id, ${WRITABLE.map((c) => `@${c}`).join(", ")}) RETURNING *`,
  );
  const update = prepare(
    `UPDATE users SET ${WRITABLE.map((c) => `${c} = @${c}`).join(", ")}, version = version + 1 WHERE tenant_id = @key_tenant AND id = @key_id RETURNING *`,
  );
  const byId = prepare("SELECT * FROM users WHERE tenant_id = ? AND id = ?");
  const byIds = prepare("SELECT * FROM users WHERE tenant_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id");
  const stamp = prepare("SELECT password_hash, version FROM users WHERE tenant_id = ? AND id = ?");
  const byEmail = prepare("SELECT * FROM users WHERE tenant_id = ? AND email = ?");
  const byPhone = prepare("SELECT * FROM users WHERE tenant_id = ? AND phone = ?");
  const deleteMemberships = prepare("DELETE FROM group_memberships WHERE tenant_id = ? AND user_id = ?");
  const deleteUser = prepare("DELETE FROM users WHERE tenant_id = ? AND id = ?");

  const findRow = (tenantId: number, id: number) => byId.get(tenantId, id) as UserRow | undefined;
  const findByEmailRow = (tenantId: number, email: string) => byEmail.get(tenantId, email.toLowerCase()) as UserRow | undefined;

  return {
    create(tenantId, data) {
      return toUser(insert.get({ ...userParams(data), tenant_id: tenantId }) as UserRow);
    },
    get(tenantId, id) {
      const row = findRow(tenantId, id);
      return row === undefined ? null : toUser(row);
    },
    getMany(tenantId, ids) {
      if (ids.length === 0) return [];
      return (byIds.all(tenantId, jsonList(ids)) as UserRow[]).map(toUser);
    },
    findByEmail(tenantId, email) {
      const row = findByEmailRow(tenantId, email);
      return row === undefined ? null : toUser(row);
    },
    findByPhone(tenantId, phone) {
      const row = byPhone.get(tenantId, phone) as UserRow | undefined;
      return row === undefined ? null : toUser(row);
    },
    getCredentials(tenantId, key) {
      const row = "id" in key ? findRow(tenantId, key.id) : findByEmailRow(tenantId, key.email);
      return row === undefined ? null : { user: toUser(row), passwordHash: row.password_hash, version: row.version };
    },
    getCredentialStamp(tenantId, id) {
      const row = stamp.get(tenantId, id) as Pick<UserRow, "password_hash" | "version"> | undefined;
      return row === undefined ? null : { passwordHash: row.password_hash, version: row.version };
    },
    update: atomicWrite(db, (tenantId: number, id: number, patch: UserPatch) => {
      const row = findRow(tenantId, id);
      if (row === undefined) return null;
      const next = mergePatch(toNewUser(row), patch);
      return toUser(update.get({ ...userParams(next), key_tenant: tenantId, key_id: id }) as UserRow);
    }),
    delete: atomicWrite(db, (tenantId: number, id: number) => {
      deleteMemberships.run(tenantId, id);
      return deleteUser.run(tenantId, id).changes > 0;
    }),
    list: atomicRead(db, (tenantId: number, filter: UserFilter, sort: SortKey[], window: Window) => {
      const where = new Where().add("u.tenant_id = ?", tenantId);
      addTimeRange(where, filter, "u");
      if (filter.roles !== undefined) where.add("u.role IN (SELECT value FROM json_each(?))", jsonList(filter.roles));
      if (filter.organizationId !== undefined) where.add("u.organization_id = ?", filter.organizationId);
      if (filter.text !== undefined) {
        const like = containsPattern(filter.text);
        where.add("(u.name LIKE ? ESCAPE '\\' OR u.email LIKE ? ESCAPE '\\' OR u.phone LIKE ? ESCAPE '\\')", like, like, like);
      }
      return selectPage(prepare, { select: "u.*", from: "users u", where, order: orderBy(sort, SORT), window, map: toUser });
    }),
  };
}
