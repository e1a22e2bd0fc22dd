// `npm start`: serve the newest build that is up to date with the sources, building one first when
// there is none, without touching what a running server serves (scripts/start-build.mjs, decision 0069).
import { execSync } from "node:child_process";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildSources, ensurePublishedTree, newestMtime, releasesFromBucket, siteCode, siteToServe, studioUpToDate } from "./start-build.mjs";

// Plain Node before anything is built, so the TypeScript schema (app/lib/contracts/environment.server.ts)
// cannot be imported here: its rule for these is applied by hand (empty or blank = the default).
// eslint-disable-next-line no-restricted-properties -- see above
const environment = process.env;
const { CONTENT_DIR, BUILD_DIR, CLIENT_DIR, RELEASES_DIR, STUDIO_DIR, DATA_DIR, PUBLISHED_CONTENT_DIR, KEYSTATIC_STORAGE } = environment;
const buildDir = resolve(BUILD_DIR?.trim() || "build");
const releasesDir = resolve(RELEASES_DIR?.trim() || join(buildDir, "releases"));
const studioDir = resolve(STUDIO_DIR?.trim() || "build/studio");
// CLIENT_DIR given (the e2e runs, a build of fixtures/content elsewhere): that build is served,
// rebuilt in place when it is out of date, as before.
const pinned = !!CLIENT_DIR?.trim();

// What the build is made of: scripts/build (its steps), not the benches or test set-up beside it.
// In local storage the public site is built from the published tree (decision 0159): the studio's
// saves in CONTENT_DIR are drafts until published; the tree is a copy of CONTENT_DIR at the first
// start. GitHub mode builds CONTENT_DIR (the checkout): its drafts are branches.
const workingCopy = resolve(CONTENT_DIR?.trim() || "content");
const local = (KEYSTATIC_STORAGE?.trim() || "local") === "local";
const publishedDir = resolve(PUBLISHED_CONTENT_DIR?.trim() || join(DATA_DIR?.trim() || "data", "published", "content"));
if (local && ensurePublishedTree(workingCopy, publishedDir)) console.log(`Published content: a copy of ${workingCopy} in ${publishedDir} (decision 0159)`);
const contentSource = local ? publishedDir : workingCopy;
const code = siteCode;
const newest = (paths) => Math.max(...paths.map(newestMtime));
// Several machines with a bucket (decision 0162): the content's changes are the elected publisher's
// to build; this start builds only for newer code, and the server follows the bucket's pointer.
const fromBucket = releasesFromBucket(environment, local);

const site = await siteToServe({
  buildDir,
  releasesDir,
  pinned,
  newestSource: () => newest(buildSources({ code, contentSource, fromBucket })),
  buildSite: (dir) => execSync("npm run build:site", { stdio: "inherit", env: { ...environment, BUILD_DIR: dir, CONTENT_DIR: contentSource } }),
});
// The studio (STUDIO_DIR, shared by every build: it holds no content) is made from the code only.
await studioUpToDate({
  studioDir,
  lockDir: buildDir,
  newestCode: () => newest(code),
  buildStudio: () => execSync("npm run build:studio", { stdio: "inherit", env: { ...environment, STUDIO_DIR: studioDir } }),
});

// The server reads these (server/server-config.ts): the chosen build, and the releases beside it,
// and the published tree this start made sure of.
Object.assign(environment, pinned ? { STUDIO_DIR: studioDir } : { CLIENT_DIR: join(site.dir, "client"), RELEASES_DIR: releasesDir, STUDIO_DIR: studioDir });
if (local) environment.PUBLISHED_CONTENT_DIR = publishedDir;
await import(pathToFileURL(join(site.dir, "node/index.mjs")).href);
