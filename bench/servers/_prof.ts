import Database from "better-sqlite3";
import { createHelpDesk } from "@helpdesk/core";
import { createRequestListener } from "@helpdesk/http";
import { sqliteStorage } from "@helpdesk/storage-sqlite";
import { createServer } from "node:http";
const desk = createHelpDesk({ storage: sqliteStorage(new Database(process.argv[2]!)) });
const listener = createRequestListener(desk);
let n = 0;
let elu = performance.eventLoopUtilization();
let cpu = process.cpuUsage();
createServer((req, res) => { n++; listener(req, res); }).listen(3201, "127.0.0.1", () => console.log("listening"));
process.on("SIGUSR2", () => { n = 0; cpu = process.cpuUsage(); elu = performance.eventLoopUtilization(); });
process.on("SIGINT", () => {
  const c = process.cpuUsage(cpu);
  console.log(`requests ${n}, cpu user+sys per request ${((c.user + c.system) / n).toFixed(1)}µs, ELU ${performance.eventLoopUtilization(elu).utilization.toFixed(2)}`);
  process.exit(0);
});
