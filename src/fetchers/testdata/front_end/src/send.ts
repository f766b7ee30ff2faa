/** Sends a fetcher to the server (the test front end's stand-in for an operation). */
export function send(fetcher: unknown): string {
  return String(fetcher);
}
