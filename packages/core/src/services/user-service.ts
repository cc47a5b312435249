import { HelpdeskError, invalidField } from "../errors";
import { userListQuerySchema, userSearchQuerySchema, MAX_PAGE_SIZE } from "../domain/list-query";
import { userCreateInputSchema, userMergeInputSchema, userUpdateInputSchema, type User } from "../domain/user";
import type { UserService } from "../help-desk-api";
import type { Storage, UserFilter, UserPatch } from "../storage";
import { hashPassword } from "../security/password";
import { requireRole, type ActorContext } from "./actor-context";
import { toListResult, toSortKeys, toTimeRange, toWindow } from "./paging";
import { newUserRecord, organizationIdForEmail } from "./user-records";
import { parseInput, parseQuery } from "./validation";
import { validateCustomFields } from "../custom-fields/validate-custom-fields";

/** Fields that grant powers: only an admin sets them, on anyone. */
const PRIVILEGE_FIELDS = ["role", "password", "ticket_restriction", "moderator", "public_comments", "manage_people", "custom_role_id"] as const;

/**
 * What an agent may do to users: create and edit end users (never making them
 * more than end users), and edit their own profile without touching their
 * powers or status; everything else is an admin's.
 */
function requireManage(ctx: ActorContext, target: Pick<User, "id" | "role">, fields: Partial<Record<string, unknown>>): void {
  requireRole(ctx, "agent");
  if (ctx.actor.role === "admin") return;
  const forbidden = (reason: string) => new HelpdeskError("AUTH_FORBIDDEN", { description: reason });
  if (target.role === "end_user") {
    if (fields.password !== undefined || (fields.role !== undefined && fields.role !== "end_user")) {
      throw forbidden("Only admins set roles and passwords");
    }
    return;
  }
  if (target.id !== ctx.actor.id) throw forbidden("Agents may manage end users only");
  const changed = [...PRIVILEGE_FIELDS, "status"].filter((key) => fields[key] !== undefined);
  if (changed.length > 0) throw forbidden(`Only admins change ${changed.join(", ")}`);
}

async function findUser(storage: Storage, tenantId: number, id: number): Promise<User> {
  const user = await storage.users.get(tenantId, id);
  if (!user) throw new HelpdeskError("USER_NOT_FOUND");
  return user;
}

async function checkOrganization(storage: Storage, tenantId: number, id: number | null | undefined): Promise<void> {
  if (id != null && !(await storage.organizations.get(tenantId, id))) throw invalidField("organization_id", `no organization with id ${id}`);
}

export function createUserService(ctx: ActorContext): UserService {
  const { tenantId, storage } = ctx;

  async function listUsers(filter: UserFilter, query: unknown) {
    const params = parseQuery(userListQuerySchema, query);
    if (params.role) filter.roles = params.role;
    const page = await storage.users.list(tenantId, { ...filter, ...toTimeRange(params) }, toSortKeys(params), toWindow(params));
    return toListResult(page, params);
  }

  return {
    async me() {
      return findUser(storage, tenantId, ctx.actor.id);
    },

    async list(query) {
      requireRole(ctx, "agent");
      return listUsers({}, query);
    },

    async listByOrganization(organizationId, query) {
      requireRole(ctx, "agent");
      if (!(await storage.organizations.get(tenantId, organizationId))) throw new HelpdeskError("ORGANIZATION_NOT_FOUND");
      return listUsers({ organizationId }, query);
    },

    async get(id) {
      requireRole(ctx, "agent");
      return findUser(storage, tenantId, id);
    },

    async showMany(ids) {
      requireRole(ctx, "agent");
      if (ids.length > MAX_PAGE_SIZE) throw new HelpdeskError("REQUEST_IDS_TOO_MANY");
      return storage.users.getMany(tenantId, ids);
    },

    async create(raw) {
      const { password, ...fields } = parseInput(userCreateInputSchema, raw);
      requireManage(ctx, { id: 0, role: fields.role ?? "end_user" }, { ...fields, password });
      const passwordHash = password === undefined ? null : await hashPassword(password);
      return storage.transaction(async (tx) => {
        await checkOrganization(tx, tenantId, fields.organization_id);
        const organization_id = fields.organization_id !== undefined ? fields.organization_id : await organizationIdForEmail(tx, tenantId, fields.email ?? null);
        const user_fields = await validateCustomFields(tx, tenantId, "user", { current: [], given: fields.user_fields, audience: "agent", mode: "create" });
        return tx.users.create(tenantId, newUserRecord({ ...fields, organization_id, user_fields }, passwordHash, ctx.clock()));
      });
    },

    async update(id, raw) {
      const { password, ...fields } = parseInput(userUpdateInputSchema, raw);
      const passwordHash = password === undefined ? undefined : await hashPassword(password);
      return storage.transaction(async (tx) => {
        const target = await tx.users.get(tenantId, id);
        if (!target) {
          requireRole(ctx, "agent");
          throw new HelpdeskError("USER_NOT_FOUND");
        }
        requireManage(ctx, target, { ...fields, password });
        await checkOrganization(tx, tenantId, fields.organization_id);
        const patch: UserPatch = { updated_at: ctx.clock() };
        for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(patch, { [key]: value });
        if (passwordHash !== undefined) patch.password_hash = passwordHash;
        if (fields.user_fields !== undefined) {
          patch.user_fields = await validateCustomFields(tx, tenantId, "user", { current: target.user_fields, given: fields.user_fields, audience: "agent", mode: "update" });
        }
        if (target.role === "admin" && patch.role !== undefined && patch.role !== "admin" && target.id === ctx.actor.id) {
          throw invalidField("role", "you cannot demote yourself");
        }
        const updated = await tx.users.update(tenantId, id, patch);
        if (!updated) throw new HelpdeskError("USER_NOT_FOUND");
        return updated;
      });
    },

    async delete(id) {
      requireRole(ctx, "admin");
      if (id === ctx.actor.id) throw new HelpdeskError("USER_DELETE_SELF");
      await storage.transaction(async (tx) => {
        await findUser(tx, tenantId, id);
        if ((await tx.tickets.countRequestedBy(tenantId, id)) > 0) throw new HelpdeskError("USER_HAS_TICKETS");
        await tx.tickets.releaseUser(tenantId, id, ctx.clock());
        await tx.users.delete(tenantId, id);
      });
    },

    async merge(id, raw) {
      requireRole(ctx, "admin");
      const { id: targetId } = parseInput(userMergeInputSchema, raw);
      return storage.transaction(async (tx) => {
        const source = await findUser(tx, tenantId, id);
        if (source.role !== "end_user") throw new HelpdeskError("USER_MERGE_NOT_END_USER");
        if (targetId === id) throw invalidField("id", "cannot merge a user into itself");
        const target = await tx.users.get(tenantId, targetId);
        if (!target) throw invalidField("id", `no user with id ${targetId}`);
        const now = ctx.clock();
        await tx.tickets.reassignUser(tenantId, id, targetId, target.organization_id, now);
        await tx.tickets.releaseUser(tenantId, id, now);
        await tx.users.delete(tenantId, id);
        return target;
      });
    },

    async search(query) {
      requireRole(ctx, "agent");
      const params = parseQuery(userSearchQuerySchema, query);
      const page = await storage.users.list(tenantId, { text: params.query }, [], toWindow(params));
      return toListResult(page, params);
    },
  };
}
