import type { QuestionRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toQuestion, type QuestionRow } from "./community-row-mappers";
import { pickDefined } from "./row-mappers";
import { selectPage } from "./sql-helpers";

const COLUMNS = ["id", "topic_id", "title", "content", "author_id", "created_at", "updated_at"];
const WRITABLE = ["topic_id", "title", "content", "author_id", "created_at", "updated_at"];
const NEWEST_FIRST = { joins: [], terms: "created_at DESC, id DESC" };

/** Community questions; comments go with a question through ON DELETE CASCADE. */
export function createQuestionRepository(db: Knex): QuestionRepository {
  return {
    async create(tenantId, data) {
      const rows: QuestionRow[] = await db("questions")
        .insert({ ...pickDefined(data, WRITABLE), tenant_id: tenantId })
        .returning(COLUMNS);
      return toQuestion(rows[0]!);
    },
    async get(tenantId, id) {
      const row: QuestionRow | undefined = await db("questions").select(COLUMNS).where({ tenant_id: tenantId, id }).first();
      return row === undefined ? null : toQuestion(row);
    },
    async list(tenantId, filter, window) {
      const filtered = db("questions").where("tenant_id", tenantId);
      if (filter.topicId !== undefined) filtered.where("topic_id", filter.topicId);
      if (filter.authorId !== undefined) filtered.where("author_id", filter.authorId);
      return selectPage(db, { filtered, select: COLUMNS.join(", "), order: NEWEST_FIRST, window, map: toQuestion });
    },
    async update(tenantId, id, patch) {
      const rows: QuestionRow[] = await db("questions").where({ tenant_id: tenantId, id }).update(pickDefined(patch, WRITABLE)).returning(COLUMNS);
      return rows[0] === undefined ? null : toQuestion(rows[0]);
    },
    async delete(tenantId, id) {
      return (await db("questions").where({ tenant_id: tenantId, id }).del()) > 0;
    },
  };
}
