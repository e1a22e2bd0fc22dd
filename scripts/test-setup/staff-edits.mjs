// The staff-edit check (decision 0054): a copy of the company's content/ with the edits
// staff make in the studio every week, built, and the end-to-end tests whose result depends on the
// content run against it: those tagged @content (e2e/content-tag.ts, decision 0140; the others ran on the fixture).
// They must stay green: no test may depend on what the company's content says today.
//
//   node scripts/test-setup/staff-edits.mjs               copy, edit, build, run Playwright
//   node scripts/test-setup/staff-edits.mjs --keep        …and keep the edited copy, to look at it
//   node scripts/test-setup/staff-edits.mjs --build-only  copy, edit and build into .test-builds/
//   node scripts/test-setup/staff-edits.mjs --prebuilt    run Playwright on what --build-only made
//
// `npm test` builds the copy beside the other builds (scripts/test-setup/build-test-sites.mjs) and
// runs Playwright on it later with --prebuilt: two builds side by side use both cores (decision 0118).
//
// Each edit is written as the studio writes it (Keystatic's files: YAML, Markdoc with a YAML header,
// photos under media/<type>/<entry>/…) and picks its target from what the content holds, so the
// check keeps working as the company's content changes. An edit that cannot be made says why.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { parse, stringify } from "yaml";

const projectDir = resolve(import.meta.dirname, "../..");

const readYaml = async (file) => parse(await readFile(file, "utf8"));
const writeYaml = (file, value) => writeFile(file, stringify(value, { lineWidth: 0 }));

/** A Markdoc file as the studio writes it: its YAML header, then the text. */
async function readMdoc(file) {
  const [, header, body] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(await readFile(file, "utf8")) ?? [];
  if (header === undefined) throw new Error(`${file}: no YAML header`);
  return { data: parse(header), body };
}
const writeMdoc = (file, { data, body }) => writeFile(file, `---\n${stringify(data, { lineWidth: 0 }).trimEnd()}\n---\n${body}`);

/** The entries of a collection folder, in their `order` (as the site shows them). */
async function ordered(dir, ext) {
  const files = (await readdir(dir)).filter((f) => f.endsWith(ext));
  const entries = await Promise.all(
    files.map(async (file) => {
      const path = join(dir, file);
      const data = ext === ".mdoc" ? (await readMdoc(path)).data : await readYaml(path);
      return { slug: file.slice(0, -ext.length), path, order: Number(data.order ?? 0) };
    }),
  );
  return entries.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
}

const isoDay = (date) => date.toISOString().slice(0, 10);

/** Photos the static gallery pages show (content/gallery/showcases.yaml): their items must stay. */
async function showcasedPhotos(content) {
  const showcases = await readYaml(join(content, "gallery/showcases.yaml"));
  return Object.values(showcases).flatMap((page) => (page.cards ?? []).map((card) => card.image));
}

/**
 * Applies the staff edits to the content folder `content` (a copy: it is changed in place) and
 * returns one line per edit saying what it did. `today` decides what "expired" means.
 */
export async function applyStaffEdits(content, { today = new Date() } = {}) {
  const done = [];
  const say = (line) => done.push(line);
  const showcased = await showcasedPhotos(content);
  const isShowcased = (family, item) => showcased.some((path) => path.startsWith(`/media/gallery/${family}/${item}/`));

  // 1. Delete three FAQ entries (the last three; one always stays: the page needs a question).
  const faq = await ordered(join(content, "faq"), ".mdoc");
  const doomed = faq.slice(Math.max(1, faq.length - 3));
  for (const entry of doomed) await rm(entry.path);
  say(`FAQ: deleted ${doomed.map((e) => e.slug).join(", ")} (${faq.length} → ${faq.length - doomed.length} questions)`);

  // 2. Add a new FAQ entry at the end, with bold text and a link.
  const last = faq.length - doomed.length;
  await writeFile(
    join(content, "faq/samples-before-order.mdoc"),
    `---\nquestion: Can we see samples before we order?\norder: ${Math.max(0, ...faq.map((e) => e.order)) + 1}\n---\nYes. We send **pre-production samples** within 7 days; write to us at {site.email} or read more on [our services page](https://www.example.com/ourservices).\n`,
  );
  say(`FAQ: added samples-before-order (${last} → ${last + 1} questions)`);

  // 3. Add a gallery item with a photo (a phone camera's JPEG), first in the first family.
  const families = await ordered(join(content, "gallery/families"), ".yaml");
  if (families.length < 2) throw new Error("staff edits: the content needs two gallery families (one is deleted below)");
  const first = families[0].slug;
  const newItem = "organic-cotton-tote";
  const photoDir = join(content, `media/gallery/${first}/${newItem}/photos/0`);
  await mkdir(photoDir, { recursive: true });
  await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#6b8f71" } })
    .composite([{ input: Buffer.from('<svg width="2400" height="1800"><rect x="700" y="400" width="1000" height="1100" rx="60" fill="#f3efe3"/></svg>') }])
    .jpeg({ quality: 85 })
    .toFile(join(photoDir, "image.jpg"));
  await mkdir(join(content, `gallery/items/${first}`), { recursive: true });
  await writeYaml(join(content, `gallery/items/${first}/${newItem}.yaml`), {
    label: "Organic Cotton Tote",
    order: 0,
    photos: [{ image: `/media/gallery/${first}/${newItem}/photos/0/image.jpg`, title: "Organic Cotton Tote, natural" }],
  });
  say(`Gallery: added ${first}/${newItem} with a 2400×1800 JPEG photo`);

  // 4. Delete a whole gallery family with its items and photos: the last one none of whose photos
  //    a static gallery page shows (deleting those first is a different edit, refused with a message).
  const gallery = await Promise.all(
    families.map(async (f) => ({
      ...f,
      items: (await readdir(join(content, "gallery/items", f.slug)).catch(() => [])).map((n) => n.replace(/\.yaml$/, "")).sort(),
    })),
  );
  const removable = gallery.filter((f) => f.slug !== first && !f.items.some((item) => isShowcased(f.slug, item))).at(-1);
  if (!removable) throw new Error("staff edits: every gallery family but the first has a photo on a static gallery page");
  await rm(removable.path);
  await rm(join(content, "gallery/items", removable.slug), { recursive: true, force: true });
  await rm(join(content, "media/gallery", removable.slug), { recursive: true, force: true });
  say(`Gallery: deleted the family ${removable.slug} and its ${removable.items.length} items`);

  // 5. Rename an item (its page address): the studio moves the entry and its photos and rewrites their paths.
  const renamable = (f, item) => item !== newItem && !isShowcased(f.slug, item);
  const renameFamily = gallery.find((f) => f.slug !== removable.slug && f.items.some((item) => renamable(f, item)));
  if (!renameFamily) throw new Error("staff edits: no gallery item to rename that no static gallery page shows");
  const oldItem = renameFamily.items.find((item) => renamable(renameFamily, item));
  const newName = `${oldItem}-classic`;
  const itemFile = join(content, `gallery/items/${renameFamily.slug}/${oldItem}.yaml`);
  const item = await readYaml(itemFile);
  item.label = `${item.label} Classic`;
  item.photos = item.photos.map((p) => ({
    ...p,
    image: p.image.replace(`/media/gallery/${renameFamily.slug}/${oldItem}/`, `/media/gallery/${renameFamily.slug}/${newName}/`),
  }));
  await writeYaml(join(content, `gallery/items/${renameFamily.slug}/${newName}.yaml`), item);
  await rm(itemFile);
  await rename(join(content, `media/gallery/${renameFamily.slug}/${oldItem}`), join(content, `media/gallery/${renameFamily.slug}/${newName}`));
  say(`Gallery: renamed ${renameFamily.slug}/${oldItem} to ${renameFamily.slug}/${newName} ("${item.label}")`);

  // 6. Add a job opening, and let an open one expire (valid through yesterday).
  const yesterday = new Date(today.getTime() - 86_400_000);
  const jobsDir = join(content, "jobs");
  await mkdir(jobsDir, { recursive: true });
  await writeMdoc(join(jobsDir, "export-documentation-officer.mdoc"), {
    data: {
      title: "Export Documentation Officer",
      department: "Commercial",
      location: { city: "Chattogram", country: "Bangladesh", countryCode: "BD" },
      employmentType: "FULL_TIME",
      datePosted: isoDay(today),
      validThrough: isoDay(new Date(today.getTime() + 60 * 86_400_000)),
      salary: { discriminant: false },
    },
    body: "You prepare the LC, TT and DP documents of our shipments and keep every buyer's paperwork on time.\n\n- two years in export documentation\n- a careful eye for the details of a letter of credit\n",
  });
  const jobs = (await readdir(jobsDir)).filter((f) => f.endsWith(".mdoc") && f !== "export-documentation-officer.mdoc").sort();
  let expired = "none was open";
  for (const file of jobs) {
    const job = await readMdoc(join(jobsDir, file));
    if (String(job.data.validThrough) < isoDay(today)) continue; // already closed
    job.data.validThrough = isoDay(yesterday);
    if (String(job.data.datePosted) > isoDay(yesterday)) job.data.datePosted = isoDay(yesterday);
    await writeMdoc(join(jobsDir, file), job);
    expired = file.replace(/\.mdoc$/, "");
    break;
  }
  say(`Jobs: added export-documentation-officer; expired ${expired} (valid through ${isoDay(yesterday)})`);

  // 7. Change the head office's phone number.
  const offices = await ordered(join(content, "offices"), ".yaml");
  let headOffice;
  for (const office of offices) if ((await readYaml(office.path)).isHeadOffice) headOffice = office;
  if (!headOffice) throw new Error("staff edits: no head office in content/offices");
  const office = await readYaml(headOffice.path);
  const oldPhone = office.phone;
  office.phone = "+880 1999-555111";
  await writeYaml(headOffice.path, office);
  say(`Head office: phone ${oldPhone} → ${office.phone}`);

  // 8. Empty optional fields: a team member's quote, and the video of a gallery family that has one.
  const team = await ordered(join(content, "team"), ".yaml");
  const member = await readYaml(team.at(-1).path);
  member.text = "";
  await writeYaml(team.at(-1).path, member);
  const withVideo = (await Promise.all(gallery.filter((f) => f.slug !== removable.slug).map(async (f) => ({ ...f, data: await readYaml(f.path) })))).find(
    (f) => f.data.video,
  );
  if (withVideo) {
    delete withVideo.data.video;
    await writeYaml(withVideo.path, withVideo.data);
  }
  say(`Optional fields emptied: ${team.at(-1).slug}'s quote${withVideo ? `, the ${withVideo.slug} family's video` : ""}`);

  // 9. Keep applications for a shorter time, rename a form's field, and reword the privacy notice
  //    (a paragraph added to its intro): /privacy must follow all three.
  const career = await readYaml(join(content, "career.yaml"));
  const oldDays = career.retentionDays;
  career.retentionDays = oldDays === 90 ? 120 : 90;
  await writeYaml(join(content, "career.yaml"), career);
  const quote = await readYaml(join(content, "quote.yaml"));
  const oldPhoneLabel = quote.phoneLabel;
  quote.phoneLabel = "Telephone or WhatsApp (optional)";
  await writeYaml(join(content, "quote.yaml"), quote);
  const privacy = await readYaml(join(content, "privacy.yaml"));
  privacy.intro = `${privacy.intro.trimEnd()}\n\nWe wrote this notice in plain words; ask us if anything is unclear.`;
  await writeYaml(join(content, "privacy.yaml"), privacy);
  say(
    `Privacy: applications kept ${oldDays} → ${career.retentionDays} days; quote field "${oldPhoneLabel}" → "${quote.phoneLabel}"; a paragraph added to the privacy notice's intro`,
  );

  // 10. Certificates (decision 0076): add one with a number, and let a valid one expire (valid until yesterday).
  const recordsDir = join(content, "certificate-records");
  await mkdir(recordsDir, { recursive: true });
  const records = await Promise.all(
    (await readdir(recordsDir))
      .filter((f) => f.endsWith(".yaml"))
      .sort()
      .map(async (f) => ({ slug: f.replace(/\.yaml$/, ""), path: join(recordsDir, f), data: await readYaml(join(recordsDir, f)) })),
  );
  const validRecords = records.filter((r) => String(r.data.validUntil) >= isoDay(today));
  const added = "oeko-tex-staff-added";
  await writeYaml(join(recordsDir, `${added}.yaml`), {
    name: "OEKO-TEX STANDARD 100 (dyeing partner)",
    standard: "oeko-tex-100",
    issuedBy: "Testing institute",
    number: "24.HKR.56789",
    holder: "Dyeing partner, Narayanganj",
    scope: "Reactive dyed knitted fabrics, product class II.",
    validFrom: isoDay(yesterday),
    validUntil: isoDay(new Date(today.getTime() + 365 * 86_400_000)),
    verificationLink: "",
  });
  const expiring = validRecords.at(-1);
  if (expiring) {
    expiring.data.validUntil = isoDay(yesterday);
    if (String(expiring.data.validFrom) > isoDay(yesterday)) expiring.data.validFrom = isoDay(yesterday);
    await writeYaml(expiring.path, expiring.data);
  }
  say(`Certificates: added ${added} (24.HKR.56789); expired ${expiring ? expiring.slug : "none was valid"} (valid until ${isoDay(yesterday)})`);

  // 11. Specifications: filled on a product that had none, emptied on one that had them.
  const items = [];
  for (const family of await ordered(join(content, "gallery/families"), ".yaml")) {
    for (const item of await ordered(join(content, "gallery/items", family.slug), ".yaml"))
      items.push({ ...item, family: family.slug, data: await readYaml(item.path) });
  }
  const bare = items.find((i) => i.slug !== newItem && !i.data.specs?.description);
  const specified = items.find((i) => i !== bare && i.data.specs?.description);
  if (!bare || !specified) throw new Error("staff edits: the content needs a product with a specification and one without");
  bare.data.specs = {
    description: "Pull-over hoodie in brushed fleece, edited in the studio.",
    construction: "circular-knit",
    gauge: "",
    material: "",
    compositions: ["80% cotton, 20% polyester"],
    cottonTypes: ["bci"],
    fabricWeight: "300 GSM",
    sizes: "S–XXL",
    customisation: ["print"],
    moqPiecesPerColour: 400,
    leadTimeDays: { from: 50, to: 80 },
    samples: "",
    certificates: [
      added,
      ...validRecords
        .filter((r) => r !== expiring)
        .slice(0, 1)
        .map((r) => r.slug),
    ],
  };
  await writeYaml(bare.path, bare.data);
  specified.data.specs = {
    description: "",
    construction: "",
    gauge: "",
    material: "",
    compositions: [],
    cottonTypes: [],
    fabricWeight: "",
    sizes: "",
    customisation: [],
    moqPiecesPerColour: null,
    leadTimeDays: { from: null, to: null },
    samples: "",
    certificates: [],
  };
  await writeYaml(specified.path, specified.data);
  say(`Specifications: filled on ${bare.family}/${bare.slug} (400 pieces per colour, 50–80 days, ${added}); emptied on ${specified.family}/${specified.slug}`);
  return done;
}

/** Where the edited copy and its build live between --build-only and --prebuilt. */
export const staffEditsBuildDir = join(projectDir, ".test-builds/staff-edits");
const preparedContentDir = join(projectDir, ".test-builds/staff-edits-content");

/** The environment the build and Playwright get for the edited copy at `content`. */
const editedEnv = (content) => ({ ...process.env, CONTENT_DIR: content, BUILD_DIR: staffEditsBuildDir, CLIENT_DIR: join(staffEditsBuildDir, "client") });

/** Copies content/ into `content`, makes the staff's edits and builds it; resolves to whether the build passed. */
async function copyEditAndBuild(content) {
  await rm(content, { recursive: true, force: true });
  await mkdir(resolve(content, ".."), { recursive: true });
  await cp(join(projectDir, "content"), content, { recursive: true });
  console.log(`Staff-edit check: content/ copied to ${content}; the studio's edits:`);
  for (const line of await applyStaffEdits(content)) console.log(`  - ${line}`);
  await rm(staffEditsBuildDir, { recursive: true, force: true });
  // Built here rather than by the e2e server's start, so the build's time is its own (not inside
  // Playwright's time limit for a server to start) and a build that fails says so at once.
  console.log("Building that copy (npm run build:site)…");
  const buildStarted = Date.now();
  const run = spawnSync("npm", ["run", "build:site"], { cwd: projectDir, stdio: "inherit", env: editedEnv(content) });
  if (run.status === 0) console.log(`Built in ${Math.round((Date.now() - buildStarted) / 1000)} s.`);
  return run.status === 0;
}

/** Runs the end-to-end tests that depend on content on the edited copy's build; resolves to the exit code. */
function runContentTests(content, args) {
  console.log("Running the end-to-end tests tagged @content on the staff-edited copy (e2e/content-tag.ts).");
  // playwright.config.ts reads this --grep too: without a tagged staff desk test it starts no staff servers.
  const run = spawnSync("npx", ["playwright", "test", "--grep", "@content", ...args], { cwd: projectDir, stdio: "inherit", env: editedEnv(content) });
  return run.status ?? 1;
}

async function main() {
  const flags = ["--keep", "--build-only", "--prebuilt"];
  const has = (flag) => process.argv.includes(flag);
  const playwrightArgs = process.argv.slice(2).filter((a) => !flags.includes(a));
  if (has("--build-only")) {
    process.exit((await copyEditAndBuild(join(preparedContentDir, "content"))) ? 0 : 1);
  }
  if (has("--prebuilt")) {
    const content = join(preparedContentDir, "content");
    if (!existsSync(content) || !existsSync(join(staffEditsBuildDir, "client"))) {
      console.error("No staff-edited build: run `node scripts/test-setup/staff-edits.mjs --build-only` first (npm test does).");
      process.exit(1);
    }
    process.exit(runContentTests(content, playwrightArgs));
  }
  const work = await mkdtemp(join(tmpdir(), "ssl-staff-edits-"));
  const content = join(work, "content");
  const status = (await copyEditAndBuild(content)) ? runContentTests(content, playwrightArgs) : 1;
  if (!has("--keep")) await rm(work, { recursive: true, force: true });
  else console.log(`Kept the edited copy: ${content}`);
  process.exit(status);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
