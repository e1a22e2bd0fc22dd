// The import graph's rules that ESLint cannot check one file at a time (decision 0082), run by
// `npm run lint` after ESLint (whose zones check each import's direction: eslint.config.js). The
// graph is dependency-cruiser's (it resolves TypeScript paths, type-only and dynamic imports):
//
//   1. no cycle in server/, app/, studio/, scripts/ or test-support/ (a cycle of type-only imports
//      counts: it is still two modules that cannot be understood one without the other);
//   2. server/'s production code never reaches scripts/ or test-support/, however indirectly;
//   3. studio/ (the studio's browser bundle) never reaches server/;
//   4. server/ reaches into app/ only app/lib/contracts, checked transitively. One declared
//      exception: server/studio/studio-config.ts imports keystatic.config.ts (built from
//      app/content/studio), because the studio's API must check a save against the very schema the
//      studio edits. With that one import taken out, no module of server/ reaches app/ outside the
//      contracts (or keystatic.config.ts), and no other module of server/ imports keystatic.config.ts.
//
//   node scripts/check-imports.mjs      prints what it checked, or every problem (exit code 1)
import { fileURLToPath } from "node:url";
import { cruise } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const roots = ["server", "app", "studio", "scripts", "test-support", "keystatic.config.ts"];

/** The one import from server/ into app/ beyond the contracts (rule 4). */
export const studioSchemaImport = { from: "server/studio/studio-config.ts", to: "keystatic.config.ts" };

const serverProduction = { path: "^server/", pathNot: "\\.test\\.ts$" };

/** Rules 1–3, and the direct part of 4, as dependency-cruiser rules. */
const ruleSet = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "A cycle in server/, app/, studio/, scripts/ or test-support/ (type-only imports included).",
      severity: "error",
      from: { path: "^(server|app|studio|scripts|test-support)/" },
      to: { circular: true },
    },
    {
      name: "server-not-to-tooling",
      comment: "server/'s production code reaches scripts/ or test-support/ (only tests may use them).",
      severity: "error",
      from: serverProduction,
      to: { path: "^(scripts|test-support)/", reachable: true },
    },
    {
      name: "studio-not-to-server",
      comment: "studio/ (the studio's browser bundle) reaches server/: share through app/lib/contracts.",
      severity: "error",
      from: { path: "^studio/" },
      to: { path: "^server/", reachable: true },
    },
    {
      name: "server-to-app-only-contracts",
      comment: "server/ imports app/ beyond app/lib/contracts, or keystatic.config.ts from anywhere but server/studio/studio-config.ts.",
      severity: "error",
      from: { path: "^server/", pathNot: `^${studioSchemaImport.from.replace(/\./g, "\\.")}$` },
      to: { path: ["^app/", "^keystatic\\.config\\.ts$"], pathNot: "^app/lib/contracts/" },
    },
  ],
};

/** Every module with its resolved local dependencies, and dependency-cruiser's violations of `ruleSet`. */
export async function importGraph({ baseDir = projectRoot, files = roots, tsConfig = "tsconfig.json" } = {}) {
  const { output } = await cruise(
    files,
    {
      baseDir,
      validate: true,
      ruleSet,
      tsPreCompilationDeps: true,
      doNotFollow: { path: "node_modules" },
      exclude: { path: "^(node_modules|build|\\.react-router|\\.test-builds|tmp)/" },
    },
    undefined,
    tsConfig ? { tsConfig: extractTSConfig(`${baseDir}/${tsConfig}`) } : undefined,
  );
  const modules = new Map(output.modules.map((m) => [m.source, m.dependencies.filter((d) => !d.coreModule && !d.couldNotResolve).map((d) => d.resolved)]));
  return { modules, violations: output.summary.violations };
}

/** Rule 4 transitively: with the declared import taken out, what each module of server/ reaches in app/ (outside the contracts) or keystatic.config.ts. */
export function reachesIntoApp(modules) {
  const outside = (path) => (path.startsWith("app/") && !path.startsWith("app/lib/contracts/")) || path === studioSchemaImport.to;
  const problems = [];
  for (const start of modules.keys()) {
    if (!start.startsWith("server/") || start.endsWith(".test.ts")) continue;
    const seen = new Map([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const module = queue.shift();
      for (const next of modules.get(module) ?? []) {
        if (module === studioSchemaImport.from && next === studioSchemaImport.to) continue;
        if (seen.has(next)) continue;
        seen.set(next, module);
        if (outside(next)) {
          const path = [next];
          for (let at = module; at; at = seen.get(at)) path.unshift(at);
          problems.push(`server-reaches-app: ${path.join(" → ")}`);
          queue.length = 0;
          break;
        }
        queue.push(next);
      }
    }
  }
  return problems;
}

/** Every broken rule in words (none: an empty list), and how many modules were looked at. */
export async function checkImports(options) {
  const { modules, violations } = await importGraph(options);
  const problems = violations.map((v) =>
    v.type === "cycle"
      ? `${v.rule.name}: ${[v.from, ...v.cycle.map((c) => c.name)].join(" → ")}`
      : `${v.rule.name}: ${v.from} → ${[...(v.via ?? []).map((c) => c.name ?? c), v.to].filter((x, i, all) => all.indexOf(x) === i).join(" → ")}`,
  );
  return { problems: [...new Set([...problems, ...reachesIntoApp(modules)])], modules: modules.size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { problems, modules } = await checkImports();
  if (problems.length) {
    console.error(
      `The import graph breaks ${problems.length} rule${problems.length === 1 ? "" : "s"} (scripts/check-imports.mjs, decision 0082):\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    process.exit(1);
  }
  console.log(
    `Imports: ${modules} modules of ${roots.join(", ")}: no cycle; server/ reaches neither scripts/ nor test-support/, and app/ only through app/lib/contracts (and the studio's schema, from server/studio/studio-config.ts); studio/ never reaches server/.`,
  );
}
