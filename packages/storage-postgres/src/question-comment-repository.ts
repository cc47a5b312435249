import type { QuestionCommentRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toQuestionComment, type QuestionCommentRow } from "./community-row-mappers";
import { selectPage } from "./sql-helpers";

const COLUMNS = ["id", "question_id", "content", "author_id", "created_at"];
const OLDEST_FIRST = { joins: [], terms: "id ASC" };

/** Comments on community questions. */
export function createQuestionCommentRepository(db: Knex): QuestionCommentRepository {
  return {
    async create(tenantId, questionId, data) {
      const rows: QuestionCommentRow[] = await db("question_comments")
        .insert({ tenant_id: tenantId, question_id: questionId, content: data.content, author_id: data.author_id, created_at: data.created_at })
        .returning(COLUMNS);
      return toQuestionComment(rows[0]!);
    },
    async get(tenantId, questionId, id) {
      const row: QuestionCommentRow | undefined = await db("question_comments")
        .select(COLUMNS)
        .where({ tenant_id: tenantId, question_id: questionId, id })
        .first();
      return row === undefined ? null : toQuestionComment(row);
    },
    async list(tenantId, questionId, window) {
      const filtered = db("question_comments").where({ tenant_id: tenantId, question_id: questionId });
      return selectPage(db, { filtered, select: COLUMNS.join(", "), order: OLDEST_FIRST, window, map: toQuestionComment });
    },
  };
}
