import assert from "node:assert/strict";
import {
  type RegistryEvent,
  type RegistryState,
  replayEvents,
} from "./registry_replay.ts";

function state(names: [string, string][] = []): RegistryState {
  return {
    names: new Map(names),
    taken: new Set(names.map(([, name]) => name)),
    schemas: new Map(names.map(([, name]) => [name, { type: "object" }])),
  };
}

const EVENTS: readonly RegistryEvent[] = [
  { made: false, identity: "fetched\nBook\nA", name: "Book_A" },
  {
    made: true,
    identity: "static\nPage\n[x]",
    preferred: "Page_Book_A",
    name: "Page_Book_A",
    json: { type: "object", title: "page" },
  },
  { made: false, identity: "static\nPage\n[x]", name: "Page_Book_A" },
];

Deno.test("replayEvents registers what the recording made when the answers agree", () => {
  const target = state([["fetched\nBook\nA", "Book_A"]]);
  assert.ok(replayEvents(EVENTS, target));
  assert.equal(target.names.get("static\nPage\n[x]"), "Page_Book_A");
  assert.ok(target.taken.has("Page_Book_A"));
  assert.deepEqual(target.schemas.get("Page_Book_A"), {
    type: "object",
    title: "page",
  });
});

Deno.test("replayEvents changes nothing when an answer would differ", () => {
  const cases: [string, RegistryState][] = [
    ["a known component has another name", state([["fetched\nBook\nA", "X"]])],
    ["a known component is unknown", state()],
    [
      "a made component is known already",
      state([
        ["fetched\nBook\nA", "Book_A"],
        ["static\nPage\n[x]", "Page_Book_A"],
      ]),
    ],
    [
      "a made component's name is taken",
      state([["fetched\nBook\nA", "Book_A"], ["other", "Page_Book_A"]]),
    ],
  ];
  for (const [what, target] of cases) {
    const before = structuredClone(target);
    assert.equal(replayEvents(EVENTS, target), false, what);
    assert.deepEqual(target, before, what);
  }
});
