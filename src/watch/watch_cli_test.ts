import assert from "node:assert/strict";
import { copyFixture } from "../testing/fixture_copy.ts";

const CLI = new URL("../../cli.ts", import.meta.url).pathname;

/** The lines of a stream, as they come. */
async function* linesOf(stream: ReadableStream<Uint8Array>) {
  let buffered = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    yield* lines;
  }
}

Deno.test("cli generate --watch: regenerates after an edit and stops cleanly on SIGINT", async () => {
  const copy = await copyFixture("bookstore");
  const out = `${copy.dir}/out`;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      CLI,
      "generate",
      "--watch",
      "--project",
      copy.project,
      "--out",
      out,
      "--target",
      "ts",
    ],
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const lines = linesOf(child.stdout);
  const nextLine = async () => (await lines.next()).value ?? "";
  try {
    assert.equal(await nextLine(), `wrote 30 files to ${out}`);
    assert.match(
      await nextLine(),
      /^watching .* for changes \(Ctrl-C stops\)$/,
    );
    const controller = `${copy.project}/book_controller.ts`;
    const text = await Deno.readTextFile(controller);
    await Deno.writeTextFile(
      controller,
      text.replace("listing and details.", "listed and detailed."),
    );
    assert.equal(await nextLine(), `updated ${out}: 3 written, 0 removed`);
    assert.match(
      await Deno.readTextFile(`${out}/services/BookService.ts`),
      /listed and detailed/,
    );
  } finally {
    child.kill("SIGINT");
    const status = await child.status;
    await lines.return(undefined);
    await copy.remove();
    assert.equal(status.code, 0);
  }
});
