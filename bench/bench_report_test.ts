import { deepStrictEqual, ok } from "node:assert/strict";
import { formatTable, type Report, toJson } from "./bench_report.ts";

const REPORT: Report = {
  rounds: 3,
  sizes: [250, 1000],
  machine: { os: "linux", cpus: 2 },
  tools: { typescript: "npm:typescript@5.9.3" },
  tsgo: "/cache/tsgo",
  timings: {
    250: {
      generate: { minMs: 900, medianMs: 1000, runs: [1000, 900, 1100] },
      generate_ts: { minMs: 700, medianMs: 800, runs: [800, 700, 900] },
      tsc: { minMs: 400, medianMs: 500, runs: [500, 400, 600] },
      tsgo: { failed: "exit 1: boom" },
      openapi_typescript: { minMs: 300, medianMs: 400, runs: [400, 300, 500] },
    },
    1000: {
      generate: { minMs: 1800, medianMs: 2000, runs: [2000, 1800, 2200] },
      tsc: { minMs: 900, medianMs: 1000, runs: [1000, 900, 1100] },
    },
  },
  warm: { 250: { ms: 50, runs: [50] }, 1000: { reason: "no --watch" } },
  warmCode: { 250: { ms: 500, runs: [500] }, 1000: { reason: "no --watch" } },
  rss: { endpoints: 1000, mb: { generate: 300, tsc: 200 } },
  http: {
    zip: { value: 0.95, tailorRps: 9500, baselineRps: 10000 },
    books: { value: null, reason: "no store" },
    booksPostgres: { value: 0.85, tailorRps: 850, baselineRps: 1000 },
    zipNewConn: {
      value: 0.7,
      tailorRps: 700,
      baselineRps: 1000,
      tailorCpuUs: 140.7,
      baselineCpuUs: 37.8,
    },
    booksNewConn: { value: null, reason: "--no-http" },
    booksFile: { value: 0.6, tailorRps: 600, baselineRps: 1000 },
  },
  bigDatabase: {
    books: 200_012,
    worstAcceptedCpuMs: 80,
    worstAccepted: "widest_page",
    worstRequest: "widest_page",
    helloworldIdleP99Ms: 3,
    helloworldP99Ms: 20,
    helloworldAcceptedP99Ms: 20,
    requests: {},
  },
  diff: {
    250: { diffMs: 12.4, processMs: 300, changes: 9 },
    1000: { reason: "tailor diff exit 2" },
  },
  small: {
    timings: {
      generate_ts_skip_check: { minMs: 380, medianMs: 420, runs: [420] },
      deno_eval: { minMs: 20, medianMs: 25, runs: [25] },
      openapi_typescript: { failed: "exit 1: boom" },
    },
    phasesMs: { "sources found": 40, "analyzed": 350 },
    cpuMs: { generate_ts_skip_check: 470, deno_eval: 10 },
  },
  fetcherTypes: {
    instantiationsPerFetcher: 139,
    instantiationsPerBuiltFetcher: 39,
    callsPerFetcher: 7.3,
    deepNestingChecks: true,
  },
};

Deno.test("--json carries every key the performance targets name", () => {
  const json = toJson(REPORT);
  for (
    const key of [
      "cold_vs_tsc",
      "cold_vs_tsgo",
      "ts_vs_openapi_typescript",
      "warm_vs_cold",
      "zip_vs_hono",
      "books_vs_sql",
      "books_vs_sql_pg",
      "rss_vs_tsc",
      "worst_accepted_cpu_ms",
      "helloworld_p99_ms",
      "fetcher_type_instantiations",
    ]
  ) {
    ok(key in json, key);
  }
  deepStrictEqual(json.fetcher_type_instantiations, 39);
  deepStrictEqual(json.fetcher_type_instantiations_read, 139);
  deepStrictEqual(json.fetcher_deep_nesting_checks, true);
  deepStrictEqual(json.worst_accepted_cpu_ms, 80);
  deepStrictEqual(json.helloworld_p99_ms, 20);
  deepStrictEqual(json.cold_vs_tsc, { 250: 2, 1000: 2 });
  deepStrictEqual(json.cold_vs_tsgo, { 250: null, 1000: null });
  deepStrictEqual(json.diff_ms, { 250: 12, 1000: null });
  deepStrictEqual(json.diff_process_ms, { 250: 300, 1000: null });
  deepStrictEqual(json.ts_vs_openapi_typescript, { 250: 2, 1000: null });
  deepStrictEqual(json.warm_vs_cold, { 250: 0.05, 1000: null });
  deepStrictEqual(json.warm_code_vs_cold, { 250: 0.5, 1000: null });
  deepStrictEqual(json.zip_vs_hono, 0.95);
  deepStrictEqual(json.books_vs_sql, null);
  deepStrictEqual(json.books_vs_sql_pg, 0.85);
  deepStrictEqual(json.rss_vs_tsc, 1.5);
  deepStrictEqual(json.bookstore_ts_skip_check_s, 0.42);
  deepStrictEqual(json.bookstore_deno_eval_s, 0.025);
  deepStrictEqual(json.bookstore_openapi_typescript_s, null);
  deepStrictEqual(
    (json.bookstore as { phases_ms: unknown }).phases_ms,
    { "sources found": 40, "analyzed": 350 },
  );
});

Deno.test("every null ratio has a note saying why", () => {
  const notes = toJson(REPORT).notes as Record<string, string>;
  deepStrictEqual(notes["cold_vs_tsgo@250"], "tsgo failed: exit 1: boom");
  deepStrictEqual(notes["cold_vs_tsgo@1000"], "tsgo skipped");
  deepStrictEqual(
    notes["ts_vs_openapi_typescript@1000"],
    "generate_ts skipped; openapi_typescript skipped",
  );
  deepStrictEqual(notes["warm_vs_cold@1000"], "no --watch");
  deepStrictEqual(notes["warm_code_vs_cold@1000"], "no --watch");
  deepStrictEqual(notes.books_vs_sql, "no store");
  deepStrictEqual(
    notes.bookstore_openapi_typescript_s,
    "openapi_typescript failed: exit 1: boom",
  );
  deepStrictEqual(
    notes.bookstore_typescript_floor_s,
    "typescript_floor skipped",
  );
  deepStrictEqual(
    toJson({ ...REPORT, small: { reason: "--skip bookstore" } }).notes,
    {
      ...notes,
      bookstore_ts_skip_check_s: "--skip bookstore",
      bookstore_deno_eval_s: "--skip bookstore",
      bookstore_typescript_floor_s: "--skip bookstore",
      bookstore_openapi_typescript_s: "--skip bookstore",
    },
  );
});

Deno.test("the table shows medians, mins, ratios and targets", () => {
  const table = formatTable(REPORT);
  ok(table.includes("1.00 (0.90)"), table);
  ok(/cold_vs_tsc\s+2\s+2 {2}<= 0.5/.test(table), table);
  ok(/bookstore_ts_skip_check_s\s+0.42 {2}<= 0.4/.test(table), table);
  ok(/350 {2}analyzed/.test(table), table);
  ok(table.includes("generate_ts_skip_check 470, deno_eval 10"), table);
  ok(table.includes("failed"), table);
  ok(
    table.includes(
      "server CPU per request, median (µs, Tailor / baseline): zipNewConn 140.7 / 37.8",
    ),
    table,
  );
});

Deno.test("--json carries the live loop's keys per size, or why not", () => {
  const json = toJson({
    ...REPORT,
    live: {
      250: {
        docP50Ms: 90.4,
        docP95Ms: 150.6,
        codeP50Ms: 380,
        phases: {
          docEventP50Ms: 30.2,
          docApplyP50Ms: 60.2,
          codeEventP50Ms: 150,
          codeApplyP50Ms: 70,
          docCpuMs: 40.4,
          codeCpuMs: 300,
        },
        routeP50Ms: 480,
        routeReloadP50Ms: 300,
        routePhasesP50Ms: {
          analysis: 150.2,
          workerBoot: 20,
          imports: 200,
          mount: 50,
          listen: 5,
          switch: 3,
          rest: 30,
        },
        routeCpuP50Ms: 700,
        runs: { doc: [90.4], code: [380], route: [480] },
      },
      1000: { reason: "no line" },
    },
  });
  deepStrictEqual(json.live, {
    250: {
      clients: 5,
      doc_p50_ms: 90,
      doc_p95_ms: 151,
      code_p50_ms: 380,
      doc_event_p50_ms: 30,
      doc_apply_p50_ms: 60,
      code_event_p50_ms: 150,
      code_apply_p50_ms: 70,
      doc_cpu_ms: 40,
      code_cpu_ms: 300,
      route_p50_ms: 480,
      route_reload_p50_ms: 300,
      route_analysis_p50_ms: 150,
      route_worker_boot_p50_ms: 20,
      route_imports_p50_ms: 200,
      route_mount_p50_ms: 50,
      route_listen_p50_ms: 5,
      route_switch_p50_ms: 3,
      route_rest_p50_ms: 30,
      route_cpu_p50_ms: 700,
    },
    1000: { reason: "no line" },
  });
});
