import type { Storage } from "../storage";

/** What each aggregate's conformance block reads: the fresh storage of the running test. */
export interface ConformanceContext {
  readonly storage: Storage;
}

/** Makes a fresh, empty storage; `close` releases whatever the factory opened. */
export type StorageFactory = () => Promise<{ storage: Storage; close(): Promise<void> }>;
