// The least any program resuming the bench's session has to do, for scale beside pith and pi: start node, read the
// session file, send the request pith sent for it (its bytes, saved by the bench: no parsing, no serializing) to the
// mock model, read the reply to its end, exit. Run with pith's arguments; only `--session <file>` is read.
"use strict";
const fs = require("node:fs");
const http = require("node:http");

const session = process.argv[process.argv.indexOf("--session") + 1];
fs.readFileSync(session);
const body = fs.readFileSync(process.env.BENCH_FLOOR_BODY);
const headers = { "content-type": "application/json", "content-length": body.length, "x-api-key": "k", "anthropic-version": "2023-06-01" };
const request = http.request(process.env.BENCH_FLOOR_URL, { method: "POST", headers }, (response) => {
  response.resume();
  response.on("end", () => process.stdout.write("ok\n"));
});
request.on("error", (error) => {
  process.stderr.write(`resume-floor: ${error.message}\n`);
  process.exitCode = 1;
});
request.end(body);
