export { runStorageConformance } from "./storage-conformance";
export type { ConformanceContext, StorageFactory } from "./conformance-context";
export { at, createTenant, newComment, newOutboxMessage, newRule, newTicket, newUser } from "./fixtures";
export { errorCode } from "./fixtures";
export { newCategory, newForum, newPost, newPostComment, seedKnowledgeBase } from "./knowledge-base-fixtures";
