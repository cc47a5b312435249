export { runStorageConformance } from "./storage-conformance";
export type { ConformanceContext, StorageFactory } from "./conformance-context";
export { at, createTenant, newComment, newOutboxMessage, newRule, newTicket, newUser } from "./fixtures";
export { runBlobStoreConformance, type BlobStoreFactory } from "./blob-store-conformance";
export { newAttachment } from "./attachments-conformance";
export { errorCode } from "./fixtures";
export { newCategory, newForum, newPost, newPostComment, seedKnowledgeBase } from "./knowledge-base-fixtures";
