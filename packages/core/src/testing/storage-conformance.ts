import { afterEach, beforeEach, describe } from "vitest";
import type { Storage } from "../storage";
import { describeApiTokens } from "./api-tokens-conformance";
import { describeAutomationFirings } from "./automation-firings-conformance";
import type { ConformanceContext, StorageFactory } from "./conformance-context";
import { describeGroups } from "./groups-conformance";
import { describeOrganizations } from "./organizations-conformance";
import { describeOutbox } from "./outbox-conformance";
import { describeRoundRobin } from "./round-robin-conformance";
import { describeRules } from "./rules-conformance";
import { describeSchedules } from "./schedules-conformance";
import { describeTenantIsolation } from "./tenant-isolation-conformance";
import { describeTenants } from "./tenants-conformance";
import { describeTicketLists } from "./tickets-list-conformance";
import { describeTickets } from "./tickets-conformance";
import { describeTransactions } from "./transactions-conformance";
import { describeUserLists } from "./users-list-conformance";
import { describeUsers } from "./users-conformance";
import { describeWebhooks } from "./webhooks-conformance";
import { describeTicketComments } from "./ticket-comments-conformance";
import { describeFieldDefinitions } from "./field-definitions-conformance";
import { describeCommunity } from "./community-conformance";
import { describeChats } from "./chats-conformance";
import { describeViewFilters } from "./view-filter-conformance";
import { describeViews } from "./views-conformance";
import { describeAttachments } from "./attachments-conformance";
import { describeKnowledgeBasePosts } from "./knowledge-base-posts-conformance";
import { describeKnowledgeBaseStructure } from "./knowledge-base-structure-conformance";
import { describeBotBank } from "./bot-bank-conformance";
import { describeOAuth } from "./oauth-conformance";
import { describeKnowledgeBaseVotes } from "./knowledge-base-votes-conformance";

/**
 * Registers the storage conformance suite: every test gets a fresh, empty
 * storage from `makeStorage` and closes it afterwards. It uses the `Storage`
 * interface only, so every adapter runs it unchanged.
 */
export function runStorageConformance(name: string, makeStorage: StorageFactory): void {
  describe(`storage conformance: ${name}`, () => {
    let current: Awaited<ReturnType<StorageFactory>> | undefined;

    beforeEach(async () => {
      current = await makeStorage();
    });

    afterEach(async () => {
      const opened = current;
      current = undefined;
      await opened?.close();
    });

    const ctx: ConformanceContext = {
      get storage(): Storage {
        if (current === undefined) throw new Error("The conformance storage is only available inside a test");
        return current.storage;
      },
    };

    describeTenants(ctx);
    describeUsers(ctx);
    describeUserLists(ctx);
    describeGroups(ctx);
    describeOrganizations(ctx);
    describeTickets(ctx);
    describeTicketLists(ctx);
    describeApiTokens(ctx);
    describeRules(ctx);
    describeWebhooks(ctx);
    describeOutbox(ctx);
    describeRoundRobin(ctx);
    describeAutomationFirings(ctx);
    describeSchedules(ctx);
    describeTransactions(ctx);
    describeTenantIsolation(ctx);
    describeTicketComments(ctx);
    describeFieldDefinitions(ctx);
    describeCommunity(ctx);
    describeChats(ctx);
    describeViews(ctx);
    describeViewFilters(ctx);
    describeAttachments(ctx);
    describeKnowledgeBaseStructure(ctx);
    describeKnowledgeBasePosts(ctx);
    describeBotBank(ctx);
    describeOAuth(ctx);
    describeKnowledgeBaseVotes(ctx);
  });
}
