export { runStorageConformance } from "./storage-conformance";
export type { ConformanceContext, StorageFactory } from "./conformance-context";
export { at, createTenant, newComment, newOutboxMessage, newRule, newTicket, newUser } from "./fixtures";
