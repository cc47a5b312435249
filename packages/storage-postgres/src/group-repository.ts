import type { GroupRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toGroup, uniqueSorted, type GroupRow } from "./row-mappers";
import { queryRows, selectPage } from "./sql-helpers";

type GroupPatch = Parameters<GroupRepository["update"]>[2];

/** The members of the group row aliased `alias`, as a JSON array in id order. */
const agentIds = (alias: string) =>
  `(SELECT coalesce(json_agg(m.user_id ORDER BY m.user_id), '[]'::json) FROM group_memberships m ` +
  `WHERE m.tenant_id = ${alias}.tenant_id AND m.group_id = ${alias}.id) AS agent_ids`;

const SELECT = `g.id, g.name, g.created_at, g.updated_at, ${agentIds("g")}`;

// Each write is one statement (data-modifying CTEs): atomic on its own, with no transaction round trips.
const INSERT_GROUP = `
WITH grp AS (INSERT INTO groups (tenant_id, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING *),
members AS (
  INSERT INTO group_memberships (tenant_id, group_id, user_id) SELECT grp.tenant_id, grp.id, u FROM grp, unnest(?::bigint[]) AS u
)
SELECT grp.id, grp.name, grp.created_at, grp.updated_at FROM grp`;

/**
 * Replaces the membership of the group just updated in CTE `grp`: drops the
 * members not in the list and adds the missing ones (the two touch disjoint
 * rows, as one statement requires). The UPDATE of the group row runs first and
 * locks it, so concurrent replacements of one membership run one after the other.
 */
const REPLACE_MEMBERS = `,
dropped AS (
  DELETE FROM group_memberships m USING grp
  WHERE m.tenant_id = grp.tenant_id AND m.group_id = grp.id AND m.user_id <> ALL(?::bigint[])
),
added AS (
  INSERT INTO group_memberships (tenant_id, group_id, user_id) SELECT grp.tenant_id, grp.id, u FROM grp, unnest(?::bigint[]) AS u
  ON CONFLICT DO NOTHING
)`;

// Memberships go with the group through ON DELETE CASCADE; tickets and organizations keep a null group; its round-robin turn goes.
const DELETE_GROUP = `
WITH deleted AS (DELETE FROM groups WHERE tenant_id = ? AND id = ? RETURNING tenant_id, id),
unlinked_tickets AS (
  UPDATE tickets t SET group_id = NULL FROM deleted WHERE t.tenant_id = deleted.tenant_id AND t.group_id = deleted.id
),
unlinked_organizations AS (
  UPDATE organizations o SET group_id = NULL FROM deleted WHERE o.tenant_id = deleted.tenant_id AND o.group_id = deleted.id
),
turn AS (DELETE FROM round_robin_turns r USING deleted WHERE r.tenant_id = deleted.tenant_id AND r.group_id = deleted.id)
SELECT count(*) AS deleted FROM deleted`;

/** Groups and their memberships; names are unique per tenant, ignoring case. */
export function createGroupRepository(db: Knex): GroupRepository {
  const get = async (tenantId: number, id: number) => {
    const [row] = await queryRows<GroupRow>(db, `SELECT ${SELECT} FROM groups g WHERE g.tenant_id = ? AND g.id = ?`, [tenantId, id]);
    return row === undefined ? null : toGroup(row);
  };

  return {
    async create(tenantId, data) {
      const members = uniqueSorted(data.agent_ids);
      const [row] = await queryRows<Omit<GroupRow, "agent_ids">>(db, INSERT_GROUP, [tenantId, data.name, data.created_at, data.updated_at, members]);
      return toGroup({ ...row!, agent_ids: members });
    },
    get,
    async list(tenantId, window) {
      const filtered = db("groups as g").where("g.tenant_id", tenantId);
      return selectPage(db, { filtered, select: SELECT, order: { joins: [], terms: "g.id ASC" }, window, map: toGroup });
    },
    async listForUser(tenantId, userId) {
      const rows = await queryRows<GroupRow>(
        db,
        `SELECT ${SELECT} FROM groups g WHERE g.tenant_id = ? AND g.id IN ` +
          "(SELECT group_id FROM group_memberships WHERE tenant_id = ? AND user_id = ?) ORDER BY g.id",
        [tenantId, tenantId, userId],
      );
      return rows.map(toGroup);
    },
    async update(tenantId, id, patch: GroupPatch) {
      const sets = patch.name === undefined ? "updated_at = ?" : "name = ?, updated_at = ?";
      const params: unknown[] = patch.name === undefined ? [patch.updated_at] : [patch.name, patch.updated_at];
      params.push(tenantId, id);
      const members = patch.agent_ids === undefined ? undefined : uniqueSorted(patch.agent_ids);
      if (members !== undefined) params.push(members, members);
      const sql =
        `WITH grp AS (UPDATE groups SET ${sets} WHERE tenant_id = ? AND id = ? RETURNING *)` +
        (members === undefined ? "" : REPLACE_MEMBERS) +
        // The statement's own membership changes are invisible to its SELECT, hence the replaced list from here.
        ` SELECT grp.id, grp.name, grp.created_at, grp.updated_at, ${members === undefined ? agentIds("grp") : "NULL AS agent_ids"} FROM grp`;
      const [row] = await queryRows<GroupRow>(db, sql, params);
      return row === undefined ? null : toGroup(members === undefined ? row : { ...row, agent_ids: members });
    },
    async delete(tenantId, id) {
      const [row] = await queryRows<{ deleted: string }>(db, DELETE_GROUP, [tenantId, id]);
      return Number(row?.deleted) > 0;
    },
  };
}
