import type { Storage } from "@helpdesk/core";
import { createApiTokenRepository } from "./api-token-repository";
import { createAutomationFiringRepository } from "./automation-firing-repository";
import { createGroupRepository } from "./group-repository";
import { migrate } from "./migrations";
import { Mutex } from "./mutex";
import { createOrganizationRepository } from "./organization-repository";
import { createOutboxRepository } from "./outbox-repository";
import { createRoundRobinRepository } from "./round-robin-repository";
import { createRuleRepository } from "./rule-repository";
import { createScheduleRepository } from "./schedule-repository";
import { createOAuthClientRepository } from "./oauth-client-repository";
import { createOAuthGrantRepository } from "./oauth-grant-repository";
import { createOAuthSessionRepository } from "./oauth-session-repository";
import { toStorageError } from "./sqlite-errors";
import { createStatementCache, type SqliteDatabase } from "./sqlite-database";
import { bindRepository, type Runner } from "./sync-repository";
import { createTenantRepository } from "./tenant-repository";
import { createTicketRepository } from "./ticket-repository";
import { createUserRepository } from "./user-repository";
import { createViewRepository } from "./view-repository";
import { createWebhookRepository } from "./webhook-repository";
import { createFieldDefinitionRepository } from "./field-definition-repository";
import { createTopicRepository } from "./topic-repository";
import { createQuestionRepository } from "./question-repository";
import { createQuestionCommentRepository } from "./question-comment-repository";
import { createChatRepository } from "./chat-repository";
import { createAttachmentRepository } from "./attachment-repository";
import { createCategoryRepository } from "./category-repository";
import { createForumRepository } from "./forum-repository";
import { createPostRepository } from "./post-repository";
import { createPostCommentRepository } from "./post-comment-repository";
import { createPostVoteRepository } from "./post-vote-repository";
import { createBotQuestionGroupRepository, createBotQuestionRepository } from "./bot-bank-repository";

/** Settles a synchronous operation; driver errors become contract errors. */
const attempt: Runner = (op) => {
  try {
    return Promise.resolve(op());
  } catch (err) {
    return Promise.reject(toStorageError(err));
  }
};

/**
 * Storage over one better-sqlite3 connection the caller owns and closes.
 * Sets the pragmas and applies pending migrations synchronously. Transactions
 * are serialized by a mutex; root-level calls made while one is open wait for
 * it, and otherwise run at once.
 */
export function sqliteStorage(db: SqliteDatabase): Storage {
  // WAL must be set outside a transaction; the rest are per-connection settings.
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  // Reads of a large help desk hit pages all over the file: map it rather than pread page by page.
  db.pragma("mmap_size = 268435456");
  migrate(db);

  const prepare = createStatementCache(db);
  const repositories = {
    tenants: createTenantRepository(prepare),
    users: createUserRepository(db, prepare),
    groups: createGroupRepository(db, prepare),
    organizations: createOrganizationRepository(db, prepare),
    tickets: createTicketRepository(db, prepare),
    apiTokens: createApiTokenRepository(prepare),
    rules: createRuleRepository(db, prepare),
    webhooks: createWebhookRepository(db, prepare),
    outbox: createOutboxRepository(db, prepare),
    roundRobin: createRoundRobinRepository(prepare),
    automationFirings: createAutomationFiringRepository(prepare),
    schedules: createScheduleRepository(prepare),
    fieldDefinitions: createFieldDefinitionRepository(db, prepare),
    topics: createTopicRepository(db, prepare),
    questions: createQuestionRepository(db, prepare),
    questionComments: createQuestionCommentRepository(db, prepare),
    chats: createChatRepository(db, prepare),
    views: createViewRepository(db, prepare),
    attachments: createAttachmentRepository(prepare),
    categories: createCategoryRepository(db, prepare),
    forums: createForumRepository(db, prepare),
    posts: createPostRepository(db, prepare),
    postComments: createPostCommentRepository(db, prepare),
    botQuestionGroups: createBotQuestionGroupRepository(db, prepare),
    botQuestions: createBotQuestionRepository(db, prepare),
    oauthClients: createOAuthClientRepository(prepare),
    oauthGrants: createOAuthGrantRepository(prepare),
    oauthSessions: createOAuthSessionRepository(prepare),
    postVotes: createPostVoteRepository(db, prepare),
  };
  const begin = prepare("BEGIN IMMEDIATE");
  const commit = prepare("COMMIT");
  const rollback = prepare("ROLLBACK");
  const mutex = new Mutex();

  // The hot path: nobody holds the lock, so the call runs now, with no extra promise hop.
  const runRoot: Runner = (op) => {
    if (!mutex.locked) return attempt(op);
    return mutex.acquire().then(() => {
      try {
        return attempt(op);
      } finally {
        mutex.release();
      }
    });
  };

  const bindAll = (run: Runner): Omit<Storage, "transaction"> => ({
    tenants: bindRepository(repositories.tenants, run),
    users: bindRepository(repositories.users, run),
    groups: bindRepository(repositories.groups, run),
    organizations: bindRepository(repositories.organizations, run),
    tickets: bindRepository(repositories.tickets, run),
    apiTokens: bindRepository(repositories.apiTokens, run),
    rules: bindRepository(repositories.rules, run),
    webhooks: bindRepository(repositories.webhooks, run),
    outbox: bindRepository(repositories.outbox, run),
    roundRobin: bindRepository(repositories.roundRobin, run),
    automationFirings: bindRepository(repositories.automationFirings, run),
    schedules: bindRepository(repositories.schedules, run),
    fieldDefinitions: bindRepository(repositories.fieldDefinitions, run),
    topics: bindRepository(repositories.topics, run),
    questions: bindRepository(repositories.questions, run),
    questionComments: bindRepository(repositories.questionComments, run),
    chats: bindRepository(repositories.chats, run),
    views: bindRepository(repositories.views, run),
    attachments: bindRepository(repositories.attachments, run),
    categories: bindRepository(repositories.categories, run),
    forums: bindRepository(repositories.forums, run),
    posts: bindRepository(repositories.posts, run),
    postComments: bindRepository(repositories.postComments, run),
    botQuestionGroups: bindRepository(repositories.botQuestionGroups, run),
    botQuestions: bindRepository(repositories.botQuestions, run),
    oauthClients: bindRepository(repositories.oauthClients, run),
    oauthGrants: bindRepository(repositories.oauthGrants, run),
    oauthSessions: bindRepository(repositories.oauthSessions, run),
    postVotes: bindRepository(repositories.postVotes, run),
  });

  /** The view handed to `fn`: direct while its transaction is open, like the root afterwards. */
  const transactionView = (scope: { open: boolean }): Storage => {
    const view: Storage = {
      transaction: (fn) => {
        if (!scope.open) return root.transaction(fn);
        try {
          return fn(view);
        } catch (err) {
          return Promise.reject(err);
        }
      },
      ...bindAll((op) => (scope.open ? attempt(op) : runRoot(op))),
    };
    return view;
  };

  /** Runs a transaction-control statement; a busy or broken database becomes a contract error. */
  const control = (statement: typeof begin): void => {
    try {
      statement.run();
    } catch (err) {
      throw toStorageError(err);
    }
  };
  const rollbackIfOpen = (): void => {
    if (db.inTransaction) control(rollback);
  };

  const root: Storage = {
    async transaction(fn) {
      await mutex.acquire();
      const scope = { open: true };
      try {
        control(begin);
        let result: Awaited<ReturnType<typeof fn>>;
        try {
          result = await fn(transactionView(scope));
        } catch (err) {
          rollbackIfOpen();
          throw err;
        }
        try {
          control(commit);
        } catch (err) {
          rollbackIfOpen();
          throw err;
        }
        return result;
      } finally {
        scope.open = false;
        mutex.release();
      }
    },
    ...bindAll(runRoot),
  };
  return root;
}
