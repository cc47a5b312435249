import type { BotQuestion, BotQuestionGroup, BotQuestionGroupRepository, BotQuestionRepository, NewBotQuestion, Window } from "@helpdesk/core";
import { jsonList, selectPage, Where } from "./sql-helpers";
import { atomicRead, atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

type QuestionRow = Omit<BotQuestion, "other_titles" | "active"> & { other_titles: string; active: number };
type QuestionPatch = Parameters<BotQuestionRepository["update"]>[2];

const GROUP_COLUMNS = "id, title, created_at, updated_at";
const QUESTION_COLUMNS = "id, category_id, title, other_titles, answer, active, remark, created_at, updated_at";
const IN_IDS = "IN (SELECT value FROM json_each(?))";
const BY_ID = { sql: "id ASC", params: [] };

const toQuestion = ({ other_titles, active, ...row }: QuestionRow): BotQuestion => ({
  ...row,
  other_titles: JSON.parse(other_titles) as string[],
  active: active === 1,
});

/** Question groups of the chat-bot bank. */
export function createBotQuestionGroupRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<BotQuestionGroupRepository> {
  const insert = prepare(`INSERT INTO bot_question_groups (tenant_id, title, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING ${GROUP_COLUMNS}`);
  const byIds = prepare(`SELECT ${GROUP_COLUMNS} FROM bot_question_groups WHERE tenant_id = ? AND id ${IN_IDS} ORDER BY id`);
  const rename = prepare(`UPDATE bot_question_groups SET title = ?, updated_at = ? WHERE tenant_id = ? AND id = ? RETURNING ${GROUP_COLUMNS}`);
  const counts = prepare(`SELECT category_id AS id, COUNT(*) AS count FROM bot_questions WHERE tenant_id = ? AND category_id ${IN_IDS} GROUP BY category_id`);
  const remove = prepare(`DELETE FROM bot_question_groups WHERE tenant_id = ? AND id ${IN_IDS}`);
  return {
    create(tenantId, data) {
      return insert.get(tenantId, data.title, data.created_at, data.updated_at) as BotQuestionGroup;
    },
    getMany(tenantId, ids) {
      return ids.length === 0 ? [] : (byIds.all(tenantId, jsonList(ids)) as BotQuestionGroup[]);
    },
    list: atomicRead(db, (tenantId: number, window: Window) => {
      const where = new Where().add("tenant_id = ?", tenantId);
      return selectPage(prepare, { select: GROUP_COLUMNS, from: "bot_question_groups", where, order: BY_ID, window, map: (row: BotQuestionGroup) => row });
    }),
    update(tenantId, id, patch) {
      return (rename.get(patch.title, patch.updated_at, tenantId, id) as BotQuestionGroup | undefined) ?? null;
    },
    countQuestions(tenantId, ids) {
      const rows = counts.all(tenantId, jsonList(ids)) as Array<{ id: number; count: number }>;
      return new Map(rows.map((r) => [r.id, r.count]));
    },
    delete(tenantId, ids) {
      return remove.run(tenantId, jsonList(ids)).changes;
    },
  };
}

/** Questions of the chat-bot bank; `other_titles` is a JSON array. */
export function createBotQuestionRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<BotQuestionRepository> {
  const insert = prepare(
    "INSERT INTO bot_questions (tenant_id, category_id, title, other_titles, answer, active, remark, created_at, updated_at) " +
      `VALUES (@tenant_id, @category_id, @title, @other_titles, @answer, @active, @remark, @created_at, @updated_at) RETURNING ${QUESTION_COLUMNS}`,
  );
  const byId = prepare(`SELECT ${QUESTION_COLUMNS} FROM bot_questions WHERE tenant_id = ? AND id = ?`);
  const byIds = prepare(`SELECT ${QUESTION_COLUMNS} FROM bot_questions WHERE tenant_id = ? AND id ${IN_IDS} ORDER BY id`);
  const save = prepare(
    "UPDATE bot_questions SET category_id = @category_id, title = @title, other_titles = @other_titles, answer = @answer, " +
      `active = @active, remark = @remark, updated_at = @updated_at WHERE tenant_id = @tenant_id AND id = @id RETURNING ${QUESTION_COLUMNS}`,
  );
  const remove = prepare(`DELETE FROM bot_questions WHERE tenant_id = ? AND id ${IN_IDS}`);
  const params = (q: Omit<NewBotQuestion, "created_at"> & { created_at?: number }) => ({
    ...q,
    other_titles: JSON.stringify(q.other_titles),
    active: q.active ? 1 : 0,
  });
  const filtered = (tenantId: number, filter: Parameters<BotQuestionRepository["list"]>[1]) => {
    const where = new Where().add("tenant_id = ?", tenantId);
    if (filter.categoryId !== undefined) where.add("category_id = ?", filter.categoryId);
    if (filter.active !== undefined) where.add("active = ?", filter.active ? 1 : 0);
    return where;
  };
  return {
    create(tenantId, data) {
      return toQuestion(insert.get({ ...params(data), tenant_id: tenantId }) as QuestionRow);
    },
    getMany(tenantId, ids) {
      return ids.length === 0 ? [] : (byIds.all(tenantId, jsonList(ids)) as QuestionRow[]).map(toQuestion);
    },
    list: atomicRead(db, (tenantId: number, filter: Parameters<BotQuestionRepository["list"]>[1], window: Window) =>
      selectPage(prepare, { select: QUESTION_COLUMNS, from: "bot_questions", where: filtered(tenantId, filter), order: BY_ID, window, map: toQuestion }),
    ),
    listAll(tenantId, filter) {
      const where = filtered(tenantId, filter);
      return (prepare(`SELECT ${QUESTION_COLUMNS} FROM bot_questions WHERE ${where.sql} ORDER BY id`).all(...where.params) as QuestionRow[]).map(toQuestion);
    },
    update: atomicWrite(db, (tenantId: number, id: number, patch: QuestionPatch) => {
      const row = byId.get(tenantId, id) as QuestionRow | undefined;
      if (row === undefined) return null;
      const { created_at: _created, ...current } = toQuestion(row);
      return toQuestion(save.get({ ...params({ ...current, ...patch }), tenant_id: tenantId, id }) as QuestionRow);
    }),
    delete(tenantId, ids) {
      return remove.run(tenantId, jsonList(ids)).changes;
    },
  };
}
