/**
 * Reading a Server-Sent Events stream (the server's `/__tailor/events`)
 * with web APIs only, so that `tailor-api` runs on Node too.
 *
 * @module
 */

/** The path of a watching server's event stream. */
export const EVENTS_PATH = "/__tailor/events";

/** One event of a stream. */
export interface StreamEvent {
  /** `event:` field; "message" when absent. */
  readonly event: string;
  /** `id:` field, if the event had one. */
  readonly id?: string;
  /** The `data:` lines, joined by "\n". */
  readonly data: string;
}

/** Most characters of one event; a longer one ends the stream with an error. */
const MAX_EVENT_CHARS = 1 << 20;

/**
 * The events of `body` as they come, until it ends. Comments and fields
 * other than `event`, `id` and `data` are skipped, as `EventSource` does.
 */
export async function* readEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<StreamEvent> {
  let buffer = "";
  let fields: { event?: string; id?: string; data: string[] } = { data: [] };
  const text = body.pipeThrough(new TextDecoderStream());
  for await (const chunk of text) {
    buffer += chunk;
    let end: number;
    while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith("\r\n", end) ? 2 : 1));
      if (line === "") {
        if (fields.data.length > 0 || fields.event !== undefined) {
          yield {
            event: fields.event ?? "message",
            ...(fields.id === undefined ? {} : { id: fields.id }),
            data: fields.data.join("\n"),
          };
        }
        fields = { data: [] };
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (name === "data") fields.data.push(value);
      else if (name === "event") fields.event = value;
      else if (name === "id") fields.id = value;
    }
    if (buffer.length > MAX_EVENT_CHARS) {
      throw new Error("an event of the stream is over 1 MiB");
    }
  }
}
