// A load test of `csp serve` on localhost: CONNECTIONS clients (50) for SECONDS (60) asking
// for hints and solves on the bundled top1465 sample, with autocannon (mcollina/autocannon,
// the maintained Node HTTP benchmarking tool). Reports the latency percentiles, the errors
// and the server's memory (VmRSS sampled twice a second); fails on any error or non-2xx.
// Not part of .ci/run (it takes a minute); run by hand on a quiet machine:
//   cargo build --release -p csp-cli && node crates/serve/e2e/load.mjs target/release/csp [SECONDS]

import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const csp = process.argv[2];
const seconds = Number(process.argv[3] || 60);
const connections = Number(process.env.CONNECTIONS || 50);
if (!csp) {
  console.error("usage: node load.mjs PATH/TO/csp [SECONDS]");
  process.exit(2);
}

const puzzles = readFileSync(new URL("../../../data/sudoku/puzzles3_magictour_top1465", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => /^[0-9.]{81}$/.test(l.trim()));

const server = spawn(csp, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/http:\/\/[^\s]+\//);
    if (m) resolve(m[0]);
  });
  server.on("exit", (code) => reject(new Error(`csp serve exited with ${code}`)));
});

const rss = () => {
  const m = readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : 0;
};
const start = rss();
let peak = start;
const samples = [];
const sampler = setInterval(() => {
  const r = rss();
  peak = Math.max(peak, r);
  samples.push(r);
}, 500);

const pick = () => puzzles[Math.floor(Math.random() * puzzles.length)];
const json = { "content-type": "application/json" };
const result = await autocannon({
  url,
  connections,
  duration: seconds,
  requests: [
    {
      method: "POST",
      path: "/api/sudoku/hint",
      headers: json,
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ puzzle: pick(), level: 3 }) }),
    },
    {
      method: "POST",
      path: "/api/sudoku/solve",
      headers: json,
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ puzzle: pick() }) }),
    },
  ],
});
clearInterval(sampler);
const end = rss();
server.kill();

const l = result.latency;
const half = samples.slice(Math.floor(samples.length / 2));
console.log(`${connections} clients, ${seconds} s: ${result.requests.total} requests (${result.requests.average.toFixed(0)}/s)`);
console.log(`latency ms: p50 ${l.p50}, p90 ${l.p90}, p99 ${l.p99}, max ${l.max}`);
console.log(`errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`);
console.log(`server RSS MiB: start ${start.toFixed(1)}, peak ${peak.toFixed(1)}, end ${end.toFixed(1)}, second half ${Math.min(...half).toFixed(1)}–${Math.max(...half).toFixed(1)}`);
process.exit(result.errors || result.timeouts || result.non2xx ? 1 : 0);
