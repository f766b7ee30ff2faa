/**
 * A stand-in for `cli.ts generate --watch` in the benchmark's tests: copies
 * `ctrl.ts` of `--project` to `gen.txt` of `--out`, then again on every
 * change, saying so on standard output as the CLI does (`watching`,
 * `updated`); `--fail` exits at once with an error instead.
 *
 * @module
 */

import { parseArgs } from "node:util";

const { values } = parseArgs({
  args: Deno.args.slice(1),
  options: {
    watch: { type: "boolean" },
    project: { type: "string" },
    out: { type: "string" },
  },
});
if (Deno.env.get("FAKE_WATCH_FAIL")) {
  console.error("Unknown option '--watch'.");
  Deno.exit(2);
}
const copy = async () => {
  await Deno.mkdir(values.out!, { recursive: true });
  const text = await Deno.readTextFile(`${values.project}/ctrl.ts`);
  await Deno.writeTextFile(`${values.out}/gen.txt`, text);
};
// Watch first, then write: an edit made as soon as the output appears is seen.
const watcher = Deno.watchFs(values.project!);
await copy();
console.log(`watching ${values.project} for changes (Ctrl-C stops)`);
for await (const _ of watcher) {
  await copy();
  console.log(`updated ${values.out}: 1 written, 0 removed`);
}
