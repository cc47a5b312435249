import type { BotQuestion, BotQuestionFilter, BotQuestionGroup, BotQuestionGroupRepository, BotQuestionRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { json, toNumber, type Int8 } from "./row-mappers";
import { queryRows, selectPage } from "./sql-helpers";

type GroupRow = { [K in keyof BotQuestionGroup]: BotQuestionGroup[K] extends number ? Int8 : BotQuestionGroup[K] };
type QuestionRow = { [K in keyof BotQuestion]: BotQuestion[K] extends number ? Int8 : BotQuestion[K] };

const GROUP_COLUMNS = "id, title, created_at, updated_at";
const QUESTION_COLUMNS = "id, category_id, title, other_titles, answer, active, remark, created_at, updated_at";
const BY_ID = { joins: [], terms: "id ASC" };

const toGroup = (row: GroupRow): BotQuestionGroup => ({
  id: toNumber(row.id),
  title: row.title,
  created_at: toNumber(row.created_at),
  updated_at: toNumber(row.updated_at),
});

const toQuestion = (row: QuestionRow): BotQuestion => ({
  id: toNumber(row.id),
  category_id: toNumber(row.category_id),
  title: row.title,
  other_titles: row.other_titles,
  answer: row.answer,
  active: row.active,
  remark: row.remark,
  created_at: toNumber(row.created_at),
  updated_at: toNumber(row.updated_at),
});

/** Question groups of the chat-bot bank. */
export function createBotQuestionGroupRepository(db: Knex): BotQuestionGroupRepository {
  return {
    async create(tenantId, data) {
      const sql = `INSERT INTO bot_question_groups (tenant_id, title, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING ${GROUP_COLUMNS}`;
      const [row] = await queryRows<GroupRow>(db, sql, [tenantId, data.title, data.created_at, data.updated_at]);
      return toGroup(row!);
    },
    async getMany(tenantId, ids) {
      if (ids.length === 0) return [];
      const sql = `SELECT ${GROUP_COLUMNS} FROM bot_question_groups WHERE tenant_id = ? AND id = ANY(?::bigint[]) ORDER BY id`;
      return (await queryRows<GroupRow>(db, sql, [tenantId, ids])).map(toGroup);
    },
    async list(tenantId, window) {
      const filtered = db("bot_question_groups").where("tenant_id", tenantId);
      return selectPage(db, { filtered, select: GROUP_COLUMNS, order: BY_ID, window, map: toGroup });
    },
    async update(tenantId, id, patch) {
      const sql = `UPDATE bot_question_groups SET title = ?, updated_at = ? WHERE tenant_id = ? AND id = ? RETURNING ${GROUP_COLUMNS}`;
      const [row] = await queryRows<GroupRow>(db, sql, [patch.title, patch.updated_at, tenantId, id]);
      return row === undefined ? null : toGroup(row);
    },
    async countQuestions(tenantId, ids) {
      const sql = "SELECT category_id AS id, count(*) AS count FROM bot_questions WHERE tenant_id = ? AND category_id = ANY(?::bigint[]) GROUP BY category_id";
      const rows = await queryRows<{ id: Int8; count: Int8 }>(db, sql, [tenantId, ids]);
      return new Map(rows.map((r) => [toNumber(r.id), toNumber(r.count)]));
    },
    async delete(tenantId, ids) {
      const [row] = await queryRows<{ deleted: Int8 }>(
        db,
        "WITH deleted AS (DELETE FROM bot_question_groups WHERE tenant_id = ? AND id = ANY(?::bigint[]) RETURNING id) SELECT count(*) AS deleted FROM deleted",
        [tenantId, ids],
      );
      return toNumber(row!.deleted);
    },
  };
}

/** Questions of the chat-bot bank; `other_titles` is jsonb. */
export function createBotQuestionRepository(db: Knex): BotQuestionRepository {
  const filtered = (tenantId: number, filter: BotQuestionFilter) => {
    const query = db("bot_questions").where("tenant_id", tenantId);
    if (filter.categoryId !== undefined) query.where("category_id", filter.categoryId);
    if (filter.active !== undefined) query.where("active", filter.active);
    return query;
  };
  return {
    async create(tenantId, data) {
      const sql =
        "INSERT INTO bot_questions (tenant_id, category_id, title, other_titles, answer, active, remark, created_at, updated_at) " +
        `VALUES (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?) RETURNING ${QUESTION_COLUMNS}`;
      const params = [tenantId, data.category_id, data.title, json(data.other_titles), data.answer, data.active, data.remark, data.created_at, data.updated_at];
      const [row] = await queryRows<QuestionRow>(db, sql, params);
      return toQuestion(row!);
    },
    async getMany(tenantId, ids) {
      if (ids.length === 0) return [];
      const sql = `SELECT ${QUESTION_COLUMNS} FROM bot_questions WHERE tenant_id = ? AND id = ANY(?::bigint[]) ORDER BY id`;
      return (await queryRows<QuestionRow>(db, sql, [tenantId, ids])).map(toQuestion);
    },
    async list(tenantId, filter, window) {
      return selectPage(db, { filtered: filtered(tenantId, filter), select: QUESTION_COLUMNS, order: BY_ID, window, map: toQuestion });
    },
    async listAll(tenantId, filter) {
      const rows: QuestionRow[] = await filtered(tenantId, filter).select(db.raw(QUESTION_COLUMNS)).orderBy("id");
      return rows.map(toQuestion);
    },
    async update(tenantId, id, patch) {
      // Only the patched columns are written, so concurrent updates of different fields both survive.
      const columns: Record<string, unknown> = { ...patch };
      if (patch.other_titles !== undefined) columns.other_titles = json(patch.other_titles);
      const names = Object.keys(columns);
      const sql = `UPDATE bot_questions SET ${names.map((name) => `${name} = ?`).join(", ")} WHERE tenant_id = ? AND id = ? RETURNING ${QUESTION_COLUMNS}`;
      const [row] = await queryRows<QuestionRow>(db, sql, [...names.map((name) => columns[name]), tenantId, id]);
      return row === undefined ? null : toQuestion(row);
    },
    async delete(tenantId, ids) {
      const [row] = await queryRows<{ deleted: Int8 }>(
        db,
        "WITH deleted AS (DELETE FROM bot_questions WHERE tenant_id = ? AND id = ANY(?::bigint[]) RETURNING id) SELECT count(*) AS deleted FROM deleted",
        [tenantId, ids],
      );
      return toNumber(row!.deleted);
    },
  };
}
