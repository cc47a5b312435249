import type { Question, QuestionFilter, QuestionRepository, Window } from "@helpdesk/core";
import { mergePatch } from "./row-mappers";
import { selectPage, Where } from "./sql-helpers";
import { atomicRead, atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

type QuestionPatch = Parameters<QuestionRepository["update"]>[2];

const COLUMNS = "id, topic_id, title, content, author_id, created_at, updated_at";
const NEWEST_FIRST = { sql: "created_at DESC, id DESC", params: [] };
const identity = (row: Question): Question => row;

/** Community questions; comments go with a question through ON DELETE CASCADE. */
export function createQuestionRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<QuestionRepository> {
  const insert = prepare(
    "INSERT INTO questions (tenant_id, topic_id, title, content, author_id, created_at, updated_at) " +
      `VALUES (@key_tenant, @topic_id, @title, @content, @author_id, @created_at, @updated_at) RETURNING ${COLUMNS}`,
  );
  const update = prepare(
    "UPDATE questions SET topic_id = @topic_id, title = @title, content = @content, updated_at = @updated_at " +
      `WHERE tenant_id = @key_tenant AND id = @key_id RETURNING ${COLUMNS}`,
  );
  const byId = prepare(`SELECT ${COLUMNS} FROM questions WHERE tenant_id = ? AND id = ?`);
  const remove = prepare("DELETE FROM questions WHERE tenant_id = ? AND id = ?");

  const get = (tenantId: number, id: number) => (byId.get(tenantId, id) as Question | undefined) ?? null;
  const columns = (question: Omit<Question, "id">) => ({
    topic_id: question.topic_id,
    title: question.title,
    content: question.content,
    author_id: question.author_id,
    created_at: question.created_at,
    updated_at: question.updated_at,
  });

  return {
    create(tenantId, data) {
      return insert.get({ ...columns(data), key_tenant: tenantId }) as Question;
    },
    get,
    list: atomicRead(db, (tenantId: number, filter: QuestionFilter, window: Window) => {
      const where = new Where().add("tenant_id = ?", tenantId);
      if (filter.topicId !== undefined) where.add("topic_id = ?", filter.topicId);
      if (filter.authorId !== undefined) where.add("author_id = ?", filter.authorId);
      return selectPage(prepare, { select: COLUMNS, from: "questions", where, order: NEWEST_FIRST, window, map: identity });
    }),
    update: atomicWrite(db, (tenantId: number, id: number, patch: QuestionPatch) => {
      const current = get(tenantId, id);
      if (current === null) return null;
      const { id: _id, ...next } = mergePatch(current, patch);
      return update.get({ ...columns(next), key_tenant: tenantId, key_id: id }) as Question;
    }),
    delete(tenantId, id) {
      return remove.run(tenantId, id).changes > 0;
    },
  };
}
