/** The help desk itself: core + SQLite adapter + HTTP listener, as `helpdesk serve` runs it. */
import Database from "better-sqlite3";
import { createHelpDesk } from "@helpdesk/core";
import { startServer } from "@helpdesk/http";
import { sqliteStorage } from "@helpdesk/storage-sqlite";

const [file, port] = process.argv.slice(2) as [string, string];
const desk = createHelpDesk({ storage: sqliteStorage(new Database(file)) });
await startServer({ desk, port: Number(port), host: "127.0.0.1" });
console.log("listening");
