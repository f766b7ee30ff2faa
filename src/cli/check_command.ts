/**
 * `tailor check`: exits 1 and lists the files of `--against` that differ
 * from what `generate` would write (a drift check for CI).
 *
 * @module
 */

import { OPENAPI_ASSETS_DIR } from "../render/emitters.ts";
import { readTree } from "../fs/tree.ts";
import { MARKER_FILE } from "../fs/output_guard.ts";
import { compareTrees } from "../fs/tree_diff.ts";
import { markPhase } from "../timings.ts";
import { type ParsedArgs, UsageError } from "./command.ts";
import { clientRequest, requestedFiles } from "./client_request.ts";
import { displayPath } from "./paths.ts";

/** Runs `tailor check`; resolves with the exit status. */
export async function check(args: ParsedArgs): Promise<number> {
  const against = args.values.against as string;
  const kind = await Deno.stat(against).then(
    (info) => info.isDirectory ? "dir" : "file",
    () => "absent",
  );
  if (kind === "file") {
    throw new UsageError(
      `tailor check: --against ${against} is a file: give the generated directory`,
    );
  }
  const files = await requestedFiles(await clientRequest(args));
  if (files === undefined) return 1;
  const existing = new Map(
    [...await readTree(against)].filter(([path]) =>
      !path.startsWith(`${OPENAPI_ASSETS_DIR}/`) && path !== MARKER_FILE
    ),
  );
  const shown = displayPath(against);
  const report = compareTrees(existing, files, {
    expected: shown,
    actual: "generated",
  });
  markPhase("compared");
  if (report === undefined) {
    console.log(`${shown} is up to date`);
    return 0;
  }
  console.error(`${shown} is stale:\n${report}`);
  return 1;
}
