import type { Topic, TopicRepository, Window } from "@helpdesk/core";
import { mergePatch } from "./row-mappers";
import { selectPage, Where } from "./sql-helpers";
import { atomicRead, atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

type TopicPatch = Parameters<TopicRepository["update"]>[2];

const COLUMNS = "id, title, description, sort, created_at, updated_at";
const BY_SORT = { sql: "sort ASC, id ASC", params: [] };
const identity = (row: Topic): Topic => row;

/** Community topics; questions and their comments go with a topic through ON DELETE CASCADE. */
export function createTopicRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<TopicRepository> {
  const insert = prepare(
    "INSERT INTO topics (tenant_id, title, description, sort, created_at, updated_at) " +
      `VALUES (@key_tenant, @title, @description, @sort, @created_at, @updated_at) RETURNING ${COLUMNS}`,
  );
  const update = prepare(
    "UPDATE topics SET title = @title, description = @description, sort = @sort, updated_at = @updated_at " +
      `WHERE tenant_id = @key_tenant AND id = @key_id RETURNING ${COLUMNS}`,
  );
  const byId = prepare(`SELECT ${COLUMNS} FROM topics WHERE tenant_id = ? AND id = ?`);
  const remove = prepare("DELETE FROM topics WHERE tenant_id = ? AND id = ?");

  const get = (tenantId: number, id: number) => (byId.get(tenantId, id) as Topic | undefined) ?? null;
  const columns = (topic: Omit<Topic, "id">) => ({
    title: topic.title,
    description: topic.description,
    sort: topic.sort,
    created_at: topic.created_at,
    updated_at: topic.updated_at,
  });

  return {
    create(tenantId, data) {
      return insert.get({ ...columns(data), key_tenant: tenantId }) as Topic;
    },
    get,
    list: atomicRead(db, (tenantId: number, window: Window) => {
      const where = new Where().add("tenant_id = ?", tenantId);
      return selectPage(prepare, { select: COLUMNS, from: "topics", where, order: BY_SORT, window, map: identity });
    }),
    update: atomicWrite(db, (tenantId: number, id: number, patch: TopicPatch) => {
      const current = get(tenantId, id);
      if (current === null) return null;
      const { id: _id, ...next } = mergePatch(current, patch);
      return update.get({ ...columns(next), key_tenant: tenantId, key_id: id }) as Topic;
    }),
    delete(tenantId, id) {
      return remove.run(tenantId, id).changes > 0;
    },
  };
}
