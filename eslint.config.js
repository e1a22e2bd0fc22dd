import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const app = fileURLToPath(new URL("./app", import.meta.url));
const features = readdirSync("app/features", { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// The layers, lowest first: app/lib/contracts → app/content → app/lib → app/components →
// app/features → app/routes. A module imports only from its own layer and the ones below it; a
// feature never imports another feature; server/ takes from app/ only app/lib/contracts.
const layers = [
  {
    target: "./app/lib/contracts",
    from: ["./app/content", "./app/lib", "./app/components", "./app/features", "./app/routes"],
    except: { "./app/lib": ["./contracts"] },
  },
  { target: "./app/content", from: ["./app/lib", "./app/components", "./app/features", "./app/routes"], except: { "./app/lib": ["./contracts"] } },
  { target: "./app/lib", from: ["./app/components", "./app/features", "./app/routes"] },
  { target: "./app/components", from: ["./app/features", "./app/routes"] },
  { target: "./app/features", from: ["./app/routes"] },
  { target: "./server", from: ["./app/content", "./app/lib", "./app/components", "./app/features", "./app/routes"], except: { "./app/lib": ["./contracts"] } },
];
const zones = [
  ...layers.flatMap(({ target, from, except = {} }) =>
    from.map((source) => ({
      target,
      from: source,
      except: except[source],
      message:
        target === "./server"
          ? "server/ takes from app/ only the contracts in app/lib/contracts."
          : `${target.slice(2)} is below ${source.slice(2)} (layers: app/lib/contracts → app/content → app/lib → app/components → app/features → app/routes).`,
    })),
  ),
  ...features.map((feature) => ({
    target: `./app/features/${feature}`,
    from: "./app/features",
    except: [`./${feature}`],
    message: "A feature never imports another feature: move what both need into app/components or app/lib.",
  })),
  // The studio's own bundle runs in the browser: what it shares with the server is in app/lib/contracts.
  { target: "./studio", from: "./server", message: "studio/ never imports server/: share what both need through app/lib/contracts." },
];

// The layers of server/, lowest first (decision 0082): a module imports only from its own folder and
// the ones below it; intake, staff and site are siblings that never import each other. Production
// code only: tests (*.test.ts) drive the app from the top and use test-support/.
const serverLayers = [
  { name: "platform", level: 0 },
  { name: "db", level: 1 },
  { name: "leads", level: 2 },
  { name: "mail", level: 3 },
  { name: "intake", level: 4 },
  { name: "staff", level: 4 },
  { name: "site", level: 4 },
  { name: "publish", level: 5 },
  { name: "studio", level: 6 },
];
const serverTops = ["./server/app.ts", "./server/server-config.ts", "./server/index.ts"];
const serverOrder = "server/: contracts → platform → db → leads → mail → intake | staff | site → publish → studio → app.ts → index.ts";
const serverZones = [
  ...serverLayers.flatMap(({ name, level }) => [
    ...serverLayers
      .filter((other) => other.level > level || (other.level === level && other.name !== name))
      .map((other) => ({
        target: `./server/${name}`,
        from: `./server/${other.name}`,
        message:
          other.level === level
            ? `server/${name} never imports server/${other.name}: siblings share what they need through a layer below (${serverOrder}).`
            : `server/${name} is below server/${other.name} (${serverOrder}).`,
      })),
    ...serverTops.map((top) => ({ target: `./server/${name}`, from: top, message: `server/${name} is below ${top.slice(2)} (${serverOrder}).` })),
  ]),
  ...["./server/app.ts", "./server/server-config.ts"].map((target) => ({
    target,
    from: "./server/index.ts",
    message: `${target.slice(2)} is below server/index.ts (${serverOrder}).`,
  })),
  ...["./scripts", "./test-support"].map((from) => ({
    target: "./server",
    from,
    message: `server/ production code never imports ${from.slice(2)}/ (tests may; decision 0082).`,
  })),
];

export default tseslint.config(
  { ignores: ["build/", ".test-builds/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "outbox/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".mjs", ".js", ".d.mts"], alias: { "~": [app] } })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones }],
    },
  },
  {
    files: ["server/**/*.{ts,tsx}"],
    ignores: ["server/**/*.test.ts"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...zones, ...serverZones] }],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  // One import style (decision 0146). The app's components, features and routes, which only Vite and
  // Vitest load, reach the rest of app/ by `~/`; what Node loads directly (server/, scripts/, e2e/,
  // the configs, app/content, app/lib/contracts, the build steps' `.server` modules and what they
  // import) imports by relative paths, which resolve without Vite's alias.
  {
    files: ["app/components/**/*.{ts,tsx}", "app/features/**/*.{ts,tsx}", "app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    ignores: ["**/*.server.ts", "**/*.server.test.ts", "app/features/gallery/gallery-data.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(?:\\.\\./)+(?!\\.\\./)(?!test-support/|fixtures/|server/|scripts/)", message: "Import from elsewhere in app/ by ~/ (decision 0146)." },
          ],
        },
      ],
    },
  },
  {
    files: [
      "server/**/*.{ts,tsx}",
      "scripts/**/*.{ts,mjs}",
      "e2e/**/*.ts",
      "test-support/**/*.ts",
      "studio/**/*.{ts,tsx}",
      "app/content/**/*.ts",
      "app/lib/contracts/**/*.ts",
      "*.config.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^~/",
              message: "Outside the app's browser modules, import by a relative path: Node loads this module without Vite's ~/ alias (decision 0146).",
            },
          ],
        },
      ],
    },
  },
  {
    // Every variable is declared and read in one module (docs/decisions/0040-one-environment-schema.md).
    // Exempt: tests and the test and benchmark tooling, which set up child processes' environments
    // and read only their own variables (toolingVariables in that module, docs/environment.md).
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: [
      "app/lib/contracts/environment.server.ts",
      "**/*.test.{ts,tsx,mjs}",
      "e2e/**",
      "scripts/test-setup/**",
      "scripts/bench/**",
      "test-support/**",
      "playwright.config.ts",
      "vitest.config.ts",
      "vitest.setup.ts",
    ],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message:
            "Read environment variables through app/lib/contracts/environment.server.ts (readEnvironment, readVariable, contentDir, buildDir…), where each is declared once.",
        },
      ],
    },
  },
);
