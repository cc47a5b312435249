export { runStorageConformance } from "./storage-conformance";
export type { ConformanceContext, StorageFactory } from "./conformance-context";
