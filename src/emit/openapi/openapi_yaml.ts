/**
 * YAML text of an OpenAPI document: no anchors or aliases, no line folding,
 * and every string a YAML 1.1 reader would take for something else (`yes`,
 * `on`, `N`, `~`, dates, numbers) double-quoted.
 *
 * @module
 */

import { Document, Scalar, visit } from "yaml";

/** Serializes a document: no aliases, no folding, YAML 1.1-safe strings. */
export function toYaml(value: unknown): string {
  const doc = new Document(value, { aliasDuplicateObjects: false });
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === "string" && ambiguousIn11(node.value)) {
        node.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/** Plain strings a YAML 1.1 reader (SnakeYAML, PyYAML) would not keep. */
function ambiguousIn11(text: string): boolean {
  return /^(?:[yYnN]|yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|~|null|Null|NULL|<<|=|)$/
    .test(text) ||
    /^[-+.]?[0-9]/.test(text) ||
    /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/.test(text);
}
