// The YAML-free reading of simple front matter must give exactly what the YAML library gives, and leave to it
// everything it is not sure about.
import { parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { simpleYamlMapping } from "../../lib/resources/front-matter/simple-yaml-mapping.js";

const viaYaml = (text: string) => parseDocument(text).toJS() as unknown;

const KEYS = ["name", "description", "argument-hint", "model", "disable-model-invocation", "x_y", "allowed-tools"];
const VALUES = [
  "review", "Review code changes carefully", "it's fine", "Hello! How are you?", "a - b", "C, D; E (f) g/h",
  "50% done", "x=1+2", "well-known", "trailing dots...", "a  b", "e1", "Infinity", "NaN", "True story", "nullable",
  "yes sir", "user@host", "C#", "a: b", "a #b", "true", "False", "NULL", "~", "null", "yes", "No", "on", "OFF", "y",
  "123", "1.5", "-x", ".inf", "0x1F", "2024-01-01", "'quoted'", '"double"', "[a, b]", "{a: 1}", "*alias", "&anchor",
  "!tag", "|", ">", "@at", "`tick`", "%percent", "?question", "tab\there", "back\\slash",
];

describe("simpleYamlMapping", () => {
  it("agrees with the YAML library on every mapping it takes, and takes the plain ones", () => {
    let taken = 0;
    for (const key of KEYS) {
      for (const value of VALUES) {
        for (const text of [`${key}: ${value}`, `${key}: ${value}   `, `name: x\n\n${key}:  ${value}\n`]) {
          const simple = simpleYamlMapping(text);
          if (simple === undefined) continue;
          taken++;
          expect(simple, JSON.stringify(text)).toEqual(viaYaml(text));
        }
      }
    }
    expect(taken).toBeGreaterThan(200);
    expect(simpleYamlMapping("name: review\ndescription: Review code changes carefully")).toEqual({
      name: "review",
      description: "Review code changes carefully",
    });
  });

  it("leaves to YAML what it is not sure of", () => {
    for (const text of [
      "description: a: b", // YAML refuses it
      "name: a\nname: b", // duplicate keys: YAML refuses them
      "description: true",
      "count: 3",
      "description: >\n  folded",
      "tools:\n  - read\n  - bash",
      "# a comment\nname: a",
      "name: a # a comment",
      "name: 'quoted'",
      "name:",
      "  name: indented",
      "__proto__: x",
      "null: x",
      "",
    ]) {
      expect(simpleYamlMapping(text), JSON.stringify(text)).toBeUndefined();
    }
  });
});
