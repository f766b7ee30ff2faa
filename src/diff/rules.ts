/**
 * The rules of `tailor diff`: each kind of change between two models, with
 * its level in three categories, kept apart as buf keeps source and wire
 * breakage apart:
 *
 * - `ts`: code that compiled against the old TypeScript client still
 *   compiles against the new one;
 * - `java`: the same for the Java client;
 * - `wire`: old clients decode the new server's answers, and the new server
 *   accepts the old clients' requests.
 *
 * docs/diff.md lists the same table; `rules_test.ts` keeps the two equal.
 *
 * @module
 */

/** How bad a change is for one category. */
export type Level = "breaking" | "dangerous" | "compatible";

/** The levels of one change. */
export interface Levels {
  readonly ts: Level;
  readonly java: Level;
  readonly wire: Level;
}

/** One rule: what changed, and what that does to each category. */
export interface Rule {
  readonly summary: string;
  readonly levels: Levels;
  /** Why, when a level is not obvious from the summary. */
  readonly why?: string;
}

const B = "breaking", D = "dangerous", C = "compatible";

function rule(
  summary: string,
  [ts, java, wire]: readonly [Level, Level, Level],
  why?: string,
): Rule {
  return why === undefined
    ? { summary, levels: { ts, java, wire } }
    : { summary, levels: { ts, java, wire }, why };
}

/** Every rule by id, in the order docs/diff.md lists them. */
export const RULES = {
  "operation-removed": rule("an operation was removed", [B, B, B]),
  "operation-added": rule("an operation was added", [C, C, C]),
  "operation-renamed": rule(
    "an operation has a new name (or service) at the same method and path",
    [B, B, C],
  ),
  "operation-path-changed": rule(
    "an operation moved to another method or path",
    [C, C, B],
    "the clients are regenerated with the new path; old ones call the old one",
  ),
  "operation-group-removed": rule(
    "an operation left a group",
    [B, B, C],
    "a client generated for that group no longer has it",
  ),
  "operation-group-added": rule("an operation joined a group", [C, C, C]),
  "request-parameter-added-required": rule(
    "a required parameter was added",
    [B, B, B],
  ),
  "request-parameter-added-optional": rule(
    "an optional parameter was added",
    [C, B, C],
    "a Feign method's parameters are positional: old calls have one too few",
  ),
  "request-parameter-removed": rule(
    "a parameter was removed",
    [B, B, D],
    "old clients still send it; the new server ignores it, so its meaning is lost",
  ),
  "request-parameter-required": rule(
    "an optional parameter became required",
    [B, C, B],
  ),
  "request-parameter-optional": rule(
    "a required parameter became optional",
    [C, C, C],
  ),
  "request-parameter-moved": rule(
    "a required parameter travels elsewhere (path, query, header, body) or under another wire name",
    [C, C, B],
  ),
  "request-optional-parameter-moved": rule(
    "an optional parameter travels elsewhere or under another wire name",
    [C, C, D],
    "old clients still send it where it was; the new server ignores that and takes its default, so its meaning is lost",
  ),
  "request-parameter-stringified": rule(
    "a path, query or header parameter's type became string",
    [B, B, C],
    "its value travels as text either way: the new server reads every old value as a string",
  ),
  "request-default-changed": rule(
    "a parameter's default value changed",
    [C, C, D],
    "old clients that leave it out get another behaviour",
  ),
  "request-constraint-tightened": rule(
    "a request value's constraint admits fewer values",
    [C, C, B],
  ),
  "request-constraint-loosened": rule(
    "a request value's constraint admits more values",
    [C, C, C],
  ),
  "request-type-changed": rule(
    "a request value's type changed",
    [B, B, B],
  ),
  "request-type-widened": rule(
    "a request value's type admits more (integer to number)",
    [C, B, C],
    "TypeScript has one number type; Java's long becomes double",
  ),
  "request-type-narrowed": rule(
    "a request value's type admits less (number to integer)",
    [C, B, B],
  ),
  "request-property-added-required": rule(
    "a required property was added to a request body type",
    [B, B, B],
  ),
  "request-property-added-optional": rule(
    "an optional property was added to a request body type",
    [C, B, C],
    "the Java record's constructor takes one more component",
  ),
  "request-property-removed": rule(
    "a property was removed from a request body type",
    [B, B, B],
    "the server refuses bodies with unknown properties",
  ),
  "request-property-required": rule(
    "an optional request property became required",
    [B, C, B],
  ),
  "request-property-optional": rule(
    "a required request property became optional",
    [C, C, C],
  ),
  "request-enum-value-added": rule(
    "a value was added to an enum the server accepts",
    [C, C, C],
  ),
  "request-enum-value-removed": rule(
    "a value was removed from an enum the server accepts",
    [B, B, B],
  ),
  "request-union-member-added": rule(
    "a member was added to a union the server accepts",
    [C, C, C],
  ),
  "request-union-member-removed": rule(
    "a member was removed from a union the server accepts",
    [B, B, B],
  ),
  "response-type-changed": rule(
    "a response value's type changed",
    [B, B, B],
  ),
  "response-type-widened": rule(
    "a response value may now be a non-integer number",
    [C, B, B],
    "old decoders of an integer (Java's long) fail on 1.5",
  ),
  "response-type-narrowed": rule(
    "a response number is now always an integer",
    [C, B, C],
  ),
  "response-nullable": rule(
    "an operation's result may now be absent",
    [B, C, B],
    "strict code reads `T | undefined`; old clients expect a value",
  ),
  "response-not-nullable": rule(
    "an operation's result is now always present",
    [C, C, C],
  ),
  "response-property-added": rule(
    "a property was added to a response",
    [C, C, D],
    "lenient decoders ignore it; strict ones (Jackson's FAIL_ON_UNKNOWN_PROPERTIES, a validator of the old document) refuse it",
  ),
  "response-property-removed": rule(
    "a property was removed from a response",
    [B, B, B],
  ),
  "response-optional-property-removed": rule(
    "a property that could be left out was removed from a response",
    [B, B, C],
    "old clients already handle its absence",
  ),
  "response-property-optional": rule(
    "a response property may now be left out",
    [B, C, B],
  ),
  "response-property-required": rule(
    "a response property is now always present",
    [C, C, C],
  ),
  "response-constraint-loosened": rule(
    "a response value's constraint admits more values",
    [C, C, D],
  ),
  "response-constraint-tightened": rule(
    "a response value's constraint admits fewer values",
    [C, C, C],
  ),
  "response-enum-value-added": rule(
    "a value was added to an enum the server sends",
    [D, C, B],
    "an exhaustive switch misses it; old decoders refuse the unknown value",
  ),
  "response-enum-value-removed": rule(
    "a value was removed from an enum the server sends",
    [B, B, C],
  ),
  "response-union-member-added": rule(
    "a member was added to a union the server sends",
    [D, C, B],
    "an exhaustive switch misses it; old decoders know no such discriminator value",
  ),
  "response-union-member-removed": rule(
    "a member was removed from a union the server sends",
    [B, B, C],
  ),
  "union-discriminator-changed": rule(
    "a union is told apart by another property",
    [B, B, B],
  ),
  "type-renamed": rule(
    "a named type (enum, body, hybrid, embeddable) has a new name",
    [B, B, C],
  ),
  "shape-renamed": rule(
    "an operation returns its shape under another DTO key",
    [B, B, C],
    'code naming the old key (BookDto["Owner/CONSTANT"]) breaks, and the Java record is renamed',
  ),

  "error-added": rule(
    "an operation declares a new error",
    [C, C, D],
    "old clients meet a status and body they do not know",
  ),
  "error-removed": rule(
    "an operation no longer declares an error",
    [B, B, C],
    "code comparing with its code no longer compiles",
  ),
  "error-status-changed": rule(
    "a declared error answers with another status",
    [C, C, B],
  ),
  "null-mode-changed": rule(
    "the null render mode changed (absent properties left out, or sent as null)",
    [B, C, B],
  ),
} as const satisfies Record<string, Rule>;

/** The id of a rule: `operation-removed`... */
export type RuleId = keyof typeof RULES;

/** The rule ids in table order. */
export const RULE_IDS = Object.keys(RULES) as RuleId[];

/** The worse of two levels. */
export function worse(a: Level, b: Level): Level {
  return LEVEL_RANK[a] >= LEVEL_RANK[b] ? a : b;
}

/** The worst level of a change across its categories. */
export function worstLevel(levels: Levels): Level {
  return worse(worse(levels.ts, levels.java), levels.wire);
}

/** Levels ordered from the mildest: compatible 0, dangerous 1, breaking 2. */
export const LEVEL_RANK: Readonly<Record<Level, number>> = {
  compatible: 0,
  dangerous: 1,
  breaking: 2,
};
