/**
 * The benchmark's results: the ratios the performance targets name, as
 * JSON (`--json`) or as a table for people.
 *
 * @module
 */

import type { HttpRatio } from "./bench_http.ts";
import type { DiffResult } from "./bench_diff.ts";
import type { SmallReport } from "./bench_small.ts";
import type { WarmResult } from "./bench_watch.ts";
import { LIVE_CLIENTS, type LiveResult } from "./bench_live.ts";
import type { FetcherTypesResult } from "./bench_fetcher_types.ts";
import type { BigDatabaseResult } from "./bench_big_db.ts";

/** Min and median of one command's rounds, or why it was not measured. */
export type Timing =
  | {
    readonly minMs: number;
    readonly medianMs: number;
    readonly runs: readonly number[];
  }
  | { readonly failed: string };

/** Everything one benchmark run measured. */
export interface Report {
  readonly rounds: number;
  readonly sizes: readonly number[];
  readonly machine: Readonly<Record<string, string | number>>;
  readonly tools: Readonly<Record<string, string>>;
  readonly tsgo: string;
  /** Per endpoint count, per command. */
  readonly timings: Record<number, Record<string, Timing>>;
  /** After a doc comment edit (no new type check). */
  readonly warm: Readonly<Record<number, WarmResult>>;
  /** After an edit of code (the type check runs again). */
  readonly warmCode: Readonly<Record<number, WarmResult>>;
  /** The live loop: server edit to 5 `api --watch` clients, added route to 200. */
  readonly live?: Readonly<Record<number, LiveResult>>;
  readonly rss:
    | {
      readonly endpoints: number;
      readonly mb: Record<string, number | string>;
    }
    | { readonly reason: string };
  readonly http: Readonly<
    Record<
      | "zip"
      | "books"
      | "booksPostgres"
      | "zipNewConn"
      | "booksNewConn"
      | "booksFile",
      HttpRatio
    >
  >;
  /** The server on a real-sized database (`--big-books`), or why not. */
  readonly bigDatabase: BigDatabaseResult | { readonly reason: string };
  /** `tailor diff` of two models of each size (bench_diff.ts). */
  readonly diff: Readonly<Record<number, DiffResult>>;
  /** The bookstore's fixed cost (bench_small.ts), or why it was not measured. */
  readonly small: SmallReport | { readonly reason: string };
  /** What the generated fetcher builder costs the type checker. */
  readonly fetcherTypes?: FetcherTypesResult | { readonly reason: string };
}

/** Per-size ratios: numerator command / denominator command. */
const SIZE_RATIOS: readonly (readonly [string, string, string])[] = [
  ["cold_vs_tsc", "generate", "tsc"],
  ["cold_vs_tsgo", "generate", "tsgo"],
  ["ts_vs_openapi_typescript", "generate_ts", "openapi_typescript"],
  ["ts_vs_hey_api", "generate_ts", "hey_api"],
  ["ts_vs_orval", "generate_ts", "orval"],
  ["skip_check_vs_tsc", "generate_skip_check", "tsc"],
  [
    "ts_skip_check_vs_openapi_typescript",
    "generate_ts_skip_check",
    "openapi_typescript",
  ],
  [
    "typescript_floor_vs_openapi_typescript",
    "typescript_floor",
    "openapi_typescript",
  ],
];

/** The targets of the performance issue, by key. */
export const TARGETS: Readonly<Record<string, string>> = {
  cold_vs_tsc: "<= 0.5 at 1000 and 4000",
  cold_vs_tsgo: "<= 1.5 at 1000 and 4000",
  ts_vs_openapi_typescript: "<= 0.7 at 1000 and 4000",
  ts_skip_check_vs_openapi_typescript:
    "<= 0.5 at 1000 and 4000 (the same work as the peer: no type check)",
  typescript_floor_vs_openapi_typescript:
    "report (TypeScript's parse and bind of the sources alone, as the analysis loads them: the floor under the line above)",
  warm_vs_cold: "<= 0.05 at 1000 and 4000",
  warm_code_vs_cold: "report (an edit of code: type-checked again)",
  zip_vs_hono: ">= 0.9",
  books_vs_sql: ">= 0.8",
  books_vs_sql_pg: ">= 0.8",
  zip_vs_hono_new_conn: "report (a new connection per request)",
  books_vs_sql_new_conn: "report (a new connection per request)",
  books_vs_sql_file: "report (on a SQLite file: reader threads)",
  rss_vs_tsc: "<= 1.5 at 4000",
  diff_ms: "<= 1000 at 4000 (the diff of two models, in process)",
  diff_process_ms: "report (the whole `tailor diff a.json b.json` process)",
  bookstore_ts_skip_check_s:
    "<= 0.4 (bookstore, generate --target ts --skip-type-check, median seconds)",
  bookstore_deno_eval_s: "report (deno eval 1: any Deno program's floor)",
  bookstore_typescript_floor_s:
    "report (the compiler's start-up alone: program and checker of an empty file)",
  bookstore_openapi_typescript_s:
    "report (openapi-typescript on the bookstore's openapi.yml)",
  fetcher_type_instantiations:
    "<= 100 per builder fetcher (200 random ones built, against none)",
  fetcher_type_instantiations_read:
    "report (the same fetchers built and a property of their ShapeOf read)",
  fetcher_deep_nesting_checks: "true: no TS2589 at the text form's 16 levels",
  worst_accepted_cpu_ms: "<= 100 (200,000 books, server defaults)",
  helloworld_p99_ms: "<= 50 (while 4 clients send the costliest request)",
};

/** The small project's keys: seconds of its commands (bench_small.ts). */
const SMALL_KEYS: readonly (readonly [string, string])[] = [
  ["bookstore_ts_skip_check_s", "generate_ts_skip_check"],
  ["bookstore_deno_eval_s", "deno_eval"],
  ["bookstore_typescript_floor_s", "typescript_floor"],
  ["bookstore_openapi_typescript_s", "openapi_typescript"],
];

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The JSON output: every target key (null with a note when unmeasured). */
export function toJson(report: Report): Record<string, unknown> {
  const notes: Record<string, string> = {};
  const ratios: Record<string, unknown> = {};
  for (const [key, top, bottom] of SIZE_RATIOS) {
    const bySize: Record<string, number | null> = {};
    for (const size of report.sizes) {
      const a = report.timings[size]?.[top];
      const b = report.timings[size]?.[bottom];
      if (a && "medianMs" in a && b && "medianMs" in b) {
        bySize[size] = round3(a.medianMs / b.medianMs);
      } else {
        bySize[size] = null;
        const why = [[top, a], [bottom, b]].map(([name, t]) =>
          t === undefined
            ? `${name} skipped`
            : typeof t === "object" && "failed" in t
            ? `${name} failed: ${t.failed}`
            : ""
        ).filter(Boolean).join("; ");
        notes[`${key}@${size}`] = why;
      }
    }
    ratios[key] = bySize;
  }
  for (
    const [key, results] of [
      ["warm_vs_cold", report.warm],
      ["warm_code_vs_cold", report.warmCode],
    ] as const
  ) {
    const bySize: Record<string, number | null> = {};
    for (const size of report.sizes) {
      const w = results[size];
      const cold = report.timings[size]?.generate;
      if (w && "ms" in w && cold && "medianMs" in cold) {
        bySize[size] = round3(w.ms / cold.medianMs);
      } else {
        bySize[size] = null;
        notes[`${key}@${size}`] = w && "reason" in w
          ? w.reason
          : "no cold generate timing";
      }
    }
    ratios[key] = bySize;
  }
  for (
    const [key, ratio] of [
      ["zip_vs_hono", report.http.zip],
      ["books_vs_sql", report.http.books],
      ["books_vs_sql_pg", report.http.booksPostgres],
      ["zip_vs_hono_new_conn", report.http.zipNewConn],
      ["books_vs_sql_new_conn", report.http.booksNewConn],
      ["books_vs_sql_file", report.http.booksFile],
    ] as const
  ) {
    ratios[key] = ratio.value === null ? null : round3(ratio.value);
    if (ratio.value === null) notes[key] = ratio.reason;
  }
  const big = report.bigDatabase;
  if ("reason" in big) {
    ratios.worst_accepted_cpu_ms = null;
    ratios.helloworld_p99_ms = null;
    notes.worst_accepted_cpu_ms = big.reason;
    notes.helloworld_p99_ms = big.reason;
  } else {
    ratios.worst_accepted_cpu_ms = big.worstAcceptedCpuMs;
    ratios.helloworld_p99_ms = big.helloworldP99Ms;
  }
  const rss = report.rss;
  if (
    "mb" in rss && typeof rss.mb.generate === "number" &&
    typeof rss.mb.tsc === "number"
  ) {
    ratios.rss_vs_tsc = round3(rss.mb.generate / rss.mb.tsc);
  } else {
    ratios.rss_vs_tsc = null;
    notes.rss_vs_tsc = "reason" in rss ? rss.reason : JSON.stringify(rss.mb);
  }
  for (
    const [key, field] of [
      ["diff_ms", "diffMs"],
      ["diff_process_ms", "processMs"],
    ] as const
  ) {
    const bySize: Record<string, number | null> = {};
    for (const size of report.sizes) {
      const d = report.diff[size];
      if (d === undefined || "reason" in d) {
        bySize[size] = null;
        notes[`${key}@${size}`] = d?.reason ?? "not measured";
      } else bySize[size] = Math.round(d[field]);
    }
    ratios[key] = bySize;
  }
  for (const [key, name] of SMALL_KEYS) {
    const t = "timings" in report.small
      ? report.small.timings[name]
      : undefined;
    ratios[key] = t !== undefined && "medianMs" in t
      ? round3(t.medianMs / 1000)
      : null;
    if (ratios[key] === null) {
      notes[key] = "reason" in report.small
        ? report.small.reason
        : t !== undefined && "failed" in t
        ? `${name} failed: ${t.failed}`
        : `${name} skipped`;
    }
  }
  const timings: Record<string, Record<string, unknown>> = {};
  for (const size of report.sizes) {
    timings[size] = timingsJson(report.timings[size] ?? {});
  }
  const types = report.fetcherTypes;
  if (types === undefined || "reason" in types) {
    ratios.fetcher_type_instantiations = null;
    notes.fetcher_type_instantiations = types?.reason ?? "not measured";
  } else {
    ratios.fetcher_type_instantiations = types.instantiationsPerBuiltFetcher;
    ratios.fetcher_type_instantiations_read = types.instantiationsPerFetcher;
    ratios.fetcher_calls_per_fetcher = types.callsPerFetcher;
    ratios.fetcher_deep_nesting_checks = types.deepNestingChecks;
  }
  return {
    ...ratios,
    targets: TARGETS,
    notes,
    rounds: report.rounds,
    endpoints: report.sizes,
    timings,
    warm_ms: warmMs(report.warm),
    warm_code_ms: warmMs(report.warmCode),
    live: liveMs(report.live ?? {}),
    rss_mb: "mb" in rss
      ? { endpoints: rss.endpoints, ...roundValues(rss.mb) }
      : null,
    http: report.http,
    bookstore: "timings" in report.small
      ? {
        timings: timingsJson(report.small.timings),
        phases_ms: report.small.phasesMs,
        cpu_median_ms: report.small.cpuMs,
      }
      : null,
    big_database: big,
    machine: report.machine,
    tools: report.tools,
    tsgo: report.tsgo,
  };
}

function timingsJson(
  timings: Record<string, Timing>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(timings).map(([name, t]) => [
      name,
      "failed" in t ? t : {
        min_ms: Math.round(t.minMs),
        median_ms: Math.round(t.medianMs),
        runs_ms: t.runs.map(Math.round),
      },
    ]),
  );
}

function warmMs(
  results: Readonly<Record<number, WarmResult>>,
): Record<string, number | null> {
  return Object.fromEntries(
    Object.entries(results).map((
      [size, w],
    ) => [size, "ms" in w ? Math.round(w.ms) : null]),
  );
}

/**
 * The live loop's keys per size: `doc_p50_ms`, `doc_p95_ms`, `code_p50_ms`,
 * their phases (`doc_event_p50_ms`: the write until the server's `version`
 * event; `doc_apply_p50_ms`: that event until the last client has the file;
 * `code_event_p50_ms`, `code_apply_p50_ms`), the CPU time of the server and
 * clients per edit (`doc_cpu_ms`, `code_cpu_ms`), `route_p50_ms`,
 * `route_reload_p50_ms`, the added route's steps
 * (`route_analysis_p50_ms`, `route_worker_boot_p50_ms`,
 * `route_imports_p50_ms`, `route_mount_p50_ms`, `route_listen_p50_ms`,
 * `route_switch_p50_ms`,
 * `route_rest_p50_ms`), `route_cpu_p50_ms`, or `reason`.
 */
function liveMs(
  results: Readonly<Record<number, LiveResult>>,
): Record<string, Record<string, number | string>> {
  return Object.fromEntries(
    Object.entries(results).map(([size, live]) => [
      size,
      "reason" in live ? { reason: live.reason } : {
        clients: LIVE_CLIENTS,
        doc_p50_ms: Math.round(live.docP50Ms),
        doc_p95_ms: Math.round(live.docP95Ms),
        code_p50_ms: Math.round(live.codeP50Ms),
        doc_event_p50_ms: Math.round(live.phases.docEventP50Ms),
        doc_apply_p50_ms: Math.round(live.phases.docApplyP50Ms),
        code_event_p50_ms: Math.round(live.phases.codeEventP50Ms),
        code_apply_p50_ms: Math.round(live.phases.codeApplyP50Ms),
        ...(live.phases.docCpuMs === undefined ? {} : {
          doc_cpu_ms: Math.round(live.phases.docCpuMs),
          code_cpu_ms: Math.round(live.phases.codeCpuMs!),
        }),
        ...(live.routeP50Ms === undefined ? {} : {
          route_p50_ms: Math.round(live.routeP50Ms),
          route_reload_p50_ms: Math.round(live.routeReloadP50Ms!),
        }),
        ...(live.routePhasesP50Ms === undefined ? {} : {
          route_analysis_p50_ms: Math.round(live.routePhasesP50Ms.analysis),
          route_worker_boot_p50_ms: Math.round(
            live.routePhasesP50Ms.workerBoot,
          ),
          route_imports_p50_ms: Math.round(live.routePhasesP50Ms.imports),
          route_mount_p50_ms: Math.round(live.routePhasesP50Ms.mount),
          route_listen_p50_ms: Math.round(live.routePhasesP50Ms.listen),
          route_switch_p50_ms: Math.round(live.routePhasesP50Ms.switch),
          route_rest_p50_ms: Math.round(live.routePhasesP50Ms.rest),
        }),
        ...(live.routeCpuP50Ms === undefined
          ? {}
          : { route_cpu_p50_ms: Math.round(live.routeCpuP50Ms) }),
        ...(live.routeReason === undefined
          ? {}
          : { route_reason: live.routeReason }),
      },
    ]),
  );
}

function roundValues(
  values: Record<string, number | string>,
): Record<string, number | string> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      typeof v === "number" ? Math.round(v) : v,
    ]),
  );
}

function cell(value: unknown): string {
  return value === null || value === undefined
    ? "null"
    : typeof value === "number"
    ? String(value)
    : JSON.stringify(value);
}

/** The table for people: timings per size, then the ratios and notes. */
export function formatTable(report: Report): string {
  const json = toJson(report);
  const sizes = report.sizes.map(String);
  const lines = [
    `median (min) seconds of ${report.rounds} interleaved rounds, whole process`,
    ["command".padEnd(22), ...sizes.map((s) => s.padStart(16))].join(""),
  ];
  const names = [
    ...new Set(Object.values(report.timings).flatMap((t) => Object.keys(t))),
  ];
  for (const name of names) {
    const row = sizes.map((size) => {
      const t = report.timings[Number(size)]?.[name];
      if (t === undefined) return "-";
      if ("failed" in t) return "failed";
      return `${(t.medianMs / 1000).toFixed(2)} (${
        (t.minMs / 1000).toFixed(2)
      })`;
    });
    lines.push(
      [name.padEnd(22), ...row.map((c) => c.padStart(16))].join(""),
    );
  }
  const row = (key: string, values: string[]) =>
    [
      key.padEnd(26),
      ...values.map((v) => v.padStart(10)),
      `  ${TARGETS[key] ?? ""}`,
    ].join("");
  lines.push("", row("ratio", sizes));
  for (
    const key of [
      ...SIZE_RATIOS.map(([k]) => k),
      "warm_vs_cold",
      "warm_code_vs_cold",
      "diff_ms",
      "diff_process_ms",
    ]
  ) {
    const bySize = json[key] as Record<string, number | null>;
    lines.push(row(key, sizes.map((size) => cell(bySize[size]))));
  }
  for (
    const key of [
      "zip_vs_hono",
      "books_vs_sql",
      "books_vs_sql_pg",
      "zip_vs_hono_new_conn",
      "books_vs_sql_new_conn",
      "books_vs_sql_file",
      "rss_vs_tsc",
      ...SMALL_KEYS.map(([key]) => key),
      "fetcher_type_instantiations",
      "fetcher_type_instantiations_read",
      "worst_accepted_cpu_ms",
      "helloworld_p99_ms",
    ]
  ) {
    lines.push(row(key, [cell(json[key])]));
  }
  const bookstore = json.bookstore as
    | {
      phases_ms: Record<string, number>;
      cpu_median_ms: Record<string, number>;
    }
    | null;
  if (bookstore !== null) {
    lines.push(
      "",
      "bookstore CPU time, user + system, median (ms): " +
        Object.entries(bookstore.cpu_median_ms).map(([name, ms]) =>
          `${name} ${ms}`
        ).join(", "),
    );
    lines.push(
      "",
      "bookstore generate --target ts --skip-type-check, phase ends (ms):",
      ...Object.entries(bookstore.phases_ms).map(([phase, ms]) =>
        `  ${String(ms).padStart(6)}  ${phase}`
      ),
    );
  }
  const cpu = Object.entries(report.http).flatMap(([name, ratio]) =>
    ratio.value === null || ratio.tailorCpuUs == null
      ? []
      : [`${name} ${ratio.tailorCpuUs} / ${ratio.baselineCpuUs}`]
  );
  if (cpu.length > 0) {
    lines.push(
      "",
      "server CPU per request, median (µs, Tailor / baseline): " +
        cpu.join(", "),
    );
  }
  lines.push("", `peak RSS (MB): ${cell(json.rss_mb)}`);
  for (const [size, live] of Object.entries(json.live as object)) {
    lines.push(
      `live loop @${size} (ms, ${LIVE_CLIENTS} clients): ${cell(live)}`,
    );
  }
  const notes = Object.entries(json.notes as Record<string, string>);
  if (notes.length > 0) {
    lines.push("", "notes:", ...notes.map(([k, v]) => `  ${k}: ${v}`));
  }
  return lines.join("\n");
}
