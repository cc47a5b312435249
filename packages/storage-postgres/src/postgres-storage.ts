import type { Storage } from "@helpdesk/core";
import type { Knex } from "knex";
import { createApiTokenRepository } from "./api-token-repository";
import { createAutomationFiringRepository } from "./automation-firing-repository";
import { onLiveConnection } from "./connection-recovery";
import { createGroupRepository } from "./group-repository";
import { createOrganizationRepository } from "./organization-repository";
import { createOutboxRepository } from "./outbox-repository";
import { isConnectionFailure, toStorageError } from "./postgres-errors";
import { createRoundRobinRepository } from "./round-robin-repository";
import { createRuleRepository } from "./rule-repository";
import { createScheduleRepository } from "./schedule-repository";
import { createOAuthClientRepository } from "./oauth-client-repository";
import { createOAuthGrantRepository } from "./oauth-grant-repository";
import { createOAuthSessionRepository } from "./oauth-session-repository";
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

type Repositories = Omit<Storage, "transaction">;

/** Runs one repository call; where it runs decides how errors are mapped and whether a broken connection is retried. */
type Runner = <R>(call: (repositories: Repositories) => Promise<R>) => Promise<R>;

/** How calls and transactions of one Storage view are carried out. */
interface Scope {
  run: Runner;
  transaction: Storage["transaction"];
}

type Method = (...args: unknown[]) => Promise<unknown>;

const AGGREGATES = [
  "tenants", "users", "groups", "organizations", "tickets", "apiTokens",
  "rules", "webhooks", "outbox", "roundRobin", "automationFirings", "schedules",
  "fieldDefinitions",
  "topics", "questions", "questionComments", "chats",
  "views",
  "attachments",
  "categories", "forums", "posts", "postComments",
  "botQuestionGroups", "botQuestions",
  "oauthClients", "oauthGrants", "oauthSessions",
  "postVotes",
] as const satisfies ReadonlyArray<keyof Repositories>;

function createRepositories(db: Knex, inTransaction: boolean): Repositories {
  return {
    tenants: createTenantRepository(db),
    users: createUserRepository(db),
    groups: createGroupRepository(db),
    organizations: createOrganizationRepository(db),
    tickets: createTicketRepository(db, { inTransaction }),
    apiTokens: createApiTokenRepository(db),
    rules: createRuleRepository(db),
    webhooks: createWebhookRepository(db),
    outbox: createOutboxRepository(db),
    roundRobin: createRoundRobinRepository(db, { inTransaction }),
    automationFirings: createAutomationFiringRepository(db),
    schedules: createScheduleRepository(db),
    fieldDefinitions: createFieldDefinitionRepository(db),
    topics: createTopicRepository(db),
    questions: createQuestionRepository(db),
    questionComments: createQuestionCommentRepository(db),
    chats: createChatRepository(db),
    views: createViewRepository(db),
    attachments: createAttachmentRepository(db),
    categories: createCategoryRepository(db),
    forums: createForumRepository(db),
    posts: createPostRepository(db),
    postComments: createPostCommentRepository(db),
    botQuestionGroups: createBotQuestionGroupRepository(db),
    botQuestions: createBotQuestionRepository(db),
    oauthClients: createOAuthClientRepository(db),
    oauthGrants: createOAuthGrantRepository(db),
    oauthSessions: createOAuthSessionRepository(db),
    postVotes: createPostVoteRepository(db),
  };
}

/** A Storage whose every repository method is the same method of `template`'s shape, run through `scope.run`. */
function storageOf(template: Repositories, scope: Scope): Storage {
  const storage: Record<string, unknown> = { transaction: scope.transaction };
  for (const aggregate of AGGREGATES) {
    const methods: Record<string, Method> = {};
    for (const name of Object.keys(template[aggregate])) {
      methods[name] = (...args) => scope.run((repositories) => (repositories[aggregate] as unknown as Record<string, Method>)[name]!(...args));
    }
    storage[aggregate] = methods;
  }
  return storage as unknown as Storage;
}

/**
 * Storage over a knex instance the caller owns (never destroyed by the
 * adapter). Assumes migratePostgres ran and that the instance's search_path
 * reaches the help desk's schema (createPostgresClient sets both up).
 *
 * Transactions and calls run concurrently on the pool; `tickets.getForUpdate`
 * row locks and single-statement writes keep updates from being lost, within
 * a process and across processes alike. A call or a
 * transaction whose connection broke (backend terminated, server restarted)
 * is rerun once on a live connection.
 */
export function postgresStorage(knex: Knex): Storage {
  const rootRepositories = createRepositories(knex, false);

  // A broken connection almost always means the statement never ran (see README, Recovery): rerun it once elsewhere.
  const runRoot: Runner = async (call) => {
    try {
      return await call(rootRepositories);
    } catch (err) {
      if (!isConnectionFailure(err)) throw toStorageError(err);
    }
    try {
      return await onLiveConnection(knex, (trx) => call(createRepositories(trx, false)));
    } catch (err) {
      throw toStorageError(err);
    }
  };

  /**
   * Runs `fn` with a view of `trx`: its calls run on `trx` until `fn` settles
   * and go to `outside` afterwards (a kept `tx` acts like the storage it came
   * from); a nested `transaction` becomes a savepoint.
   */
  async function runIn<T>(trx: Knex.Transaction, outside: Scope, fn: (tx: Storage) => Promise<T>): Promise<T> {
    const repositories = createRepositories(trx, true);
    let open = true;
    const scope: Scope = {
      run: (call) => (open ? call(repositories).catch((err: unknown) => Promise.reject(toStorageError(err))) : outside.run(call)),
      transaction: (inner) =>
        open
          ? trx.transaction((savepoint) => runIn(savepoint, scope, inner)).catch((err: unknown) => Promise.reject(toStorageError(err)))
          : outside.transaction(inner),
    };
    try {
      return await fn(storageOf(rootRepositories, scope));
    } finally {
      open = false;
    }
  }

  async function runTransaction<T>(fn: (tx: Storage) => Promise<T>): Promise<T> {
    let committing = false;
    const attempt = (begin: (work: (trx: Knex.Transaction) => Promise<T>) => Promise<T>) =>
      begin(async (trx) => {
        const result = await runIn(trx, root, fn);
        committing = true;
        return result;
      });
    try {
      return await attempt((work) => knex.transaction(work));
    } catch (err) {
      // Not after fn resolved: a connection lost during COMMIT may have committed, and a rerun would apply fn twice.
      if (committing || !isConnectionFailure(err)) throw toStorageError(err);
    }
    try {
      return await attempt((work) => onLiveConnection(knex, work));
    } catch (err) {
      throw toStorageError(err);
    }
  }

  const root: Scope = { run: runRoot, transaction: runTransaction };
  return storageOf(rootRepositories, root);
}
