import type { GroupRepository, NewGroup, Window } from "@helpdesk/core";
import { toGroup, type GroupRow } from "./row-mappers";
import { jsonList, selectPage, Where } from "./sql-helpers";
import { atomicRead, atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

type GroupPatch = Parameters<GroupRepository["update"]>[2];

const SELECT =
  "g.id, g.name, g.created_at, g.updated_at, " +
  "(SELECT json_group_array(m.user_id ORDER BY m.user_id) FROM group_memberships m WHERE m.tenant_id = g.tenant_id AND m.group_id = g.id) AS agent_ids";

const BY_ID = { sql: "g.id ASC", params: [] };

/** Groups and their memberships; names are unique per tenant, ignoring ASCII case. */
export function createGroupRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<GroupRepository> {
  const insert = prepare("INSERT INTO groups (tenant_id, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id");
  const byId = prepare(`SELECT ${SELECT} FROM groups g WHERE g.tenant_id = ? AND g.id = ?`);
  const forUser = prepare(
    `SELECT ${SELECT} FROM groups g WHERE g.tenant_id = ? AND g.id IN ` +
      "(SELECT group_id FROM group_memberships WHERE tenant_id = ? AND user_id = ?) ORDER BY g.id",
  );
  const rename = prepare("UPDATE groups SET name = ?, updated_at = ? WHERE tenant_id = ? AND id = ?");
  const addMembers = prepare("INSERT OR IGNORE INTO group_memberships (tenant_id, group_id, user_id) SELECT ?, ?, value FROM json_each(?)");
  const clearMembers = prepare("DELETE FROM group_memberships WHERE tenant_id = ? AND group_id = ?");
  const unsetOnTickets = prepare("UPDATE tickets SET group_id = NULL WHERE tenant_id = ? AND group_id = ?");
  const unsetOnOrganizations = prepare("UPDATE organizations SET group_id = NULL WHERE tenant_id = ? AND group_id = ?");
  const dropTurn = prepare("DELETE FROM round_robin_turns WHERE tenant_id = ? AND group_id = ?");
  // Memberships go with the group through ON DELETE CASCADE.
  const deleteGroup = prepare("DELETE FROM groups WHERE tenant_id = ? AND id = ?");

  const get = (tenantId: number, id: number) => {
    const row = byId.get(tenantId, id) as GroupRow | undefined;
    return row === undefined ? null : toGroup(row);
  };

  return {
    create: atomicWrite(db, (tenantId: number, data: NewGroup) => {
      const { id } = insert.get(tenantId, data.name, data.created_at, data.updated_at) as { id: number };
      addMembers.run(tenantId, id, jsonList(data.agent_ids));
      return get(tenantId, id)!;
    }),
    get,
    list: atomicRead(db, (tenantId: number, window: Window) => {
      const where = new Where().add("g.tenant_id = ?", tenantId);
      return selectPage(prepare, { select: SELECT, from: "groups g", where, order: BY_ID, window, map: toGroup });
    }),
    listForUser(tenantId, userId) {
      return (forUser.all(tenantId, tenantId, userId) as GroupRow[]).map(toGroup);
    },
    update: atomicWrite(db, (tenantId: number, id: number, patch: GroupPatch) => {
      const current = get(tenantId, id);
      if (current === null) return null;
      rename.run(patch.name ?? current.name, patch.updated_at, tenantId, id);
      if (patch.agent_ids !== undefined) {
        clearMembers.run(tenantId, id);
        addMembers.run(tenantId, id, jsonList(patch.agent_ids));
      }
      return get(tenantId, id);
    }),
    delete: atomicWrite(db, (tenantId: number, id: number) => {
      unsetOnTickets.run(tenantId, id);
      unsetOnOrganizations.run(tenantId, id);
      dropTurn.run(tenantId, id);
      return deleteGroup.run(tenantId, id).changes > 0;
    }),
  };
}
