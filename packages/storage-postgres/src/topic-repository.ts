import type { TopicRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toTopic, type TopicRow } from "./community-row-mappers";
import { pickDefined } from "./row-mappers";
import { selectPage } from "./sql-helpers";

const COLUMNS = ["id", "title", "description", "sort", "created_at", "updated_at"];
const WRITABLE = ["title", "description", "sort", "created_at", "updated_at"];
const BY_SORT = { joins: [], terms: "sort ASC, id ASC" };

/** Community topics; questions and their comments go with a topic through ON DELETE CASCADE. */
export function createTopicRepository(db: Knex): TopicRepository {
  return {
    async create(tenantId, data) {
      const rows: TopicRow[] = await db("topics")
        .insert({ ...pickDefined(data, WRITABLE), tenant_id: tenantId })
        .returning(COLUMNS);
      return toTopic(rows[0]!);
    },
    async get(tenantId, id) {
      const row: TopicRow | undefined = await db("topics").select(COLUMNS).where({ tenant_id: tenantId, id }).first();
      return row === undefined ? null : toTopic(row);
    },
    async list(tenantId, window) {
      const filtered = db("topics").where("tenant_id", tenantId);
      return selectPage(db, { filtered, select: COLUMNS.join(", "), order: BY_SORT, window, map: toTopic });
    },
    async update(tenantId, id, patch) {
      const rows: TopicRow[] = await db("topics").where({ tenant_id: tenantId, id }).update(pickDefined(patch, WRITABLE)).returning(COLUMNS);
      return rows[0] === undefined ? null : toTopic(rows[0]);
    },
    async delete(tenantId, id) {
      return (await db("topics").where({ tenant_id: tenantId, id }).del()) > 0;
    },
  };
}
