import type { QuestionComment, QuestionCommentRepository, Window } from "@helpdesk/core";
import { selectPage, Where } from "./sql-helpers";
import { atomicRead, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

const COLUMNS = "id, question_id, content, author_id, created_at";
const OLDEST_FIRST = { sql: "id ASC", params: [] };
const identity = (row: QuestionComment): QuestionComment => row;

/** Comments on community questions. */
export function createQuestionCommentRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<QuestionCommentRepository> {
  const insert = prepare(
    "INSERT INTO question_comments (tenant_id, question_id, content, author_id, created_at) " +
      `VALUES (?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
  );
  const byId = prepare(`SELECT ${COLUMNS} FROM question_comments WHERE tenant_id = ? AND question_id = ? AND id = ?`);

  return {
    create(tenantId, questionId, data) {
      return insert.get(tenantId, questionId, data.content, data.author_id, data.created_at) as QuestionComment;
    },
    get(tenantId, questionId, id) {
      return (byId.get(tenantId, questionId, id) as QuestionComment | undefined) ?? null;
    },
    list: atomicRead(db, (tenantId: number, questionId: number, window: Window) => {
      const where = new Where().add("tenant_id = ?", tenantId).add("question_id = ?", questionId);
      return selectPage(prepare, { select: COLUMNS, from: "question_comments", where, order: OLDEST_FIRST, window, map: identity });
    }),
  };
}
