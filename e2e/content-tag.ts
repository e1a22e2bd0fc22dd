import type TypeScript from "typescript";

// Which tests depend on the content (decision 0140, after 0080's spec files).
//
// The whole suite runs on the fixture content. The staff-edit check (scripts/test-setup/staff-edits.mjs,
// decision 0054) runs again, on the company's content after the edits staff make, only the tests
// tagged `@content` (`--grep @content`): `test("…", { tag: "@content" }, …)`, or on a `test.describe`.
//
// A test carries the tag when what it asserts would change if the company edited its content: it
// reads `./content` to know what to expect, or checks what the build makes from the content (a page's
// texts, lists, links, photos, paths, structured data, the build's routes and hashes, publishing of
// the content under test). A check that the header, a carousel or a form works does not, even on a
// page whose path it takes from the content. When unsure: tag it.
// `untaggedContentReaders` is the rule's floor, checked by scripts/test-setup/staff-edits.test.mjs.

export const contentTag = "@content";

/**
 * The tests (as "file: title") whose own body reads the content without the tag: it uses a name
 * imported from `./content` (e2e/content.ts) or from fixtures/content, or names that folder.
 * `files` maps each spec's name to its source.
 */
export async function untaggedContentReaders(files: Record<string, string>): Promise<string[]> {
  // Loaded here, not by playwright.config.ts and every worker, which import contentTag.
  const ts = (await import("typescript")).default;
  const testModifiers = new Set(["only", "skip", "fixme", "fail", "slow"]);
  const describeModifiers = new Set(["only", "skip", "fixme", "serial", "parallel"]);

  /** `test(…)` and its modifiers (only, skip …): "test"; `test.describe(…)` and its (serial …): "describe"; else undefined. */
  function kindOf(call: TypeScript.CallExpression): "test" | "describe" | undefined {
    const [title] = call.arguments;
    const fn = call.arguments.at(-1);
    if (!title || !(ts.isStringLiteralLike(title) || ts.isTemplateExpression(title))) return undefined;
    if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return undefined;
    const names: string[] = [];
    let callee: TypeScript.Expression = call.expression;
    while (ts.isPropertyAccessExpression(callee)) {
      names.unshift(callee.name.text);
      callee = callee.expression;
    }
    if (!ts.isIdentifier(callee) || callee.text !== "test") return undefined;
    if (names.length === 0 || (names.length === 1 && testModifiers.has(names[0]!))) return "test";
    if (names[0] === "describe" && names.slice(1).every((n) => describeModifiers.has(n))) return "describe";
    return undefined;
  }

  /** Whether the call's details (`{ tag: "@content" }` or `{ tag: [..., "@content"] }`) carry the tag. */
  function tagged(call: TypeScript.CallExpression): boolean {
    if (call.arguments.length < 3) return false;
    const details = call.arguments[1]!;
    if (!ts.isObjectLiteralExpression(details)) return false;
    const tag = details.properties.find((p): p is TypeScript.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === "tag")?.initializer;
    const tags = tag && ts.isArrayLiteralExpression(tag) ? [...tag.elements] : tag ? [tag] : [];
    return tags.some((t) => ts.isStringLiteralLike(t) && t.text === contentTag);
  }

  const readsFixtureContent = (module: string) => /(^|\/)fixtures\/(content|fixture-content)(\/|$)/.test(module);

  const names = Object.keys(files);
  const host = ts.createCompilerHost({});
  host.getSourceFile = (name, languageVersion) => (name in files ? ts.createSourceFile(name, files[name]!, languageVersion, true) : undefined);
  host.fileExists = (name) => name in files;
  host.readFile = (name) => files[name];
  const program = ts.createProgram(names, { noResolve: true, noLib: true, types: [], allowJs: true }, host);
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const name of names) {
    const source = program.getSourceFile(name)!;
    const contentSymbols = new Set<TypeScript.Symbol>();
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const module = statement.moduleSpecifier.text;
      if (!/^\.\/content(\.ts)?$/.test(module) && !readsFixtureContent(module)) continue;
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      const bindings = clause.namedBindings;
      const bound = [
        clause.name,
        ...(!bindings ? [] : ts.isNamedImports(bindings) ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => e.name) : [bindings.name]),
      ];
      for (const id of bound) if (id) contentSymbols.add(checker.getSymbolAtLocation(id)!);
    }
    // `{ content }` names the imported value, not the object literal's property.
    const symbolOf = (id: TypeScript.Identifier) =>
      ts.isShorthandPropertyAssignment(id.parent) ? checker.getShorthandAssignmentValueSymbol(id.parent) : checker.getSymbolAtLocation(id);
    const readsContent = (body: TypeScript.Node): boolean => {
      let reads = false;
      const visit = (node: TypeScript.Node) => {
        if (reads) return;
        if (ts.isIdentifier(node) && contentSymbols.has(symbolOf(node)!)) reads = true;
        else if (ts.isStringLiteralLike(node) && readsFixtureContent(node.text)) reads = true;
        else ts.forEachChild(node, visit);
      };
      visit(body);
      return reads;
    };
    const walk = (node: TypeScript.Node, underTag: boolean) => {
      if (ts.isCallExpression(node)) {
        const kind = kindOf(node);
        if (kind === "test") {
          if (!underTag && !tagged(node) && readsContent(node.arguments.at(-1)!)) found.push(`${name}: ${node.arguments[0]!.getText(source)}`);
          return;
        }
        if (kind === "describe") {
          ts.forEachChild(node, (child) => walk(child, underTag || tagged(node)));
          return;
        }
      }
      ts.forEachChild(node, (child) => walk(child, underTag));
    };
    walk(source, false);
  }
  return found;
}
